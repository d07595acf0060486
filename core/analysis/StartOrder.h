// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace scope {

class ProfilingResults;

// Reorders `events` by starts[event], stably, with `spare` (as long) as the
// other buffer: an LSD radix sort on each start's offset from the earliest,
// 11 bits a pass (three passes for a rank of a few seconds). For a rank of a
// hundred regions it beats merging the sorted rows through a heap (about 14
// unpredictable comparisons a call; building a 64-rank run's timeline took
// 2.3 s instead of 2.9 s); orderRankCalls still merges ranks of a few rows,
// where the heap is shallow and the merge is faster.
void sortByStart(std::span<const std::int64_t> starts, std::span<std::uint32_t> events,
                 std::span<std::uint32_t> spare);

// The calls of one rank (the events of `rows`, indices into results.rows) in
// the timeline's order, into sorted[0, calls): by start, longer first (so an
// enclosing call precedes what it encloses), then by stored call id, then by
// event index. Leaves `scratch` holding as many values.
void orderRankCalls(const ProfilingResults& results, std::span<const std::size_t> rows,
                    std::uint32_t* sorted, std::vector<std::uint32_t>& scratch);

} // namespace scope
