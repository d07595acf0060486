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

std::optional<std::size_t> RankLaneTable::lane(std::uint32_t rank, std::int64_t key,
                                               std::uint32_t depth) const {
    const auto it =
        std::lower_bound(entries_.begin(), entries_.end(), std::pair(rank, key),
                         [](const RankLanes& r, std::pair<std::uint32_t, std::int64_t> v) {
                             return r.rank != v.first ? r.rank < v.first : r.key < v.second;
                         });
    if (it == entries_.end() || it->rank != rank || it->key != key || depth >= it->laneCount)
        return std::nullopt;
    return std::size_t{it->firstLane} + depth;
}

std::vector<std::int64_t> RankLaneTable::keys(std::uint32_t rank) const {
    std::vector<std::int64_t> result;
    for (const RankLanes* r = find(rank);
         r != nullptr && r != entries_.data() + entries_.size() && r->rank == rank; ++r)
        result.push_back(r->key);
    return result;
}

std::vector<std::uint32_t> RankLaneTable::ranks() const {
    std::vector<std::uint32_t> result;
    result.reserve(entries_.size());
    for (const RankLanes& r : entries_)
        if (result.empty() || result.back() != r.rank)
            result.push_back(r.rank);
    return result;
}

int RankLaneTable::maxDepth(std::uint32_t rank) const {
    int deepest = -1;
    for (const RankLanes* r = find(rank);
         r != nullptr && r != entries_.data() + entries_.size() && r->rank == rank; ++r)
        deepest = std::max(deepest, static_cast<int>(r->laneCount) - 1);
    return deepest;
}

int RankLaneTable::maxDepth() const {
    int deepest = -1;
    for (const RankLanes& r : entries_)
        deepest = std::max(deepest, static_cast<int>(r.laneCount) - 1);
    return deepest;
}

} // namespace scope
