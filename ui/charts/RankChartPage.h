// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "PlotSurface.h"
#include "common/AnalysisPage.h"

class RankBarChart;
class RunContext;
class QWidget;

// The selected region per rank, beside the table.
class RankChartPage : public AnalysisPage {
public:
    explicit RankChartPage(QWidget* parent);

    static Description describe();
    QWidget* widget() override;
    void bind(RunContext* context) override;
    ChartSurface* surface() override { return &surface_; }
    QList<QWidget*> chartWidgets() override;

    RankBarChart* chart() const { return chart_; }

private:
    RankBarChart* chart_;
    RunContext* context_ = nullptr;
    PlotSurface surface_;
};
