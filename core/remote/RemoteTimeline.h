// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "RemoteWindow.h"
#include "analysis/CallTree.h"
#include "analysis/TimelineSource.h"
#include "model/RankSelection.h"

#include <atomic>
#include <condition_variable>
#include <list>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace scope {

class PartialTimeline;
class RemoteExchange;

// The whole-run timeline of a run on another host: its coarse levels arrived
// with the results (`coarse`); a zoom finer than those asks the helper there,
// over the connection kept open, for the spans of the lanes being drawn
// (RemoteWindow), in the background. Until they arrive the finest coarse
// level stands in (query returns false) and the refined callback says when
// to ask again. The spans are the host's: exactly what its timeline gives
// (calls read on demand there); their event indices are the host's and name
// no call here. A dropped connection leaves the stand-in, and readError()
// says why. Queries from any thread.
class RemoteTimeline final : public TimelineSource {
public:
    // `rankTrees`: the call tree of each rank of `coarse`, ascending, or
    // none. `regions` and maxBytes check what arrives (maxBytes 0 = no limit;
    // the answers kept here hold at most a quarter of it, or 64 MiB).
    RemoteTimeline(std::shared_ptr<const PartialTimeline> coarse, std::vector<CallTree> rankTrees,
                   std::shared_ptr<RemoteExchange> exchange, std::size_t regions,
                   std::uint64_t maxBytes);
    ~RemoteTimeline() override;
    RemoteTimeline(const RemoteTimeline&) = delete;
    RemoteTimeline& operator=(const RemoteTimeline&) = delete;

    std::span<const TimelineLane> lanes() const override;
    std::optional<std::size_t> lane(std::uint32_t rank, std::uint32_t depth) const override;
    std::vector<std::int64_t> laneKeys(std::uint32_t rank) const override;
    std::optional<std::size_t> laneOf(std::uint32_t rank, std::int64_t key,
                                      std::uint32_t depth) const override;
    std::vector<std::uint32_t> ranks() const override;
    int maxDepth(std::uint32_t rank) const override;
    int maxDepth() const override;
    bool empty() const override;
    std::int64_t startNs() const override;
    std::int64_t endNs() const override;

    bool query(std::size_t lane, std::int64_t t0Ns, std::int64_t t1Ns, double nsPerPixel,
               std::vector<TimelineSpan>& out) const override;
    std::optional<TimelineSpan> hitTest(std::size_t lane, std::int64_t timeNs,
                                        double nsPerPixel) const override;
    void setRefinedCallback(std::function<void()> callback) const override;

    const PartialTimeline& coarse() const { return *coarse_; }
    // The call tree of the selected ranks of `results` (the run's), merged
    // from the trees the host sent, as OnDemandTimeline::callTree does: no
    // call crosses. Empty and finished once `cancel` is set.
    bool hasCallTrees() const { return !rankTrees_.empty(); }
    CallTree callTree(const ProfilingResults& results, const RankSelection& ranks = {},
                      const std::atomic<bool>* cancel = nullptr) const;
    std::string readError() const override;
    // Bytes received over the connection, the first results and the answers
    // to questions (RemoteCalls) included.
    std::uint64_t bytesReceived() const;
    // Blocks until no zoom is asked or on its way. For tests: the UI never waits.
    void waitIdle() const override;

private:
    std::shared_ptr<const RemoteWindow> windowFor(std::size_t lane, std::int64_t t0,
                                                  std::int64_t t1, double nsPerPixel) const;
    void ask(std::size_t lane, std::int64_t t0, std::int64_t t1, double nsPerPixel) const;
    void work();

    std::shared_ptr<const PartialTimeline> coarse_;
    std::vector<CallTree> rankTrees_;
    std::shared_ptr<RemoteExchange> exchange_;
    std::size_t regions_ = 0;
    std::uint64_t maxBytes_ = 0;
    std::size_t keptBytes_ = 0; // budget of windows_

    mutable std::mutex mutex_;
    mutable std::condition_variable changed_;
    mutable std::list<std::shared_ptr<const RemoteWindow>> windows_; // most recent first
    mutable std::optional<RemoteWindow> pending_;
    mutable std::optional<RemoteWindow> asking_;
    mutable std::function<void()> refined_;
    mutable std::string error_;
    mutable bool stop_ = false;
    std::atomic<bool> stopping_{false}; // ends a zoom on its way
    std::thread worker_;
};

} // namespace scope
