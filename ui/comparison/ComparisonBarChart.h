// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "compare/RegionChange.h"
#include "compare/RunComparison.h"

#include <QStringList>
#include <QWidget>

#include <optional>
#include <utility>
#include <vector>

class QCPBars;
class QCPBarsGroup;
class QCPErrorBars;
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
//
// With the significance of each run's changes (setReports) for the plotted
// statistic, every bar but the baseline's has a whisker: the 95 % interval of
// its change applied to the baseline's value; bars of regions that did not
// really change are pale.
class ComparisonBarChart : public QWidget {
    Q_OBJECT
public:
    explicit ComparisonBarChart(QWidget* parent = nullptr);

    void setRuns(std::vector<const scope::ProfilingResults*> runs, const QStringList& labels);
    // Per run of the set (the baseline's entry empty), as
    // ComparisonTableModel::setReports; used while the report's statistic is
    // the chart's.
    void setReports(const std::vector<std::optional<scope::DiffReport>>& perRun);
    // Total, Average, Min, Max, RankMean or SlowestRank; Calls is not a
    // duration and is refused.
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
    // The pale bars of a run's unchanged regions (drawn over its bars) and the
    // whiskers of its intervals (value ± error = the interval's ends; NaN
    // where the region has no interval); null without reports.
    QCPBars* unchangedBars(int run) const;
    QCPErrorBars* whiskers(int run) const;
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
    void addSignificance(const std::vector<scope::ComparisonRow>& rows, double width);
    const scope::RegionChange* change(int run, const std::string& region) const;

    std::vector<const scope::ProfilingResults*> runs_;
    QStringList labels_;
    scope::ComparisonMetric metric_ = scope::ComparisonMetric::Average;
    QStringList regions_;
    std::vector<QCPBars*> bars_;
    std::vector<QCPBars*> unchanged_;
    std::vector<QCPErrorBars*> whiskers_;
    std::vector<std::optional<scope::DiffReport>> reports_;
    std::vector<std::vector<std::optional<double>>> values_; // [region][run], seconds
    std::optional<bool> chosenLog_;
    bool logScale_ = false;
    bool logByDefault_ = false;

    QStackedLayout* stack_ = nullptr;
    QLabel* message_ = nullptr;
    QCustomPlot* plot_ = nullptr;
    QCPTextElement* title_ = nullptr;
    QCPBarsGroup* group_ = nullptr;
    // The same places as group_, for the pale bars over the unchanged ones.
    QCPBarsGroup* unchangedGroup_ = nullptr;
};
