// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/PlotSurface.h"
#include "common/AnalysisPage.h"

class HardwarePane;

// LIKWID counters, line profiles and perf counters, below the table, for
// runs that recorded any of them; its chart is the LIKWID bar chart.
class HardwarePage : public AnalysisPage {
public:
    explicit HardwarePage(QWidget* parent);

    static Description describe();
    QWidget* widget() override;
    void bind(RunContext* context) override;
    bool shownFor(const RunData& run) const override;
    ChartSurface* surface() override { return &surface_; }
    QList<QWidget*> chartWidgets() override;
    void drawNow() override;

    HardwarePane* pane() const { return pane_; }

private:
    HardwarePane* pane_;
    RunContext* context_ = nullptr;
    PlotSurface surface_;
};
