// SPDX-License-Identifier: GPL-3.0-or-later
#include "EventsStack.h"

#include "EventsUnavailablePanel.h"
#include "RunContext.h"
#include "RunPath.h"

EventsStack::EventsStack(QWidget* view, QWidget* parent)
    : QStackedWidget(parent), view_(view), panel_(new EventsUnavailablePanel(this)) {
    addWidget(view_);
    addWidget(panel_);
}

void EventsStack::bind(RunContext* context) {
    context_ = context;
    connect(context, &RunContext::eventsLoadingChanged, this,
            [this] { panel_->setLoading(context_->eventsLoading()); });
    connect(panel_, &EventsUnavailablePanel::loadEventsRequested, context, [this] {
        context_->setEventsLoading(true);
        context_->requestEvents();
    });
}

void EventsStack::showView(bool available) {
    const auto& run = context_->run();
    setCurrentWidget(available ? view_ : panel_);
    if (!available) {
        if (run && run->readOnDemand())
            panel_->setOverBudget(run->memoryBudget);
        else if (run && run->isRemote() && !run->canLoadEvents())
            panel_->setRemote(RunPath::host(run->path));
        else if (run && run->canLoadEvents() && run->callsUnread != RunData::CallsUnread::No)
            panel_->setCallsUnread(run->callsUnread == RunData::CallsUnread::Cancelled);
        else
            panel_->setReason(run && run->canLoadEvents());
    }
    // The panel would say "opened summary-only" and offer to load the
    // events, which are already on their way.
    if (context_->readStage())
        panel_->setBuilding(true);
}
