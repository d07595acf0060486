// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "compare/RunComparison.h"

#include <QStringList>
#include <QWidget>

#include <optional>
#include <utility>
#include <vector>

class QCPBars;
class QCPBarsGroup;
class QCPTextElement;
class QCustomPlot;
class QLabel;
class QStackedLayout;

// The regions every run has, side by side: one group of bars per region, one
// bar per run, for the average, min, max or total duration (what
// `scope-profiler pproc` draws as durations_plot). Runs keep their colour and
// legend entry in the order of the comparison. Regions are sorted by their
// largest value over the runs, largest first; the duration axis is
// logarithmic by default when the values span more than a factor 100 (else a
// region under a millisecond is a flat line beside `main`), and hovering a bar
// tells its region, run and value.
class ComparisonBarChart : public QWidget {
    Q_OBJECT
public:
    explicit ComparisonBarChart(QWidget* parent = nullptr);

    void setRuns(std::vector<const scope::ProfilingResults*> runs, const QStringList& labels);
    // Total, Average, Min or Max; Calls is not a duration and is refused.
    void setMetric(scope::ComparisonMetric metric);
    scope::ComparisonMetric metric() const { return metric_; }
    // The user's choice of scale; it sticks over new runs and statistics.
    void setLogScale(bool on);
    bool logScale() const { return logScale_; }
    // What the scale would be without a choice: logarithmic when the largest
    // plotted value is more than 100 times the smallest positive one.
    bool logScaleByDefault() const { return logByDefault_; }

    QCustomPlot* plot() const { return plot_; }
    // For tests and exports: the regions along the x axis, the bars of one run
    // (key = region position, value = seconds), and the message shown instead
    // of the plot ("" while the plot is shown).
    QStringList regions() const { return regions_; }
    QCPBars* bars(int run) const;
    bool hasBars() const { return !regions_.isEmpty(); }
    QString message() const;
    // The bar under a point of the plot (run, region position), whatever its
    // height, so that a bar of a few pixels can be hovered too; and its tooltip.
    std::optional<std::pair<int, int>> barAt(const QPointF& position) const;
    QString toolTipFor(int run, int region) const;

    // A distinct colour per position in the comparison.
    static QColor runColor(int run);

signals:
    // The scale changed, by default or by setLogScale.
    void logScaleChanged(bool on);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void rebuild();
    void applyScale();
    void showMessage(const QString& text);

    std::vector<const scope::ProfilingResults*> runs_;
    QStringList labels_;
    scope::ComparisonMetric metric_ = scope::ComparisonMetric::Average;
    QStringList regions_;
    std::vector<QCPBars*> bars_;
    std::vector<std::vector<std::optional<double>>> values_; // [region][run], seconds
    std::optional<bool> chosenLog_;
    bool logScale_ = false;
    bool logByDefault_ = false;

    QStackedLayout* stack_ = nullptr;
    QLabel* message_ = nullptr;
    QCustomPlot* plot_ = nullptr;
    QCPTextElement* title_ = nullptr;
    QCPBarsGroup* group_ = nullptr;
};
