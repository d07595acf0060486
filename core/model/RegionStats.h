// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CallSummary.h"

#include <cstdint>
#include <optional>

namespace scope {

// What a reader reports for a region on one rank or pooled over ranks, in seconds.
// Optional fields are unknown in some layouts and must be shown as unavailable.
struct RegionStats {
    std::uint64_t count = 0;
    double total = 0.0;
    double average = 0.0;
    double min = 0.0;
    double max = 0.0;
    std::optional<double> std;        // population std; unknown in the aggregate layout
    std::optional<double> first;      // duration of the first call
    std::optional<double> last;       // duration of the last call
    std::optional<double> firstStart; // absolute, seconds
    std::optional<double> lastEnd;
    std::optional<double> exclusive; // total minus time in nested calls

    static RegionStats fromSummary(const CallSummary& summary);
};

} // namespace scope
