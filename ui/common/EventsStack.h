// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStackedWidget>

class EventsUnavailablePanel;
class RunContext;

// A view of a run's calls, or in its place the panel saying why the run has
// none to show and offering to load them (or to reload a run read on demand
// whose calls exceed the memory budget). The panel follows the context's
// loading state and sends its button's request through it.
class EventsStack : public QStackedWidget {
    Q_OBJECT
public:
    EventsStack(QWidget* view, QWidget* parent = nullptr);

    EventsUnavailablePanel* panel() const { return panel_; }
    void bind(RunContext* context);
    // The view when it has the context's run to show, else the panel with
    // the reason; "Building the timeline…" while a read stage's calls come.
    void showView(bool available);

private:
    QWidget* view_;
    EventsUnavailablePanel* panel_;
    RunContext* context_ = nullptr;
};
