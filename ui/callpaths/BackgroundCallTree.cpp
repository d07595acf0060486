// SPDX-License-Identifier: GPL-3.0-or-later
#include "BackgroundCallTree.h"

#include "analysis/CallTree.h"
#include "analysis/OnDemandTimeline.h"
#include "analysis/TimelineIndex.h"

#include <QtConcurrent/QtConcurrentRun>

BackgroundCallTree::BackgroundCallTree(QObject* parent)
    : QObject(parent), watcher_(new QFutureWatcher<Trees>(this)) {
    connect(watcher_, &QFutureWatcherBase::finished, this, [this] {
        // A build cancelled once it had finished, its result already on the
        // way here, is as stale as one stopped midway.
        if (cancel_ && cancel_->load())
            return;
        const auto future = watcher_->future();
        if (!future.isCanceled() && future.resultCount() > 0 && future.result().topDown)
            emit ready(future.result().topDown, future.result().bottomUp);
    });
}

BackgroundCallTree::~BackgroundCallTree() {
    cancel();
    watcher_->waitForFinished();
}

void BackgroundCallTree::cancel() {
    if (cancel_)
        cancel_->store(true);
}

void BackgroundCallTree::request(std::shared_ptr<const scope::ProfilingResults> results,
                                 std::shared_ptr<const scope::TimelineIndex> index,
                                 const scope::RankSelection& ranks) {
    cancel();
    if (!results || !index)
        return;
    start([results, index, ranks](const std::atomic<bool>* stop) {
        return scope::CallTree::build(*results, *index, ranks, 0, stop);
    });
}

void BackgroundCallTree::request(std::shared_ptr<const scope::OnDemandTimeline> timeline,
                                 const scope::RankSelection& ranks) {
    cancel();
    if (!timeline)
        return;
    start([timeline, ranks](const std::atomic<bool>* stop) {
        return timeline->callTree(ranks, stop);
    });
}

void BackgroundCallTree::start(std::function<scope::CallTree(const std::atomic<bool>*)> build) {
    cancel_ = std::make_shared<std::atomic<bool>>(false);
    watcher_->setFuture(QtConcurrent::run([build = std::move(build), stop = cancel_]() -> Trees {
        auto tree = std::make_shared<scope::CallTree>(build(stop.get()));
        if (stop->load())
            return {};
        auto bottomUp = std::make_shared<scope::CallTree>(tree->bottomUp());
        return stop->load() ? Trees{} : Trees{std::move(tree), std::move(bottomUp)};
    }));
}
