// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CallTree.h"
#include "RankLaneTable.h"
#include "TimelinePyramid.h"
#include "TimelineSource.h"
#include "base/ReadControl.h"
#include "model/ProfilingResults.h"
#include "model/RankSelection.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace scope {

class PartialTimeline;
class TimelineIndex;

// What an OnDemandTimeline's build shows on its way: `show` gets the ranks
// built so far, every `every` from the start of the build but not after the
// last rank (the complete timeline follows), on a builder thread that holds
// the build while it runs: it should only hand the snapshot on.
struct TimelineSnapshots {
    std::function<void(std::shared_ptr<const PartialTimeline>)> show;
    std::chrono::milliseconds every{500};
};

// The timeline of a run whose calls stay on disk (results.onDemand): coarse
// zooms from a TimelinePyramid built once, rank by rank; zooms finer than its
// finest level from the calls of a window around the view, read through the
// CallSource on a background thread and kept in a small LRU. Lanes, depths,
// spans and event indices are exactly those of a TimelineIndex over the same
// calls in memory (see query for the coarse levels).
//
// Memory budget B, in shares: the pyramid B/8, the windows B/8, the
// per-row block hulls that find a window's calls B/32, and what is left
// after the CallSource's cache for building ranks (about 32 bytes per call
// of the ranks built at once, two at most). A rank whose calls alone need
// more than that is refused with a ProfileError naming the file and the
// budget: depths come from the nesting of all of a rank's calls at once.
//
// Stored call ids do not come through a CallSource, so calls with identical
// intervals nest by their order in the file (as TimelineIndex does without
// call ids). A zero-length call that encloses a longer call starting before
// a window is not read with that window (its depth shows one less).
class OnDemandTimeline final : public TimelineSource {
public:
    // Builds from the calls behind results->onDemand (which must be set),
    // two ranks at a time, with progress ("building the timeline") and
    // cancellation (ReadCancelled) through `control`. memoryBudget 0 means
    // MemoryBudget::defaultBytes().
    static std::shared_ptr<const OnDemandTimeline>
    build(std::shared_ptr<const ProfilingResults> results, std::uint64_t memoryBudget,
          const ReadControl& control, TimelineSnapshots snapshots = {});
    ~OnDemandTimeline() override;
    OnDemandTimeline(const OnDemandTimeline&) = delete;
    OnDemandTimeline& operator=(const OnDemandTimeline&) = delete;

    std::span<const TimelineLane> lanes() const override { return pyramid_.lanes(); }
    std::optional<std::size_t> lane(std::uint32_t rank, std::uint32_t depth) const override;
    std::optional<std::size_t> laneOf(std::uint32_t rank, std::int64_t key,
                                      std::uint32_t depth) const override;
    std::vector<std::int64_t> laneKeys(std::uint32_t rank) const override {
        return rankLanes_.keys(rank);
    }
    std::vector<std::uint32_t> ranks() const override;
    int maxDepth(std::uint32_t rank) const override;
    int maxDepth() const override;
    bool empty() const override { return pyramid_.lanes().empty(); }
    std::int64_t startNs() const override { return startNs_; }
    std::int64_t endNs() const override { return endNs_; }

    // At nsPerPixel >= the pyramid's finest width: TimelinePyramid::query
    // (true). Finer: exact from a cached window holding [t0Ns, t1Ns) (true);
    // otherwise the finest level's spans (false) while the window is read,
    // the newest request replacing any not yet started. A window too dense
    // for the window budget, or a read that failed, leaves the finest level
    // (true: nothing better will come; readError() says why for a failure).
    bool query(std::size_t lane, std::int64_t t0Ns, std::int64_t t1Ns, double nsPerPixel,
               std::vector<TimelineSpan>& out) const override;
    std::optional<TimelineSpan> hitTest(std::size_t lane, std::int64_t timeNs,
                                        double nsPerPixel) const override;
    void setRefinedCallback(std::function<void()> callback) const override;

