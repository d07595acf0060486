// SPDX-License-Identifier: GPL-3.0-or-later
#include "CallPaths.h"

#include "BackgroundCallTree.h"
#include "analysis/CallTree.h"
#include "analysis/OnDemandTimeline.h"
#include "common/RunContext.h"

#include <QEventLoop>
#include <QScopedValueRollback>

CallPaths* CallPaths::of(RunContext* context) {
    auto* paths = context->findChild<CallPaths*>(QString(), Qt::FindDirectChildrenOnly);
    return paths != nullptr ? paths : new CallPaths(context);
}

CallPaths::CallPaths(RunContext* context)
    : QObject(context), context_(context), builder_(new BackgroundCallTree(this)),
      pathCalls_(this, [this](int, PathCalls found) {
          context_->showPathCalls(found.region, std::move(found.calls));
      }) {
    connect(context, &RunContext::runChanged, this, &CallPaths::setRun);
    connect(context, &RunContext::ranksChanged, this, [this] {
        ranks_ = context_->ranks();
        if (available())
            rebuild();
    });
    // A region chosen elsewhere (the table) is highlighted whole.
    connect(context, &RunContext::regionChanged, this, [this] {
        if (!activating_)
            pathCalls_.cancel();
    });
    connect(builder_, &BackgroundCallTree::ready, this, &CallPaths::showTree);
    setRun();
}

bool CallPaths::available() const {
    return context_->run() && context_->run()->hasCallPaths();
}

void CallPaths::setRun() {
    ranks_ = context_->ranks();
    tree_.reset();
    bottomUp_.reset();
    if (available())
        rebuild();
    else
        builder_->cancel();
    emit runChanged();
}

void CallPaths::setShown(const QObject* page, bool shown) {
    if (shown)
        shown_.insert(page);
    else
        shown_.remove(page);
    if (shown && stale_)
        rebuild();
}

void CallPaths::rebuild() {
    tree_.reset();
    bottomUp_.reset();
    stale_ = shown_.isEmpty();
    if (stale_) {
        builder_->cancel();
        return;
    }
    emit building();
    requestTree();
}

void CallPaths::requestTree() {
    const auto& run = context_->run();
    if (auto timeline = run->onDemandTimeline())
        builder_->request(std::move(timeline), ranks_);
    else if (auto remote = run->remoteTimeline())
        builder_->request(std::move(remote), run->results, ranks_);
    else
        builder_->request(run->results, run->index(), ranks_);
}

std::shared_ptr<const scope::CallTree> CallPaths::waitForTree() {
    if (!available())
        return nullptr;
    if (!tree_) {
        if (stale_ || !builder_->busy()) {
            stale_ = false;
            emit building();
            requestTree();
        }
        // The window stays live meanwhile; the build takes well under a second.
        QEventLoop loop;
        connect(this, &CallPaths::treeReady, &loop, &QEventLoop::quit);
        connect(this, &QObject::destroyed, &loop, &QEventLoop::quit);
        loop.exec();
    }
    return tree_;
}

void CallPaths::showTree(std::shared_ptr<const scope::CallTree> tree,
                         std::shared_ptr<const scope::CallTree> bottomUp) {
    if (!available())
        return;
    tree_ = std::move(tree);
    bottomUp_ = std::move(bottomUp);
    stale_ = false;
    emit treeReady();
}

void CallPaths::activateRegion(int region) {
    const QScopedValueRollback<bool> guard(activating_, true);
    context_->activateRegion(region);
}

void CallPaths::highlightPath(const std::vector<std::int32_t>& path) {
    pathCalls_.cancel();
    const auto& run = context_->run();
    // Finding a path's calls needs them in memory: not for runs read on demand.
    if (path.empty() || !run || !run->hasEvents() || !run->index())
        return;
    pathCalls_.startOne([results = run->results, index = run->index(), ranks = ranks_,
                         path](const std::atomic<bool>&) {
        return PathCalls{path.back(),
                         std::make_shared<const std::vector<bool>>(
                             scope::CallTree::callsOnPath(*results, *index, ranks, path))};
    });
}
