#pragma once

#include "compare/RunComparison.h"

#include <QStringList>
#include <QWidget>

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
// legend entry in the order of the comparison.
class ComparisonBarChart : public QWidget {
    Q_OBJECT
public:
    explicit ComparisonBarChart(QWidget* parent = nullptr);

    void setRuns(std::vector<const scope::ProfilingResults*> runs, const QStringList& labels);
    // Total, Average, Min or Max; Calls is not a duration and is refused.
    void setMetric(scope::ComparisonMetric metric);
    scope::ComparisonMetric metric() const { return metric_; }

    QCustomPlot* plot() const { return plot_; }
    // For tests and exports: the regions along the x axis, the bars of one run
    // (key = region position, value = seconds), and the message shown instead
    // of the plot ("" while the plot is shown).
    QStringList regions() const { return regions_; }
    QCPBars* bars(int run) const;
    bool hasBars() const { return !regions_.isEmpty(); }
    QString message() const;

    // A distinct colour per position in the comparison.
    static QColor runColor(int run);

private:
    void rebuild();
    void showMessage(const QString& text);

    std::vector<const scope::ProfilingResults*> runs_;
    QStringList labels_;
    scope::ComparisonMetric metric_ = scope::ComparisonMetric::Average;
    QStringList regions_;
    std::vector<QCPBars*> bars_;

    QStackedLayout* stack_ = nullptr;
    QLabel* message_ = nullptr;
    QCustomPlot* plot_ = nullptr;
    QCPTextElement* title_ = nullptr;
    QCPBarsGroup* group_ = nullptr;
};
