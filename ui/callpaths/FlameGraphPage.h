// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "FlameGraph.h"
#include "charts/PaintedSurface.h"
#include "common/AnalysisPage.h"

class CallPaths;
class EventsStack;
class EventsUnavailablePanel;

// The call paths of the selected ranks as a flame graph, below the table;
// without call paths the reason and "Load events", like the call tree.
class FlameGraphPage : public AnalysisPage {
public:
    explicit FlameGraphPage(QWidget* parent);
    static Description describe();

    QWidget* widget() override;
    void bind(RunContext* context) override;
    void setCurrent(bool current) override;
    ChartSurface* surface() override { return &surface_; }
    QList<QWidget*> chartWidgets() override { return {flame_}; }
    void drawNow() override;

    FlameGraph* flameGraph() const { return flame_; }
    EventsUnavailablePanel* eventsPanel() const;

private:
    void showRun();
    QString unavailable();

    FlameGraph* flame_;
    EventsStack* stack_;
    RunContext* context_ = nullptr;
    CallPaths* paths_ = nullptr;
    PaintedSurface<FlameGraph> surface_;
};
