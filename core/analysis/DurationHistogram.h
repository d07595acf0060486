// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ProfilingResults.h"

#include <cstdint>
#include <vector>

namespace scope {

// Call durations of a region in equal-width bins between the shortest and the
// longest call (seconds); logarithmic bins for durations spanning decades.
struct DurationHistogram {
    std::vector<double> edges;         // bins + 1 edges, seconds
    std::vector<std::uint64_t> counts; // one per bin

    // Throws EventsUnavailable without per-call data.
    static DurationHistogram of(const ProfilingResults& results, std::size_t region,
                                const RankSelection& ranks, std::size_t bins,
                                bool logarithmic = false);
};

} // namespace scope
