// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ProfilingResults.h"

#include <cstdint>

namespace scope {

// The time a region covered on a rank: the union of its calls' intervals per
// lane, which is the summed duration of its outermost calls. A recursive
// region's Total counts every nested call again (as scope-profiler sums it);
// this does not, so a share of the run built on it stays within 100 % and
// agrees with the call tree. Needs the calls in memory (eventsRead).
class CoveredTime {
public:
    // Nanoseconds covered by the calls of `row`.
    static std::int64_t ofRow(const ProfilingResults& results, const RankRegion& row);
};

} // namespace scope
