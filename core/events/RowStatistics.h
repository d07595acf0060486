// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "TimeRangeCheck.h"
#include "model/CallSummary.h"

#include <cstdint>
#include <span>

namespace scope {

// The statistics of one row's calls and the extent of their times for the
// file's TimeRangeCheck, from one pass over the calls (plus the pass that
// sums the squared deviations). This runs over every event of a file.
struct RowStatistics {
    // Valid only when extent.fits: calls whose times break the limits have
    // no statistics (their durations may not even fit in int64).
    CallSummary summary;
    TimeRangeCheck::Extent extent;

    static RowStatistics measure(std::span<const std::int64_t> starts,
                                 std::span<const std::int64_t> ends,
                                 std::span<const std::int64_t> gpuDurations = {});
};

} // namespace scope
