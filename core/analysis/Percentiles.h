// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ProfilingResults.h"

#include <span>

namespace scope {

// Duration percentiles in seconds, linear interpolation between order
// statistics exactly as NumPy's default percentile method.
struct Percentiles {
    double p50 = 0.0;
    double p90 = 0.0;
    double p95 = 0.0;
    double p99 = 0.0;

    // Throws EventsUnavailable when the results hold no per-call data.
    static Percentiles of(const ProfilingResults& results, std::size_t region,
                          const RankSelection& ranks = {});
    // q in [0, 100] of already sorted values (nanoseconds); 0 when empty.
    static double percentile(std::span<const std::int64_t> sorted, double q);
};

} // namespace scope