    // Everything build() computes from the calls: what a kept index
    // (core/index) stores, so that restore() brings the timeline back
    // without reading a call. Row vectors are in results().rows order.
    struct Parts {
        TimelinePyramid pyramid;
        RankLaneTable rankLanes;
        std::int64_t startNs = 0;
        std::int64_t endNs = 0;
        std::vector<std::optional<std::int64_t>> exclusive;
        std::vector<CallTree> rankTrees; // per entry of rankLanes' ranks, ascending
        std::uint64_t blockCalls = 64;
        std::vector<std::size_t> rowBlockBegin; // rows + 1
        std::vector<std::int64_t> blockMinStart;
        std::vector<std::int64_t> blockMaxReach;
        std::vector<char> rowSorted;
        std::vector<std::int64_t> rowLongest;
        std::vector<std::size_t> rowsByOffset;
    };
    Parts parts() const;
    // The timeline build() gave for these results, from its parts. Throws
    // CorruptProfileError naming the results' path when the parts do not
    // fit the results (row counts, lane ranges, block counts).
    static std::shared_ptr<const OnDemandTimeline>
    restore(std::shared_ptr<const ProfilingResults> results, std::uint64_t memoryBudget,
            Parts parts);

    // One rank built on its own: what the build adds to the timeline for it.
    // With fixed shares (buildRanks), a rank's part depends on its calls and
    // the run's totals alone, so ranks built by several processes (scope-index
    // under mpirun) assemble into the same timeline as ranks built by one.
    struct RankBuild {
        std::uint32_t rank = 0;
        TimelinePyramid::RankPart part;
        CallTree tree;
        std::int64_t startNs = 0;
        std::int64_t endNs = 0;
        struct Row {
            std::size_t row = 0; // into results().rows
            std::optional<std::int64_t> exclusive;
            char sorted = 1;
            std::int64_t longest = 0;
            std::vector<std::int64_t> blockMinStart; // the row's blocks
            std::vector<std::int64_t> blockMaxReach;
        };
        std::vector<Row> rows;
    };
    // Builds `ranks` (ascending; ranks with calls) of results->onDemand,
    // each pyramid level kept within the rank's fixed share of the pyramid's
    // budget (its calls over the run's), with progress and cancellation.
    static std::vector<RankBuild> buildRanks(const std::shared_ptr<const ProfilingResults>& results,
                                             std::uint64_t memoryBudget,
                                             std::span<const std::uint32_t> ranks,
                                             const ReadControl& control);
    // The timeline of every rank with calls, from their builds (any order).
    // Throws CorruptProfileError when a rank with calls is missing or given twice.
    static std::shared_ptr<const OnDemandTimeline>
    assemble(std::shared_ptr<const ProfilingResults> results, std::uint64_t memoryBudget,
             std::vector<RankBuild> builds);

    const ProfilingResults& results() const { return *results_; }
    const TimelinePyramid& pyramid() const { return pyramid_; }
    // The call tree of each rank with calls, ascending, as callTree() merges them.
    const std::vector<CallTree>& rankTrees() const { return rankTrees_; }
    // Exclusive time of every row of results().rows, in their order, from the
    // nesting of each rank's calls (what fillExclusiveTimes gives for the
    // calls in memory); the loader fills the rows the file gave none.
    const std::vector<std::optional<std::int64_t>>& exclusiveByRow() const { return exclusive_; }

    // The call tree of the selected ranks, as CallTree::build gives it for
    // the calls in memory: merged from the per-rank trees built with the
    // pyramid (a few hundred nodes per rank), so no call is read. Empty and
    // finished once `cancel` is set.
    CallTree callTree(const RankSelection& ranks = {},
                      const std::atomic<bool>* cancel = nullptr) const;

