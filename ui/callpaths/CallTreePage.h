// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/AnalysisPage.h"

class CallPaths;
class CallTreeView;
class EventsStack;
class EventsUnavailablePanel;

// The call tree of the selected ranks, below the table; without call paths
// the reason and "Load events" (or "Reload" for a run read on demand whose
// timeline could not be built).
class CallTreePage : public AnalysisPage {
public:
    explicit CallTreePage(QWidget* parent);
    static Description describe();

    QWidget* widget() override;
    void bind(RunContext* context) override;
    void setCurrent(bool current) override;
    void restoreChoices() override;

    CallTreeView* view() const { return view_; }
    EventsUnavailablePanel* eventsPanel() const;
    // The tree as CSV, built first if need be. False with the reason in `error`.
    bool writeCsv(const QString& path, QString* error);

private:
    void showRun();

    CallTreeView* view_;
    EventsStack* stack_;
    RunContext* context_ = nullptr;
    CallPaths* paths_ = nullptr;
};
