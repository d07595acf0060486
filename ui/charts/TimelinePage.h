// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "TimelineSurface.h"
#include "common/AnalysisPage.h"
#include "common/RunData.h"

#include <memory>

class EventsStack;
class EventsUnavailablePanel;
class TimelineView;

// Every call of the selected ranks against time, first below the table; a
// run without its calls shows why and offers to load them. A table-first
// open shows "Building the timeline…", then the ranks built so far, then the
// complete timeline at the zoom the user chose meanwhile.
class TimelinePage : public AnalysisPage {
public:
    explicit TimelinePage(QWidget* parent);
    ~TimelinePage() override;
    static Description describe();

    QWidget* widget() override;
    void bind(RunContext* context) override;
    ChartSurface* surface() override { return surface_.get(); }
    QList<QWidget*> chartWidgets() override;
    void drawNow() override;

    TimelineView* timeline() const { return timeline_; }
    // Shown instead of the timeline when the run has no calls to draw.
    EventsUnavailablePanel* eventsPanel() const;
    // The timeline, not the panel, shows this run.
    bool drawn() const;

private:
    void showRun();
    void showSoFar(std::shared_ptr<const RunData> soFar);
    void drawAfterTable(bool keepView);
    // The timeline shows the run, complete or so far.
    bool drawsTimeline() const;

    TimelineView* timeline_;
    EventsStack* stack_;
    RunContext* context_ = nullptr;
    std::unique_ptr<TimelineSurface> surface_;
    // The run shown before the current one, and the ranks built so far of a
    // read stage, drawn while its calls are indexed.
    std::shared_ptr<const RunData> previous_;
    bool previousWasReadStage_ = false;
    std::shared_ptr<const RunData> soFar_;
};
