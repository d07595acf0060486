// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace scope {

// What the durations over time of a region on some ranks draw their axes
// and legend from (analysis/DurationSeries::outline), before any column:
// the ranks with calls, how many calls, and the extent of starts and
// durations in seconds.
struct DurationOutline {
    std::vector<std::uint32_t> ranks; // ascending
    std::uint64_t calls = 0;
    double firstStart = 0.0; // since the run's first call
    double lastStart = 0.0;
    double shortest = 0.0;
    double longest = 0.0;
    // The calls of the region when more than the byte limit allows were not
    // read (calls is then 0); 0 otherwise.
    std::uint64_t callsOverLimit = 0;

    bool empty() const { return calls == 0; }
    bool operator==(const DurationOutline&) const = default;
};

} // namespace scope