    // Blocks until no window is being read or waiting to be. For tests and
    // benchmarks: the UI never waits.
    void waitIdle() const override;
    std::size_t windowBytes() const;
    std::uint64_t windowBudgetBytes() const { return windowBudget_; }
    std::size_t memoryBytes() const;
    // Of the per-rank call trees (within memoryBytes).
    std::size_t treeBytes() const;
    std::string readError() const override;

private:
    struct Window;
    struct Request {
        std::int64_t t0; // asked
        std::int64_t t1;
        std::int64_t from; // to read: wider, so that panning stays inside
        std::int64_t to;
    };
    // One piece of a row's calls to read for a window.
    struct Piece {
        std::size_t row;
        std::uint64_t first;
        std::uint64_t count;
    };
    // Consecutive pieces [begin, end) read by one thread into the window's
    // columns from `out` on.
    struct ReadGroup {
        std::size_t begin;
        std::size_t end;
        std::uint64_t out;
    };
    class Builder;

    // Throws std::invalid_argument unless results->onDemand is set; budget 0
    // means MemoryBudget::defaultBytes().
    OnDemandTimeline(std::shared_ptr<const ProfilingResults> results, std::uint64_t budget);

    std::shared_ptr<const Window> windowFor(std::int64_t t0Ns, std::int64_t t1Ns) const;
    // False when no read will refine [t0Ns, t1Ns).
    bool request(std::int64_t t0Ns, std::int64_t t1Ns) const;
    void work() const;
    std::vector<Piece> piecesFor(std::int64_t from, std::int64_t to) const;
    std::shared_ptr<Window> readWindow(const Request& request, std::uint64_t generation,
                                       bool& tooDense) const;
    // At most `groups` groups of about as many calls, split between rows.
    static std::vector<ReadGroup> groupsOf(const std::vector<Piece>& pieces, std::size_t groups);
    // Reads a group's calls within the window's [t0, t1) into its columns
    // and `rows`; returns how many it kept (fewer when a newer request came).
    std::uint64_t readGroup(const std::vector<Piece>& pieces, const ReadGroup& group,
                            Window& window, std::vector<RankRegion>& rows,
                            std::uint64_t generation) const;
    std::optional<std::size_t> windowLane(const Window& window, std::size_t lane) const;

    std::shared_ptr<const ProfilingResults> results_;
    std::uint64_t budget_ = 0;
    std::uint64_t windowBudget_ = 0;
    TimelinePyramid pyramid_;
    RankLaneTable rankLanes_;
    std::int64_t startNs_ = 0;
    std::int64_t endNs_ = 0;
    std::vector<std::optional<std::int64_t>> exclusive_;
    std::vector<CallTree> rankTrees_; // per rank of rankLanes_

    // Per row (results.rows order), hulls of every block of blockCalls_
    // calls: the earliest start and the latest reach (end, at least start +
    // 1). Finds a window's calls without a per-call index.
    std::uint64_t blockCalls_ = 64;
    std::vector<std::size_t> rowBlockBegin_; // rows + 1
    std::vector<std::int64_t> blockMinStart_;
    std::vector<std::int64_t> blockMaxReach_;
    std::vector<char> rowSorted_;           // starts ascending
    std::vector<std::int64_t> rowLongest_;  // longest reach - start
    std::vector<std::size_t> rowsByOffset_; // rows with calls

    mutable std::mutex mutex_;
    mutable std::condition_variable changed_;
    mutable std::list<std::shared_ptr<const Window>> windows_; // most recent first
    mutable std::size_t windowBytes_ = 0;
    mutable std::optional<Request> pending_;
    mutable std::optional<Request> reading_;
    mutable std::optional<std::pair<std::int64_t, std::int64_t>> tooDense_;
    mutable std::atomic<std::uint64_t> generation_{0};
    mutable std::function<void()> refined_;
    mutable std::string error_;
    mutable bool stop_ = false;
    mutable std::thread worker_;
};

} // namespace scope
