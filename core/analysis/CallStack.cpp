// SPDX-License-Identifier: GPL-3.0-or-later
#include "CallStack.h"

#include "EventSelection.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <unordered_map>

namespace scope {
namespace {

// Event indices of each rank, ordered so that a parent precedes its children.
std::map<std::uint32_t, std::vector<std::int64_t>> eventsByRank(const ProfilingResults& results) {
    std::map<std::uint32_t, std::vector<std::int64_t>> byRank;
    for (const RankRegion& row : results.rows) {
        auto& indices = byRank[row.rank];
        for (std::uint64_t i = 0; i < row.summary.count; ++i)
            indices.push_back(static_cast<std::int64_t>(row.offset + i));
    }
    const auto& starts = results.events.starts;
    const auto& ends = results.events.ends;
    for (auto& [rank, indices] : byRank)
        std::sort(indices.begin(), indices.end(), [&](std::int64_t a, std::int64_t b) {
            if (starts[a] != starts[b])
                return starts[a] < starts[b];
            if (ends[a] != ends[b])
                return ends[a] > ends[b];
            return a < b;
        });
    return byRank;
}

} // namespace

CallStack CallStack::build(const ProfilingResults& results) {
    requireEvents(results, "the call stack");
    const EventColumns& events = results.events;
    CallStack stack;
    stack.depth.assign(events.size(), 0);
    stack.parent.assign(events.size(), -1);
    // Lane files nest per lane, never from the stored ids (threads-tasks-json.md §2).
    stack.fromIds =
        !events.hasLanes() && events.hasCallIds() && events.parentIds.size() == events.size();
    std::unordered_map<std::int64_t, std::vector<std::int64_t>> openByLane;
    for (const auto& [rank, order] : eventsByRank(results)) {
        if (stack.fromIds) {
            std::unordered_map<std::int64_t, std::int64_t> byId;
            byId.reserve(order.size());
            for (std::int64_t i : order)
                byId.emplace(events.callIds[i], i);
            for (std::int64_t i : order) {
                auto it = byId.find(events.parentIds[i]);
                if (events.parentIds[i] >= 0 && it != byId.end() && it->second != i) {
                    stack.parent[i] = it->second;
                    stack.depth[i] = stack.depth[it->second] + 1;
                }
            }
            continue;
        }
        openByLane.clear();
        for (std::int64_t i : order) {
            std::vector<std::int64_t>& open = openByLane[events.lane(static_cast<std::size_t>(i))];
            // A zero-length call encloses the next call sharing its start.
            while (!open.empty() && events.ends[open.back()] <= events.starts[i] &&
                   !(events.starts[open.back()] == events.starts[i] &&
                     events.ends[open.back()] == events.starts[i]))
                open.pop_back();
            stack.parent[i] = open.empty() ? -1 : open.back();
            stack.depth[i] = static_cast<std::int32_t>(open.size());
            open.push_back(i);
        }
    }
    return stack;
}

std::vector<std::int64_t> CallStack::exclusivePerRow(const ProfilingResults& results) const {
    const EventColumns& events = results.events;
    std::vector<std::int64_t> exclusive(events.size());
    for (std::size_t i = 0; i < events.size(); ++i)
        exclusive[i] = events.ends[i] - events.starts[i];
    for (std::size_t i = 0; i < events.size(); ++i)
        if (parent[i] >= 0)
            exclusive[parent[i]] -= events.ends[i] - events.starts[i];
    std::vector<std::int64_t> perRow;
    perRow.reserve(results.rows.size());
    for (const RankRegion& row : results.rows) {
        auto begin = exclusive.begin() + static_cast<std::ptrdiff_t>(row.offset);
        perRow.push_back(std::accumulate(
            begin, begin + static_cast<std::ptrdiff_t>(row.summary.count), std::int64_t{0}));
    }
    return perRow;
}

} // namespace scope
