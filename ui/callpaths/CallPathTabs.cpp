// SPDX-License-Identifier: GPL-3.0-or-later
#include "CallPathTabs.h"

#include "BackgroundCallTree.h"
#include "CallTreeView.h"
#include "FlameGraph.h"
#include "analysis/CallTree.h"
#include "analysis/OnDemandTimeline.h"
#include "common/EventsUnavailablePanel.h"

#include <QEventLoop>
#include <QScopedValueRollback>
#include <QSettings>
#include <QStackedWidget>

namespace {

const QString kPageKey = QStringLiteral("run/eventsPage");

} // namespace

CallPathTabs::CallPathTabs(QWidget* timeline, QWidget* parent)
    : QTabWidget(parent), builder_(new BackgroundCallTree(this)), tree_(new CallTreeView(this)),
      flame_(new FlameGraph(this)), treePanel_(new EventsUnavailablePanel(this)),
      flamePanel_(new EventsUnavailablePanel(this)), pathCalls_(this, [this](int, PathCalls found) {
          emit pathCallsReady(found.region, std::move(found.calls));
      }) {
    treePanel_->setNeed(tr("The call tree needs per-call data."),
                        tr("The call tree needs every call in memory."));
    flamePanel_->setNeed(tr("The flame graph needs per-call data."),
                         tr("The flame graph needs every call in memory."));
    addTab(timeline, tr("Timeline"));
    addTab(page(tree_, treePanel_, &treeStack_), tr("Call tree"));
    addTab(page(flame_, flamePanel_, &flameStack_), tr("Flame graph"));
    // Named so that the remembered page survives pages added after these.
    widget(TimelinePage)->setObjectName(QStringLiteral("timeline"));
    widget(CallTreePage)->setObjectName(QStringLiteral("callTree"));
    widget(FlamePage)->setObjectName(QStringLiteral("flameGraph"));
    restorePage();
    connect(this, &QTabWidget::currentChanged, this, [this] {
        if (!restoring_)
            QSettings().setValue(kPageKey, currentWidget()->objectName());
        if (showsCallPaths() && stale_)
            rebuild();
    });

    connect(builder_, &BackgroundCallTree::ready, this, &CallPathTabs::showTree);
    // The table follows a node chosen here, and tells us back: the chosen
    // node must stay, not jump to the region's costliest one.
    const auto activated = [this](int region) {
        const QScopedValueRollback<bool> guard(activating_, true);
        emit regionActivated(region);
    };
    connect(tree_, &CallTreeView::regionSelected, this, [this, activated](int region) {
        activated(region);
        highlightPath(tree_->currentPath());
    });
    connect(flame_, &FlameGraph::regionSelected, this, activated);
    connect(flame_, &FlameGraph::nodeSelected, this, [this](quint32 node) {
        if (current_ && node != scope::CallTree::kRoot && node < current_->size())
            highlightPath(current_->path(node));
    });
    for (EventsUnavailablePanel* panel : {treePanel_, flamePanel_})
        connect(panel, &EventsUnavailablePanel::loadEventsRequested, this, [this] {
            setEventsLoading(true);
            emit loadEventsRequested();
        });
}

QWidget* CallPathTabs::page(QWidget* view, EventsUnavailablePanel* panel, QStackedWidget** stack) {
    *stack = new QStackedWidget(this);
    (*stack)->addWidget(view);
    (*stack)->addWidget(panel);
    return *stack;
}

void CallPathTabs::setRun(std::shared_ptr<const RunData> run, const scope::RankSelection& ranks) {
    run_ = std::move(run);
    ranks_ = ranks;
    current_.reset();
    const bool events = callPathsAvailable();
    treeStack_->setCurrentWidget(events ? static_cast<QWidget*>(tree_) : treePanel_);
    flameStack_->setCurrentWidget(events ? static_cast<QWidget*>(flame_) : flamePanel_);
    if (!events) {
        builder_->cancel();
        tree_->clear();
        flame_->clear();
        for (EventsUnavailablePanel* panel : {treePanel_, flamePanel_}) {
            // Read on demand without its timeline (its build failed): the
            // paths would need every call at once.
            if (run_ && run_->readOnDemand())
                panel->setOverBudget(run_->memoryBudget);
            else
                panel->setReason(run_ && run_->canLoadEvents());
        }
        return;
    }
    rebuild();
}

