// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ProfilingResults.h"
#include "model/RankSelection.h"

namespace scope {

// The region to show first in the charts of one region (histogram,
// durations over time): the one with the most exclusive time, ties broken
// by the most calls. By total time it would always be the outermost region
// ("main"), whose few calls only say how long the run took. Regions whose
// exclusive time is unknown (no events read, nothing in the file) count by
// their calls, after every region whose exclusive time is known.
class HeaviestRegion {
public:
    // The region's index, or -1 when no region has calls on `ranks`.
    static int of(const ProfilingResults& results, const RankSelection& ranks = {});
};

} // namespace scope
