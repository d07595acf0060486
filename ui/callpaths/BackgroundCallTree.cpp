// SPDX-License-Identifier: GPL-3.0-or-later
#include "BackgroundCallTree.h"

#include "analysis/CallTree.h"
#include "analysis/OnDemandTimeline.h"
#include "analysis/TimelineIndex.h"
#include "remote/RemoteTimeline.h"

BackgroundCallTree::BackgroundCallTree(QObject* parent)
    : QObject(parent), job_(this, [this](int, Trees trees) {
          if (trees.topDown)
              emit ready(trees.topDown, trees.bottomUp);
      }) {}

BackgroundCallTree::~BackgroundCallTree() = default;

void BackgroundCallTree::cancel() {
    job_.cancel();
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

void BackgroundCallTree::request(std::shared_ptr<const scope::RemoteTimeline> timeline,
                                 std::shared_ptr<const scope::ProfilingResults> results,
                                 const scope::RankSelection& ranks) {
    cancel();
    if (!timeline || !results)
        return;
    start([timeline, results, ranks](const std::atomic<bool>* stop) {
        return timeline->callTree(*results, ranks, stop);
    });
}

void BackgroundCallTree::start(std::function<scope::CallTree(const std::atomic<bool>*)> build) {
    job_.startOne([build = std::move(build)](const std::atomic<bool>& stop) -> Trees {
        auto tree = std::make_shared<scope::CallTree>(build(&stop));
        if (stop.load())
            return {};
        auto bottomUp = std::make_shared<scope::CallTree>(tree->bottomUp());
        return {std::move(tree), std::move(bottomUp)};
    });
}
