// SPDX-License-Identifier: GPL-3.0-or-later
#include "RankLaneTable.h"

#include <algorithm>

namespace scope {

const RankLanes* RankLaneTable::find(std::uint32_t rank) const {
    auto it =
        std::lower_bound(entries_.begin(), entries_.end(), rank,
                         [](const RankLanes& r, std::uint32_t value) { return r.rank < value; });
    return it == entries_.end() || it->rank != rank ? nullptr : &*it;
}

std::optional<std::size_t> RankLaneTable::lane(std::uint32_t rank, std::uint32_t depth) const {
    const RankLanes* lanes = find(rank);
    if (lanes == nullptr || depth >= lanes->laneCount)
        return std::nullopt;
    return std::size_t{lanes->firstLane} + depth;
}

std::vector<std::uint32_t> RankLaneTable::ranks() const {
    std::vector<std::uint32_t> result;
    result.reserve(entries_.size());
    for (const RankLanes& r : entries_)
        result.push_back(r.rank);
    return result;
}

int RankLaneTable::maxDepth(std::uint32_t rank) const {
    const RankLanes* lanes = find(rank);
    return lanes == nullptr ? -1 : static_cast<int>(lanes->laneCount) - 1;
}

int RankLaneTable::maxDepth() const {
    int deepest = -1;
    for (const RankLanes& r : entries_)
        deepest = std::max(deepest, static_cast<int>(r.laneCount) - 1);
    return deepest;
}

} // namespace scope
