// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/PlotSurface.h"
#include "common/AnalysisPage.h"

class RegionCallsChart;
class RunContext;

// A page of one region's single calls (the histogram, the durations over
// time). They go through every call of the region, so they follow the
// selection only while their tab is current, and catch up when it becomes so
// or when an export asks for the chart.
class RegionCallsPage : public AnalysisPage {
public:
    QWidget* widget() override;
    void bind(RunContext* context) override;
    void setCurrent(bool current) override;
    void drawNow() override;
    ChartSurface* surface() override { return &surface_; }
    QList<QWidget*> chartWidgets() override;

protected:
    // Why the chart cannot be saved: `reading` while its calls are read,
    // `noCalls` when nothing is drawn, `needsCalls` when the run has no
    // per-call data.
    struct Reasons {
        QString reading;
        QString noCalls;
        QString needsCalls;
    };
    RegionCallsPage(Description description, RegionCallsChart* chart, Reasons reasons);
    RegionCallsChart* chart() const { return chart_; }

private:
    void catchUp();
    QString unavailable();

    RegionCallsChart* chart_;
    Reasons reasons_;
    RunContext* context_ = nullptr;
    bool current_ = false;
    PlotSurface surface_;
};
