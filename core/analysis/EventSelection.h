// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ProfilingResults.h"

#include <cstdint>
#include <vector>

namespace scope {

// The durations (ns) of every call of a region on the selected ranks. Throws
// EventsUnavailable when the results were read without per-call data, so no
// analysis can silently report a number computed from nothing.
std::vector<std::int64_t> selectedDurations(const ProfilingResults& results, std::size_t region,
                                            const RankSelection& ranks);

// Throws EventsUnavailable naming `what` when events were not read.
void requireEvents(const ProfilingResults& results, const char* what);

} // namespace scope
