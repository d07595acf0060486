// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "RegionChange.h"
#include "model/ExportSelection.h"

#include <span>

namespace scope {

class ProfilingResults;
struct ReadControl;

struct WhatChangedOptions {
    ComparisonMetric statistic = ComparisonMetric::Total;
    double alpha = 0.01;
    double thresholdPercent = 1.0;
    ExportSelection selection; // regions and ranks the statistics cover
};

// Which regions really changed between a baseline side and another side (one
// or several runs each), by how much with what certainty, and why. With
// several runs per side a side's value is the mean over its runs that have
// the region, and the test is across the runs' values; the split
// (ChangeExplanation) and the call paths (PathShares) use the sides' means.
// Call paths are worked out for the regions that are not unchanged.
class WhatChanged {
public:
    // Throws std::invalid_argument for an empty side. `control` (may be null)
    // reports progress and stops the work when cancelled.
    static DiffReport compute(std::span<const ProfilingResults* const> baseline,
                              std::span<const ProfilingResults* const> other,
                              const WhatChangedOptions& options,
                              const ReadControl* control = nullptr);
    // The default statistic for these runs: SlowestRank when their rank counts
    // differ, Total otherwise.
    static ComparisonMetric defaultStatistic(std::span<const ProfilingResults* const> runs);
    // The findings as sentences for people, most important first: "`solve` is
    // 5.1 % slower (95 % CI 4.2–6.0 %, p < 0.001): per-call time +5.1 %, calls
    // unchanged; 80 % of it in `solve > rhs.eval`".
    static std::vector<std::string> findings(const DiffReport& report, std::size_t most = 10);
};

} // namespace scope