void CallPathTabs::setRanks(const scope::RankSelection& ranks) {
    ranks_ = ranks;
    if (callPathsAvailable())
        rebuild();
}

void CallPathTabs::setRunLabel(const QString& label) {
    flame_->setRunLabel(label);
}

void CallPathTabs::setBuilding(bool building) {
    treePanel_->setBuilding(building);
    flamePanel_->setBuilding(building);
}

void CallPathTabs::addPage(QWidget* page, const QString& name, const QString& label,
                           const QString& toolTip) {
    page->setObjectName(name);
    setTabToolTip(addTab(page, label), toolTip);
    restorePage();
}

void CallPathTabs::setPageVisible(QWidget* page, bool visible) {
    {
        // Hiding the page shown moves Qt to another: not the user's choice.
        const QScopedValueRollback<bool> guard(restoring_, true);
        setTabVisible(indexOf(page), visible);
    }
    restorePage();
}

void CallPathTabs::restorePage() {
    const QString name = QSettings().value(kPageKey).toString();
    int index = TimelinePage;
    for (int i = 0; i < count(); ++i)
        if (widget(i)->objectName() == name && isTabVisible(i))
            index = i;
    const QScopedValueRollback<bool> guard(restoring_, true);
    setCurrentIndex(index);
}

bool CallPathTabs::showsCallPaths() const {
    return currentIndex() == CallTreePage || currentIndex() == FlamePage;
}

bool CallPathTabs::callPathsAvailable() const {
    return run_ && run_->hasCallPaths();
}

void CallPathTabs::requestTree() {
    if (auto timeline = run_->onDemandTimeline())
        builder_->request(std::move(timeline), ranks_);
    else
        builder_->request(run_->results, run_->index(), ranks_);
}

// The tree is built when one of its views is shown: while a run opens, the
// table's percentiles and the timeline's first frame have both cores.
void CallPathTabs::rebuild() {
    current_.reset();
    stale_ = !showsCallPaths();
    if (stale_) {
        builder_->cancel();
        return;
    }
    tree_->setBusy(true);
    requestTree();
}

std::shared_ptr<const scope::CallTree> CallPathTabs::waitForTree() {
    if (!callPathsAvailable())
        return nullptr;
    if (!current_) {
        if (stale_ || !builder_->busy()) {
            stale_ = false;
            tree_->setBusy(true);
            requestTree();
        }
        // The window stays live meanwhile; the build takes well under a second.
        QEventLoop loop;
        connect(this, &CallPathTabs::treeReady, &loop, &QEventLoop::quit);
        connect(this, &QObject::destroyed, &loop, &QEventLoop::quit);
        loop.exec();
    }
    return current_;
}

void CallPathTabs::showTree(std::shared_ptr<const scope::CallTree> tree,
                            std::shared_ptr<const scope::CallTree> bottomUp) {
    if (!callPathsAvailable())
        return;
    current_ = std::move(tree);
    stale_ = false;
    tree_->setTree(current_, run_->results, std::move(bottomUp));
    tree_->setBusy(false);
    flame_->setRanksText(ranks_.isAll()
                             ? tr("all ranks")
                             : tr("ranks %1").arg(QString::fromStdString(ranks_.toString())));
    flame_->setTree(current_, run_->results);
    emit treeReady();
}

void CallPathTabs::selectRegion(int region) {
    // A region chosen elsewhere (the table) is highlighted whole.
    if (!activating_)
        pathCalls_.cancel();
    if (current_ && !activating_)
        tree_->selectRegion(region);
}

void CallPathTabs::highlightPath(const std::vector<std::int32_t>& path) {
    pathCalls_.cancel();
    // Finding a path's calls needs them in memory: not for runs read on demand.
    if (path.empty() || !run_ || !run_->hasEvents() || !run_->index())
        return;
    pathCalls_.startOne([results = run_->results, index = run_->index(), ranks = ranks_,
                         path](const std::atomic<bool>&) {
        return PathCalls{path.back(),
                         std::make_shared<const std::vector<bool>>(
                             scope::CallTree::callsOnPath(*results, *index, ranks, path))};
    });
}

void CallPathTabs::setEventsLoading(bool loading) {
    treePanel_->setLoading(loading);
    flamePanel_->setLoading(loading);
}
