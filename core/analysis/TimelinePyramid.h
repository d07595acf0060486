// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "TimelineSource.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace scope {

class TimelineIndex;

// The level-of-detail pyramid of a run whose calls do not stay in memory: per
// (rank, depth) lane the spans of the whole lane at a series of pixel widths,
// each kFactor times coarser than the one below, exactly as
// TimelineIndex::query(lane, originNs, endNs + 1, width) gives them, with
// global event indices. The timeline answers every zoom coarser than the
// finest level from here without touching the calls.
//
// Levels are chosen from the top (the whole run in kTopColumns columns) down:
// a finer level is kept only while the whole pyramid stays within its byte
// budget, except the coarsest, which is always kept (at most about
// 2 * kTopColumns spans per lane) so that a whole-run view never needs the
// calls. Built rank by rank (computeRank may run on several threads, addRank
// in rank order); immutable afterwards, so queries may run on any thread.
// A copy shares the spans of the ranks added so far: a snapshot of a build
// still going on, taken in microseconds, that stays valid whatever the
// build adds or drops afterwards.
class TimelinePyramid {
public:
    static constexpr double kFactor = 4.0;
    static constexpr double kTopColumns = 256.0;

    // Calls of one rank as one TimelineIndex: its lanes and their spans at
    // the levels the pyramid still has, coarsest first.
    struct RankPart {
        std::vector<TimelineLane> lanes;
        std::vector<std::vector<TimelineSpan>> levels;     // coarsest first, lanes after lanes
        std::vector<std::vector<std::uint32_t>> laneSizes; // per level, spans per lane
        std::uint64_t bytes = 0;
    };
    // Index of the run's event for an event index of the rank's index.
    using EventMap = std::function<std::uint32_t(std::uint32_t)>;

    TimelinePyramid() = default;
    // For the calls in [originNs, endNs]; budgetBytes bounds memoryBytes().
    TimelinePyramid(std::int64_t originNs, std::int64_t endNs, std::uint64_t budgetBytes);

    // A pyramid of all calls of an index over events in memory (tests, benchmarks).
    static TimelinePyramid build(const TimelineIndex& index, std::uint64_t budgetBytes);

    // The spans of every lane of `index` (one rank's calls) at `widths`
    // (coarsest first, as widths() gives them); stops before a level that
    // would take more than bytesAllowed (addRank then drops that level for
    // every rank), but always computes the coarsest. Static so that ranks are
    // computed on several threads while another thread adds the previous one.
    static RankPart computeRank(const TimelineIndex& index, const EventMap& toGlobal,
                                std::int64_t originNs, std::int64_t endNs,
                                std::span<const double> widths, std::uint64_t bytesAllowed);
    RankPart computeRank(const TimelineIndex& index, const EventMap& toGlobal) const {
        return computeRank(index, toGlobal, originNs_, endNs_, widths(), bytesLeft());
    }
    // Appends a rank's lanes after those added before (ranks ascending).
    void addRank(RankPart part);

    std::span<const TimelineLane> lanes() const { return lanes_; }
    // The levels' widths, coarsest first.
    std::vector<double> widths() const;
    // What a rank may still add before the pyramid is over its budget.
    std::uint64_t bytesLeft() const;
    // Level 0 is the finest.
    std::size_t levels() const { return levels_.size(); }
    double width(std::size_t level) const { return levels_[levels_.size() - 1 - level].width; }
    std::span<const TimelineSpan> spans(std::size_t level, std::size_t lane) const;
    // The level with the largest width <= nsPerPixel; nullopt when finer than level 0.
    std::optional<std::size_t> levelFor(double nsPerPixel) const;

    // The spans of `lane` in [t0Ns, t1Ns) from levelFor(nsPerPixel) (the
    // finest level when nsPerPixel is finer), re-merged into nsPerPixel-wide
    // columns from t0Ns by TimelineIndex::query's rules, treating each stored
    // span as one call. Exact at a level's width from originNs.
    void query(std::size_t lane, std::int64_t t0Ns, std::int64_t t1Ns, double nsPerPixel,
               std::vector<TimelineSpan>& out) const;
    // TimelineIndex::hitTest's rules over the spans of the same level.
    std::optional<TimelineSpan> hitTest(std::size_t lane, std::int64_t timeNs,
                                        double nsPerPixel) const;

    // What a kept index (core/index) stores of a pyramid and restores:
    // per level, coarsest first, its width and the spans of every lane one
    // after the other; laneBegin holds lanes().size() + 1 ascending offsets
    // into spans (the spans of lane i are [laneBegin[i], laneBegin[i + 1])).
    // Together with originNs(), endNs(), budgetBytes() and lanes() it is the
    // whole pyramid: fromStored(originNs(), endNs(), budgetBytes(), lanes(),
    // stored()) queries exactly as this one does.
    struct StoredLevel {
        double width = 0;
        std::vector<TimelineSpan> spans;
        std::vector<std::uint64_t> laneBegin;
    };
    std::vector<StoredLevel> stored() const;
    // The pyramid of stored levels. Trusts nothing (they come from a file):
    // throws std::invalid_argument, whose what() says what does not fit (the
    // caller names the file), unless the lanes are contiguous from position
    // 0, ordered by rank, key and depth, each key's depths 0, 1, ...; the
    // widths are the coarsest levels of TimelinePyramid(originNs, endNs,
    // budgetBytes), at least one when there are lanes; every level has the
    // spans of every lane (laneBegin as above), each span with count >= 1
    // and region >= -1, starts ascending within a lane, and a lane's counts
    // summing to at most its size. What the spans point at
    // (regions, events) is for the caller to check against its run.
    static TimelinePyramid fromStored(std::int64_t originNs, std::int64_t endNs,
                                      std::uint64_t budgetBytes, std::vector<TimelineLane> lanes,
                                      std::vector<StoredLevel> levels);
    // This pyramid without its finest levels until memoryBytes() <= maxBytes;
    // the coarsest level always stays. Shares the spans it keeps.
    TimelinePyramid trimmed(std::uint64_t maxBytes) const;

    std::int64_t originNs() const { return originNs_; }
    std::int64_t endNs() const { return endNs_; }
    std::uint64_t budgetBytes() const { return budgetBytes_; }
    std::size_t memoryBytes() const;

private:
    struct Level {
        double width = 0;
        // One block of spans per rank, never reallocated once added: growing
        // one array per level would briefly need twice its size. Shared with
        // copies, which the lanes' spans point into as well.
        std::vector<std::shared_ptr<const std::vector<TimelineSpan>>> blocks;
        std::vector<std::span<const TimelineSpan>> lanes;
    };

    std::span<const TimelineSpan> levelSpans(const Level& level, std::size_t lane) const {
        return lane < level.lanes.size() ? level.lanes[lane] : std::span<const TimelineSpan>();
    }
    const Level* levelForQuery(double nsPerPixel) const;
    void dropFinest();

    std::int64_t originNs_ = 0;
    std::int64_t endNs_ = 0;
    std::uint64_t budgetBytes_ = 0;
    std::vector<TimelineLane> lanes_;
    std::vector<Level> levels_; // coarsest first
};

} // namespace scope
