// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "OverviewCoverage.h"
#include "RankLaneTable.h"
#include "TimelineSource.h"
#include "base/ReadControl.h"
#include "model/ProfilingResults.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <utility>
#include <vector>

namespace scope {

// A whole-run overview of a run too large to order quickly, from one
// unordered streaming pass over its calls (as scope-profiler's timeline
// density): per rank (per thread/task lane where the calls carry lanes) and
// time bucket, how long each region covered the bucket. Lane depth d of a
// bucket shows the region with the d-th most coverage there, which is what
// nesting gives when zoomed out (a callee never covers more than its
// caller). A stand-in: the view marks it as an overview until the exact
// timeline replaces it; query() always returns false. Immutable: any thread.
//
// Its spans are no calls: each is a run of buckets of one depth where one
// region ranks the same, with count 1 and event 0, and hitTest finds none,
// so that no view offers them as calls to click or describe.
//
// Memory: the spans (at most kDepths per bucket per lane) and, while it is
// built, a bucket-by-region coverage table (8 bytes each) per thread/task
// lane of the few ranks being read at once; never anything per call.
//
// fromSummaries() gives an estimate of it before the pass: what the rows'
// summaries say, each region's time spread over its first to last call.
class OverviewTimeline final : public TimelineSource {
public:
    static constexpr std::size_t kBuckets = 1024;
    static constexpr std::uint32_t kDepths = 4;

    // From the calls of results.onDemand (or results.events), with progress
    // ("drawing an overview") and cancellation (ReadCancelled); read errors
    // of the CallSource come through. The time axis is the run's extent from
    // the rows' summaries, cut into `buckets` buckets of (almost) equal width.
    static std::shared_ptr<const OverviewTimeline> build(const ProfilingResults& results,
                                                         const ReadControl& control,
                                                         std::size_t buckets = kBuckets);

    // An estimate before any pass over the calls, from the rows' summaries
    // alone: each row's time (summary.total) spread evenly over its span
    // [summary.startMinimum, summary.endMaximum], per rank (no thread/task
    // lanes: key -1) and bucket, ranked as build() ranks. Rows without calls
    // or times add nothing. Its buckets are build()'s: the pass's overview
    // replaces it column for column. estimated() is true. 0.15 s for 1,024
    // ranks x 100 regions on two cores, with a buckets x regions table per
    // thread while it is built.
    static std::shared_ptr<const OverviewTimeline> fromSummaries(const ProfilingResults& results,
                                                                 std::size_t buckets = kBuckets);

    // One rank's lanes, ranked elsewhere.
    struct RankedLanes {
        std::uint32_t rank = 0;
        std::span<const OverviewKeyLanes> lanes;
    };
    // From lanes ranked elsewhere (OverviewCollector, during the statistics'
    // pass): per rank with calls, ascending, its lanes as build() ranks them;
    // the time axis [startNs, endNs] cut into `buckets`. A span's region r
    // becomes regionOf[r] (the run's numbering, where the ranking had another).
    static std::shared_ptr<const OverviewTimeline>
    fromRanked(std::int64_t startNs, std::int64_t endNs, std::size_t buckets,
               std::span<const RankedLanes> ranks, std::span<const std::int32_t> regionOf);

    // The estimate (fromSummaries) with the lanes of the ranks ranked so far
    // (ascending) in place of its own: the overview while its pass is under
    // way, the ranks on screen first. A span's region r of `ranked` becomes
    // regionOf[r]; the estimate's spans keep theirs. Its time axis is the
    // estimate's, which the ranked lanes must share.
    static std::shared_ptr<const OverviewTimeline>
    withRanked(const OverviewTimeline& estimate, std::span<const RankedLanes> ranked,
               std::span<const std::int32_t> regionOf);

    // [first start, last end] of the rows with calls (and times, if
    // timedOnly), from their summaries; nullopt without any.
    static std::optional<std::pair<std::int64_t, std::int64_t>>
    extentOf(const ProfilingResults& results, bool timedOnly);

    // From the summaries (fromSummaries) rather than the calls.
    bool estimated() const { return estimated_; }
    // Ranks whose lanes are the summaries' estimate: every rank of
    // fromSummaries, those not yet ranked of withRanked, none otherwise.
    std::size_t ranksEstimated() const { return ranksEstimated_; }

    std::span<const TimelineLane> lanes() const override { return lanes_; }
    std::optional<std::size_t> lane(std::uint32_t rank, std::uint32_t depth) const override {
        return rankLanes_.lane(rank, depth);
    }
    std::optional<std::size_t> laneOf(std::uint32_t rank, std::int64_t key,
                                      std::uint32_t depth) const override {
        return rankLanes_.lane(rank, key, depth);
    }
    std::vector<std::int64_t> laneKeys(std::uint32_t rank) const override {
        return rankLanes_.keys(rank);
    }
    std::vector<std::uint32_t> ranks() const override { return rankLanes_.ranks(); }
    int maxDepth(std::uint32_t rank) const override { return rankLanes_.maxDepth(rank); }
    int maxDepth() const override { return rankLanes_.maxDepth(); }
    bool empty() const override { return lanes_.empty(); }
    std::int64_t startNs() const override { return startNs_; }
    std::int64_t endNs() const override { return endNs_; }

    // The lane's spans intersecting [t0Ns, t1Ns), at every zoom; false: a stand-in.
    bool query(std::size_t lane, std::int64_t t0Ns, std::int64_t t1Ns, double nsPerPixel,
               std::vector<TimelineSpan>& out) const override;
    // Never a call: nullopt.
    std::optional<TimelineSpan> hitTest(std::size_t lane, std::int64_t timeNs,
                                        double nsPerPixel) const override;
    bool isOverview() const override { return true; }

    std::size_t buckets() const { return buckets_; }
    // Where bucket b (0..buckets()) begins; bucketStartNs(buckets()) = endNs().
    std::int64_t bucketStartNs(std::size_t b) const;
    // Every span of a lane, by start.
    std::span<const TimelineSpan> spans(std::size_t lane) const;
    std::size_t memoryBytes() const;

private:
    class Accumulator;

    OverviewTimeline() = default;
    // The lanes of one rank's lane key, a span list per depth.
    void append(std::uint32_t rank, std::int64_t key,
                const std::vector<std::vector<TimelineSpan>>& depths);
    // Another overview's lanes of one rank and key, as they are.
    void append(const OverviewTimeline& other, const RankLanes& lanes);
    void reserve(std::size_t lanes, std::size_t spans);
    // Room for the ranked lanes and `lanes` and `spans` more.
    void reserveFor(std::span<const RankedLanes> ranks, std::size_t lanes, std::size_t spans);

    std::vector<TimelineLane> lanes_; // begin/size: into spans_
    std::vector<TimelineSpan> spans_;
    RankLaneTable rankLanes_;
    std::int64_t startNs_ = 0;
    std::int64_t endNs_ = 0;
    std::size_t buckets_ = kBuckets;
    bool estimated_ = false;
    std::size_t ranksEstimated_ = 0;
};

} // namespace scope
