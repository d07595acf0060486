// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace scope {

// One rectangle of the timeline: a single call, or the calls narrower than a
// pixel that start in one pixel column, merged. Times are absolute ns as in
// EventColumns.
struct TimelineSpan {
    std::int64_t startNs = 0; // start of the first call
    std::int64_t endNs = 0;   // end of the last call
    std::int32_t region = -1; // index into results.regions; -1 = calls of several regions
    std::uint32_t event = 0;  // index of the first call into results.events
    std::uint32_t count = 1;  // calls in the span

    friend bool operator==(const TimelineSpan&, const TimelineSpan&) = default;
};

// Where a call stops covering the timeline: its end, but a zero-length call
// still reaches one ns so that it is found and drawn.
inline std::int64_t reachOf(std::int64_t startNs, std::int64_t endNs) {
    return endNs > startNs ? endNs : startNs + 1;
}

// The calls of one nesting depth of one thread/task lane of one rank (the
// whole rank in a run that did not track threads). They never overlap, so
// sorted by start they are sorted by end too, which is what makes the binary
// searches of TimelineIndex::query valid.
struct TimelineLane {
    std::uint32_t rank = 0;
    std::uint32_t depth = 0; // 0 = top level
    std::uint32_t begin = 0; // first position of the lane in the index's event order
    std::uint32_t size = 0;  // calls in the lane
    // The thread/task lane (laneKey() of LaneTables.h); -1 for a run without
    // lane columns, whose ranks are one stack each.
    std::int64_t key = -1;
};

// What the timeline draws from: the calls of every (rank, depth) lane as spans
// at any zoom. TimelineIndex answers from the events in memory; a run whose
// events exceed the memory budget answers from a level-of-detail pyramid and
// the calls of the visible window read on demand. Queries may run on any
// thread and never wait for the disk.
class TimelineSource {
public:
    virtual ~TimelineSource() = default;

    // Ordered by rank, then thread/task lane key, then depth.
    virtual std::span<const TimelineLane> lanes() const = 0;
    // The lane of `depth` of the rank's first thread/task lane (its only one
    // in a run without lane columns).
    virtual std::optional<std::size_t> lane(std::uint32_t rank, std::uint32_t depth) const = 0;
    // The thread/task lane keys of a rank with calls, ascending ({-1} in a run
    // without lane columns, {} for a rank without calls).
    virtual std::vector<std::int64_t> laneKeys(std::uint32_t rank) const {
        return lane(rank, 0) ? std::vector<std::int64_t>{-1} : std::vector<std::int64_t>{};
    }
    // The lane of `depth` of one thread/task lane of the rank.
    virtual std::optional<std::size_t> laneOf(std::uint32_t rank, std::int64_t key,
                                              std::uint32_t depth) const {
        return key == -1 ? lane(rank, depth) : std::nullopt;
    }
    // Ranks with at least one call, ascending.
    virtual std::vector<std::uint32_t> ranks() const = 0;
    // Deepest nesting level of a rank over its thread/task lanes (0 = no
    // nesting), -1 for a rank without calls.
    virtual int maxDepth(std::uint32_t rank) const = 0;
    // Deepest level over all ranks, -1 without calls.
    virtual int maxDepth() const = 0;
    virtual bool empty() const = 0;
    // Earliest start and latest end of all calls (0 when empty).
    virtual std::int64_t startNs() const = 0;
    virtual std::int64_t endNs() const = 0;

    // The spans of `lane` intersecting [t0Ns, t1Ns) at nsPerPixel (see
    // TimelineIndex::query for their exact rules). False when these are a
    // coarser stand-in while the exact spans are read in the background: the
    // callback given to setRefinedCallback says when to ask again.
    virtual bool query(std::size_t lane, std::int64_t t0Ns, std::int64_t t1Ns, double nsPerPixel,
                       std::vector<TimelineSpan>& out) const = 0;
    // What is under a cursor at timeNs (see TimelineIndex::hitTest).
    virtual std::optional<TimelineSpan> hitTest(std::size_t lane, std::int64_t timeNs,
                                                double nsPerPixel) const = 0;

    // Called (on any thread) when spans a query could only approximate have
    // been read. Sources in memory never call it.
    virtual void setRefinedCallback(std::function<void()> callback) const { (void)callback; }
    // Blocks until the spans earlier queries could only approximate have
    // been read (or failed). For batch exports and tests: a window never waits.
    virtual void waitIdle() const {}
    // Why finer spans could not be read (a damaged file, a dropped
    // connection), in words for a title that names the run already: the
    // stand-in then stays. Empty while reads succeed.
    virtual std::string readError() const { return {}; }
    // A whole-run overview standing in for the exact timeline while it is
    // built (OverviewTimeline): its spans are no calls.
    virtual bool isOverview() const { return false; }
};

} // namespace scope
