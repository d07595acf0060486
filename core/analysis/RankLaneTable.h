// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace scope {

// The lanes of one thread/task lane of one rank (the whole rank without lane
// columns): [firstLane, firstLane + laneCount), depth 0 first.
struct RankLanes {
    std::uint32_t rank;
    std::uint32_t firstLane;
    std::uint32_t laneCount;
    std::int64_t key = -1; // laneKey() of LaneTables.h
};

// Which lanes belong to which rank, for every timeline source (in memory or
// on demand): ranks ascending, then keys ascending, added in that order.
class RankLaneTable {
public:
    void push_back(RankLanes lanes) { entries_.push_back(lanes); }
    std::size_t size() const { return entries_.size(); }
    const RankLanes& operator[](std::size_t i) const { return entries_[i]; }

    // In the rank's first thread/task lane.
    std::optional<std::size_t> lane(std::uint32_t rank, std::uint32_t depth) const;
    std::optional<std::size_t> lane(std::uint32_t rank, std::int64_t key,
                                    std::uint32_t depth) const;
    // The thread/task lane keys of a rank, ascending ({-1} without lane columns).
    std::vector<std::int64_t> keys(std::uint32_t rank) const;
    // Ranks with at least one call, ascending.
    std::vector<std::uint32_t> ranks() const;
    // Deepest nesting level of a rank (0 = no nesting), -1 for a rank without calls.
    int maxDepth(std::uint32_t rank) const;
    // Deepest level over all ranks, -1 without calls.
    int maxDepth() const;
    std::size_t memoryBytes() const { return entries_.capacity() * sizeof(RankLanes); }

private:
    const RankLanes* find(std::uint32_t rank) const;

    std::vector<RankLanes> entries_;
};

} // namespace scope
