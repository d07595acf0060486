// SPDX-License-Identifier: GPL-3.0-or-later
#include "FlameGraphPage.h"

#include "CallPaths.h"
#include "analysis/CallTree.h"
#include "common/EventsStack.h"
#include "common/EventsUnavailablePanel.h"
#include "common/RunContext.h"

#include <QCoreApplication>

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("FlameGraphPage", text);
}

} // namespace

AnalysisPage::Description FlameGraphPage::describe() {
    return {QStringLiteral("flameGraph"), tr("Flame graph"), QString(), Placement::Bottom,
            ChartSurface::Names{tr("Flame Graph"), tr("&Flame Graph…"), QStringLiteral("flame")}};
}

FlameGraphPage::FlameGraphPage(QWidget* parent)
    : AnalysisPage(describe()), flame_(new FlameGraph(parent)),
      stack_(new EventsStack(flame_, parent)),
      surface_(chartNames(), flame_, [this] { return unavailable(); }) {
    surface_.setOffered([](const RunData& run) { return run.hasCallPaths(); });
    stack_->panel()->setNeed(tr("The flame graph needs per-call data."),
                             tr("The flame graph needs every call in memory."));
}

EventsUnavailablePanel* FlameGraphPage::eventsPanel() const {
    return stack_->panel();
}

QWidget* FlameGraphPage::widget() {
    return stack_;
}

void FlameGraphPage::bind(RunContext* context) {
    context_ = context;
    paths_ = CallPaths::of(context);
    QObject::connect(paths_, &CallPaths::runChanged, stack_, [this] { showRun(); });
    QObject::connect(paths_, &CallPaths::treeReady, stack_, [this] {
        const scope::RankSelection& ranks = paths_->ranks();
        flame_->setRanksText(ranks.isAll()
                                 ? tr("all ranks")
                                 : tr("ranks %1").arg(QString::fromStdString(ranks.toString())));
        flame_->setTree(paths_->tree(), context_->results());
    });
    QObject::connect(context, &RunContext::labelChanged, stack_,
                     [this] { flame_->setRunLabel(context_->label()); });
    QObject::connect(flame_, &FlameGraph::regionSelected, stack_,
                     [this](int region) { paths_->activateRegion(region); });
    QObject::connect(flame_, &FlameGraph::nodeSelected, stack_, [this](quint32 node) {
        const auto& tree = paths_->tree();
        if (tree && node != scope::CallTree::kRoot && node < tree->size())
            paths_->highlightPath(tree->path(node));
    });
    stack_->bind(context);
    showRun();
}

void FlameGraphPage::showRun() {
    if (!paths_->available())
        flame_->clear();
    stack_->showView(paths_->available());
}

void FlameGraphPage::drawNow() {
    if (paths_->available())
        paths_->waitForTree();
}

void FlameGraphPage::setCurrent(bool current) {
    paths_->setShown(stack_, current);
}

QString FlameGraphPage::unavailable() {
    const std::shared_ptr<const RunData> run = context_ ? context_->run() : nullptr;
    if (!run)
        return tr("no run is open");
    // A run read on demand has its call paths from its timeline, unless that
    // could not be built.
    if (!run->hasCallPaths())
        return run->readOnDemand()
                   ? tr("the flame graph needs every call in memory or the run's "
                        "timeline, which could not be built")
                   : tr("the flame graph needs per-call data; load the events first");
    if (!paths_->waitForTree())
        return tr("the call paths could not be computed");
    return {};
}
