// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ProfilingResults.h"

#include <cstdint>
#include <vector>

namespace scope {

class TimelineIndex;

// Exclusive time (total minus the time of directly nested calls) per row of
// results, from the nesting the timeline index already worked out: one pass
// over each pair of adjacent lanes, instead of sorting every call again.
std::vector<std::int64_t> exclusivePerRow(const ProfilingResults& results,
                                          const TimelineIndex& index);

// Sets exclusiveNs on every row the file gave none.
void fillExclusiveTimes(ProfilingResults& results, const TimelineIndex& index);

} // namespace scope
