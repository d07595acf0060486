// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CallSummary.h"

#include <cstdint>
#include <limits>
#include <optional>

namespace scope {

// One (rank, region) pair: its statistics and, when events were read, its slice
// of the file's EventColumns. A plain value, copied and sorted in bulk.
struct RankRegion {
    static constexpr std::uint32_t kNoDetails = std::numeric_limits<std::uint32_t>::max();

    std::uint32_t rank = 0;
    std::uint32_t region = 0; // index into ProfilingResults::regions
    std::uint64_t offset = 0; // into EventColumns, valid when events were read
    CallSummary summary;      // summary.count is the number of calls
    std::optional<std::int64_t> exclusiveNs;
    // Index into ProfilingResults::rowDetails, or kNoDetails.
    std::uint32_t details = kNoDetails;
};

} // namespace scope
