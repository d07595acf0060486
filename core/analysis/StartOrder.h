// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <span>

namespace scope {

// Reorders `events` by starts[event], stably, with `spare` (as long) as the
// other buffer: an LSD radix sort on each start's offset from the earliest,
// 11 bits a pass (three passes for a rank of a few seconds). Merging a rank's
// sorted rows through a heap instead cost about 14 unpredictable comparisons
// a call with a hundred regions, most of building the timeline of a large run.
void sortByStart(std::span<const std::int64_t> starts, std::span<std::uint32_t> events,
                 std::span<std::uint32_t> spare);

} // namespace scope
