// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/LatestJob.h"
#include "model/RankSelection.h"

#include <QObject>

#include <atomic>
#include <functional>
#include <memory>

namespace scope {
struct CallTree;
class OnDemandTimeline;
class ProfilingResults;
class RemoteTimeline;
class TimelineIndex;
} // namespace scope

// Builds a run's call tree on a worker thread, for the selected ranks: a
// quarter of a second on 19 M calls, which the UI thread must not wait for.
// A newer request cancels the one in flight; ready() brings the newest.
class BackgroundCallTree : public QObject {
    Q_OBJECT
public:
    explicit BackgroundCallTree(QObject* parent = nullptr);
    ~BackgroundCallTree() override;

    // The index must stay alive as long as the results (RunData holds both).
    void request(std::shared_ptr<const scope::ProfilingResults> results,
                 std::shared_ptr<const scope::TimelineIndex> index,
                 const scope::RankSelection& ranks);
    // A run read on demand: merged from the per-rank trees its timeline kept.
    void request(std::shared_ptr<const scope::OnDemandTimeline> timeline,
                 const scope::RankSelection& ranks);
    // A run on another host: merged from the per-rank trees that came with
    // its timeline.
    void request(std::shared_ptr<const scope::RemoteTimeline> timeline,
                 std::shared_ptr<const scope::ProfilingResults> results,
                 const scope::RankSelection& ranks);
    void cancel();
    bool busy() const { return job_.busy(); }

    // The tree and its bottom-up view, both built off the UI thread.
    struct Trees {
        std::shared_ptr<const scope::CallTree> topDown;
        std::shared_ptr<const scope::CallTree> bottomUp;
    };

signals:
    void ready(std::shared_ptr<const scope::CallTree> topDown,
               std::shared_ptr<const scope::CallTree> bottomUp);

private:
    void start(std::function<scope::CallTree(const std::atomic<bool>*)> build);

    LatestJob<Trees> job_;
};
