// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "HeatmapView.h"
#include "charts/PaintedSurface.h"
#include "common/AnalysisPage.h"

class RunContext;

// Every rank against every region, beside the table; a cell chooses its
// region and rank everywhere.
class HeatmapPage : public AnalysisPage {
public:
    explicit HeatmapPage(QWidget* parent);

    static Description describe();
    QWidget* widget() override { return heatmap_; }
    void bind(RunContext* context) override;
    ChartSurface* surface() override { return &surface_; }
    QList<QWidget*> chartWidgets() override { return {heatmap_}; }

    HeatmapView* heatmap() const { return heatmap_; }

private:
    HeatmapView* heatmap_;
    RunContext* context_ = nullptr;
    PaintedSurface<HeatmapView> surface_;
};
