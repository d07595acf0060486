// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "RankLaneTable.h"
#include "TimelinePyramid.h"
#include "TimelineSource.h"

#include <cstddef>
#include <cstdint>

namespace scope {

// The timeline of a run read on demand while its ranks are still being built:
// a snapshot of the ranks built so far, so that a run of a billion calls
// shows its first ranks within seconds instead of after the whole build.
// Its lanes, spans and event indices are those the complete OnDemandTimeline
// will give for the same ranks at the pyramid's levels; zooms finer than the
// finest level get that level's spans as a stand-in (query returns false),
// since no call is read before the build is done. Immutable: any thread.
class PartialTimeline final : public TimelineSource {
public:
    // `pyramid` a copy of the one being built (it shares its spans), `lanes`
    // the lanes of its ranks; the time axis is the whole run's.
    PartialTimeline(TimelinePyramid pyramid, RankLaneTable lanes, std::size_t ranksTotal);

    std::span<const TimelineLane> lanes() const override { return pyramid_.lanes(); }
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
    bool empty() const override { return pyramid_.lanes().empty(); }
    std::int64_t startNs() const override { return pyramid_.originNs(); }
    std::int64_t endNs() const override { return pyramid_.endNs(); }

    bool query(std::size_t lane, std::int64_t t0Ns, std::int64_t t1Ns, double nsPerPixel,
               std::vector<TimelineSpan>& out) const override;
    std::optional<TimelineSpan> hitTest(std::size_t lane, std::int64_t timeNs,
                                        double nsPerPixel) const override;

    // Ranks with calls built so far, and in the whole run.
    std::size_t ranksBuilt() const { return rankLanes_.ranks().size(); }
    std::size_t ranksTotal() const { return ranksTotal_; }
    const TimelinePyramid& pyramid() const { return pyramid_; }

private:
    TimelinePyramid pyramid_;
    RankLaneTable rankLanes_;
    std::size_t ranksTotal_ = 0;
};

} // namespace scope
