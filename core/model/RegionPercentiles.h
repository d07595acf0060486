// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace scope {

// A region's call durations at the 50th, 90th, 95th and 99th percentile, in
// seconds, as analysis/Percentiles computes them from every call; kept with
// the results where the calls are not (ProfilingResults::keptPercentiles).
struct RegionPercentiles {
    double p50 = 0.0;
    double p90 = 0.0;
    double p95 = 0.0;
    double p99 = 0.0;

    bool operator==(const RegionPercentiles&) const = default;
};

} // namespace scope
