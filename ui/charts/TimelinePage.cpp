// SPDX-License-Identifier: GPL-3.0-or-later
#include "TimelinePage.h"

#include "TimelineView.h"
#include "common/EventsStack.h"
#include "common/RunContext.h"

#include <QCoreApplication>
#include <QTimer>
#include <qcustomplot.h>

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("TimelinePage", text);
}

} // namespace

AnalysisPage::Description TimelinePage::describe() {
    return {QStringLiteral("timeline"), tr("Timeline"), QString(), Placement::Bottom,
            TimelineSurface::names()};
}

TimelinePage::TimelinePage(QWidget* parent)
    : AnalysisPage(describe()), timeline_(new TimelineView(parent)),
      stack_(new EventsStack(timeline_, parent)) {
    surface_ = std::make_unique<TimelineSurface>(
        timeline_,
        [this] {
            if (!context_ || !context_->run())
                return tr("no run is open");
            return drawn() ? QString()
                           : tr("the timeline needs per-call data; load the events first");
        },
        [this] { return context_ && context_->run() && context_->run()->readOnDemand(); });
    surface_->setOffered([](const RunData& run) { return run.canDrawTimeline(); });
}

TimelinePage::~TimelinePage() = default;

EventsUnavailablePanel* TimelinePage::eventsPanel() const {
    return stack_->panel();
}

QWidget* TimelinePage::widget() {
    return stack_;
}

QList<QWidget*> TimelinePage::chartWidgets() {
    return {timeline_->plot()};
}

bool TimelinePage::drawn() const {
    return stack_->currentWidget() == timeline_ && context_ && context_->run() &&
           context_->run()->canDrawTimeline();
}

bool TimelinePage::drawsTimeline() const {
    return (context_ && context_->run() && context_->run()->canDrawTimeline()) || soFar_;
}

void TimelinePage::bind(RunContext* context) {
    context_ = context;
    QObject::connect(context, &RunContext::runChanged, stack_, [this] { showRun(); });
    QObject::connect(context, &RunContext::timelineSoFar, stack_,
                     [this](std::shared_ptr<const RunData> soFar) { showSoFar(std::move(soFar)); });
    QObject::connect(context, &RunContext::ranksChanged, stack_, [this] {
        if (drawsTimeline())
            timeline_->setRanks(context_->ranks());
    });
    QObject::connect(context, &RunContext::regionChanged, stack_, [this] {
        if (drawsTimeline())
            timeline_->setHighlightedRegion(context_->region());
    });
    QObject::connect(context, &RunContext::labelChanged, stack_,
                     [this] { timeline_->setRunLabel(context_->label()); });
    QObject::connect(context, &RunContext::rankActivated, timeline_,
                     &TimelineView::setSelectedRank);
    QObject::connect(context, &RunContext::pathCallsChosen, stack_,
                     [this](int region, std::shared_ptr<const std::vector<bool>> calls) {
                         const auto& run = context_->run();
                         if (run && run->hasEvents() && run->index() &&
                             context_->region() == region)
                             timeline_->setHighlightedCalls(region, std::move(calls));
                     });
    QObject::connect(timeline_, &TimelineView::regionActivated, context,
                     &RunContext::activateRegion);
    stack_->bind(context);
}

void TimelinePage::showRun() {
    const std::shared_ptr<const RunData>& run = context_->run();
    // The ranks drawn so far keep their zoom when the complete timeline of
    // the same file comes.
    const bool keepView =
        previousWasReadStage_ && soFar_ && run && previous_ && run->path == previous_->path;
    previous_ = run;
    previousWasReadStage_ = context_->readStage();
    soFar_.reset();
    const bool draws = run && run->canDrawTimeline();
    if (draws)
        drawAfterTable(keepView);
    else
        timeline_->clear();
    stack_->showView(draws);
}

// The first frame of millions of calls is the costliest paint of an open. It
// waits for the table's numbers (what the user reads first) and then gets an
// event of its own (a timer, not a posted event, which Qt would handle in the
// same batch as the table's paint), so that no single step holds the window
// long.
void TimelinePage::drawAfterTable(bool keepView) {
    QObject::connect(
        context_, &RunContext::tableShowing, stack_,
        [this, run = context_->run(), keepView] {
            QTimer::singleShot(1, stack_, [this, run, keepView] {
                if (context_->run() != run)
                    return; // another run was set meanwhile
                // Ranks first: setRun draws the first frame with them.
                timeline_->setRanks(context_->ranks());
                timeline_->setRun(run->results, run->timeline, keepView);
            });
        },
        Qt::SingleShotConnection);
}

void TimelinePage::drawNow() {
    const std::shared_ptr<const RunData> run = context_ ? context_->run() : nullptr;
    if (!run || !run->canDrawTimeline())
        return;
    timeline_->setRanks(context_->ranks());
    // The whole picture, no region highlighted.
    timeline_->setRun(run->results, run->timeline);
}

void TimelinePage::showSoFar(std::shared_ptr<const RunData> soFar) {
    if (!context_->readStage() || !soFar || !soFar->timeline)
        return;
    const bool first = !soFar_;
    soFar_ = std::move(soFar);
    stack_->setCurrentWidget(timeline_);
    if (first)
        timeline_->setRanks(context_->ranks());
    timeline_->setRun(soFar_->results, soFar_->timeline, !first);
    timeline_->setHighlightedRegion(context_->region());
}
