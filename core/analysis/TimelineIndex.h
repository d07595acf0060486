// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "RankLaneTable.h"
#include "TimelineSource.h"
#include "model/ProfilingResults.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace scope {

// The level-of-detail index behind the timeline: per (rank, depth) lane the
// event indices in start order, so that the spans of any time window at any
// zoom come out in O(pixels * log calls).
//
// Memory: 4 bytes per call (the order), 4 bytes per 64 calls and 8 bytes per
// 16 calls (see samples_); the times are read from results.events, never
// copied. The index keeps a reference to the results: it must not outlive
// them (hold both in shared_ptrs, as the UI does). Immutable after
// construction, so queries may run on any thread.
//
// Depth is nesting by interval containment per rank, or per thread/task lane
// of a rank in a run with lane columns (threads-tasks-json.md §2: calls by
// start, longer first; a call sits one level below the innermost open call of
// its lane enclosing it),
// with stored call ids breaking ties between identical intervals (the caller
// is entered first). Containment rather than the stored parent ids because
// only containment guarantees that calls of one lane never overlap; for the
// files a profiler writes both give the same depths.
class TimelineIndex final : public TimelineSource {
public:
    // Throws EventsUnavailable without per-call data and std::length_error for
    // 2^32 or more events.
    // threads: how many ranks are built at once; 0 = one thread per core for
    // files of a million calls or more.
    explicit TimelineIndex(const ProfilingResults& results, unsigned threads = 0);

    const ProfilingResults& results() const { return *results_; }

    // Ordered by rank, then thread/task lane key, then depth.
    std::span<const TimelineLane> lanes() const override { return lanes_; }
    std::optional<std::size_t> lane(std::uint32_t rank, std::uint32_t depth) const override;
    std::optional<std::size_t> laneOf(std::uint32_t rank, std::int64_t key,
                                      std::uint32_t depth) const override;
    std::vector<std::int64_t> laneKeys(std::uint32_t rank) const override {
        return rankLanes_.keys(rank);
    }
    // Ranks with at least one call, ascending.
    std::vector<std::uint32_t> ranks() const override;
    // Deepest nesting level of a rank (0 = no nesting), -1 for a rank without calls.
    int maxDepth(std::uint32_t rank) const override;
    // Deepest level over all ranks, -1 without calls.
    int maxDepth() const override;

    bool empty() const override { return order_.empty(); }
    // Earliest start and latest end of all calls (0 when empty).
    std::int64_t startNs() const override { return startNs_; }
    std::int64_t endNs() const override { return endNs_; }

    // The spans to draw for the calls of `lane` intersecting [t0Ns, t1Ns) at
    // nsPerPixel, in time order, not overlapping, every call in exactly one
    // span. A call at least a pixel wide is a span of its own; narrower calls
    // starting in the same pixel column are merged. Column c holds the starts
    // in [t0Ns + ceil(c * nsPerPixel), t0Ns + ceil((c + 1) * nsPerPixel)). A
    // call of zero length counts as covering its nanosecond. Costs
    // O(spans * log calls), however many calls the window holds.
    // Always exact: true.
    bool query(std::size_t lane, std::int64_t t0Ns, std::int64_t t1Ns, double nsPerPixel,
               std::vector<TimelineSpan>& out) const override;
    std::vector<TimelineSpan> query(std::size_t lane, std::int64_t t0Ns, std::int64_t t1Ns,
                                    double nsPerPixel) const;

    // What is under a cursor at timeNs: the call at least a pixel wide that
    // contains it, else the calls within half a pixel of it (merged like query
    // does), else nothing.
    std::optional<TimelineSpan> hitTest(std::size_t lane, std::int64_t timeNs,
                                        double nsPerPixel) const override;

    // The event indices of a lane in start order.
    std::span<const std::uint32_t> laneEvents(std::size_t lane) const {
        const TimelineLane& l = lanes_[lane];
        return std::span<const std::uint32_t>(order_).subspan(l.begin, l.size);
    }

    // Region index of an event, -1 for an event outside every row.
    std::int32_t regionOf(std::uint32_t event) const;
    // Bytes held by the index itself.
    std::size_t memoryBytes() const;

private:
    // One rank's calls in one slice of order_ (from `base`), its lanes added
    // to `lanes` and `ranks` (firstLane counted within `lanes`). Ranks are
    // independent: several threads build disjoint ranks at once.
    void buildRank(std::uint32_t rank, std::span<const std::size_t> rows, std::uint32_t base,
                   std::vector<std::uint32_t>& scratch, std::vector<TimelineLane>& lanes,
                   std::vector<RankLanes>& ranks);
    void buildRanks(std::span<const std::size_t> rowsByRank, unsigned threads);
    // The calls of one thread/task lane: positions [begin, end) of a rank's slice.
    struct LaneGroup {
        std::int64_t key;
        std::size_t begin;
        std::size_t end;
    };
    // Regroups a rank's calls in start order (sorted[0, count)) by lane key,
    // ascending, each lane still in start order; one group without lanes.
    std::vector<LaneGroup> groupByLane(std::uint32_t* sorted, std::size_t count,
                                       std::vector<std::uint32_t>& scratch) const;
    void buildRowHints();
    void buildNextChange();
    void buildSamples();
    // First lane position in [lo, hi) whose call starts at or after t (hi if
    // none), searching outwards from `hint`.
    std::size_t firstStartFrom(const TimelineLane& lane, std::size_t lo, std::size_t hi,
                               std::int64_t t, std::size_t hint) const;
    std::int64_t start(std::uint32_t event) const;
    std::int64_t end(std::uint32_t event) const; // never before the start
    std::size_t rowOf(std::uint32_t event) const;
    bool isWide(std::uint32_t event, double nsPerPixel) const;
    // Whether the calls at positions [a, b) of the order all belong to one region.
    bool uniform(std::size_t a, std::size_t b) const;
    TimelineSpan spanOf(std::size_t a, std::size_t b) const;

    const ProfilingResults* results_;
    std::vector<std::uint32_t> order_; // event indices, lane after lane
    std::vector<TimelineLane> lanes_;
    RankLaneTable rankLanes_;
    // Rows with calls by offset: events [rowBegin_[i], rowEnd_[i]) are of rowRegion_[i].
    std::vector<std::uint64_t> rowBegin_;
    std::vector<std::uint64_t> rowEnd_;
    std::vector<std::int32_t> rowRegion_;
    // rowHint_[b]: the row of event b << rowShift_ (0 before the first row),
    // with about one row beginning per block, so that rowOf searches a row or
    // two instead of all of them: it runs for every call while a timeline of
    // a million calls a rank is built.
    std::vector<std::uint32_t> rowHint_;
    unsigned rowShift_ = 0;
    // For the last position p of every block of kBlock positions: the first
    // position after p in p's lane whose region differs from p's (or the
    // lane's end). Answers "are these merged calls of one region" without
    // looking at every call.
    std::vector<std::uint32_t> nextChange_;
    // Per lane the start of every kSample-th call, contiguous: a search for a
    // pixel column's end walks these cached values instead of chasing
    // order_ -> starts into memory that is cold, then looks at the at most
    // kSample - 1 calls left with independent loads the CPU overlaps. This
    // is what makes a whole-run query of millions of calls fast.
    std::vector<std::int64_t> samples_;
    std::vector<std::size_t> sampleBegin_; // per lane, into samples_
    std::int64_t startNs_ = 0;
    std::int64_t endNs_ = 0;
};

} // namespace scope
