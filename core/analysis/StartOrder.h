// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace scope {

class ProfilingResults;

// Reorders `events` by starts[event], stably, with `spare` (as long) as the
// other buffer: an LSD radix sort on each start's offset from the earliest,
// 11 bits a pass (three passes for a rank of a few seconds), on the offset
// and the position packed in one word when they fit (16 bytes a call more
// while it runs). For a rank of a hundred regions it beats merging the
// sorted rows through a heap (about 14 unpredictable comparisons a call);
// orderRankCalls still merges ranks of a few rows, where the heap is shallow
// and the merge is faster.
void sortByStart(std::span<const std::int64_t> starts, std::span<std::uint32_t> events,
                 std::span<std::uint32_t> spare);

// Ranks with more rows than this are radix-sorted, the others merged.
inline constexpr std::size_t kMergedRows = 24;
// What orderRankCalls holds a call, besides `sorted` and `scratch`, while it
// orders a rank of `rows` rows: the radix sort's packed words.
constexpr std::size_t orderBytesPerCall(std::size_t rows) {
    return rows > kMergedRows ? 16 : 0;
}

// The calls of one rank (the events of `rows`, indices into results.rows) in
// the timeline's order, into sorted[0, calls): by start, longer first (so an
// enclosing call precedes what it encloses), then by stored call id, then by
// event index. Leaves `scratch` holding as many values.
void orderRankCalls(const ProfilingResults& results, std::span<const std::size_t> rows,
                    std::uint32_t* sorted, std::vector<std::uint32_t>& scratch);

} // namespace scope
