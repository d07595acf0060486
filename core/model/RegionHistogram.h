// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "RegionPercentiles.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace scope {

// A region's call durations as the histogram view draws them for all ranks
// (analysis/DurationHistogram::detailed with DurationHistogram::kBins bins),
// kept with the results where the calls are not (ProfilingResults::
// keptHistograms). Empty for a region without calls.
struct RegionHistogram {
    // One outline per rank is drawn for at most this many ranks.
    static constexpr std::size_t kMostOutlines = 16;

    std::vector<double> edges;         // bins + 1, seconds, ascending
    std::vector<std::uint64_t> counts; // one per bin
    bool logarithmic = false;
    double mean = 0.0; // seconds
    RegionPercentiles percentiles;
    std::vector<std::uint32_t> outlineRanks; // ascending; empty beyond kMostOutlines
    std::vector<std::uint64_t> rankCounts;   // outlineRanks.size() x bins, row-major

    bool operator==(const RegionHistogram&) const = default;
};

} // namespace scope
