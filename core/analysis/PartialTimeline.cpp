// SPDX-License-Identifier: GPL-3.0-or-later
#include "PartialTimeline.h"

#include <cmath>
#include <utility>

namespace scope {

PartialTimeline::PartialTimeline(TimelinePyramid pyramid, RankLaneTable lanes,
                                 std::size_t ranksTotal)
    : pyramid_(std::move(pyramid)), rankLanes_(std::move(lanes)), ranksTotal_(ranksTotal) {}

bool PartialTimeline::query(std::size_t lane, std::int64_t t0Ns, std::int64_t t1Ns,
                            double nsPerPixel, std::vector<TimelineSpan>& out) const {
    out.clear();
    if (lane >= lanes().size() || t1Ns <= t0Ns || !(nsPerPixel > 0) || !std::isfinite(nsPerPixel))
        return true;
    pyramid_.query(lane, t0Ns, t1Ns, nsPerPixel, out);
    return pyramid_.levelFor(nsPerPixel).has_value();
}

std::optional<TimelineSpan> PartialTimeline::hitTest(std::size_t lane, std::int64_t timeNs,
                                                     double nsPerPixel) const {
    if (lane >= lanes().size() || !(nsPerPixel > 0) || !std::isfinite(nsPerPixel))
        return std::nullopt;
    return pyramid_.hitTest(lane, timeNs, nsPerPixel);
}

} // namespace scope
