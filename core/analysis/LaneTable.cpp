// SPDX-License-Identifier: GPL-3.0-or-later
#include "LaneTable.h"

#include "CallStack.h"
#include "EventSelection.h"

#include <algorithm>
#include <map>

namespace scope {
namespace {

std::string threadLabel(const ProfilingResults& results, std::uint32_t rank, std::int64_t index) {
    for (const ThreadInfo& thread : results.threads)
        if (thread.rank == rank && thread.index == index && !thread.name.empty())
            return thread.name;
    return "thread " + std::to_string(index);
}

std::string lastDotPart(const std::string& name) {
    const auto dot = name.rfind('.');
    return dot == std::string::npos ? name : name.substr(dot + 1);
}

} // namespace

std::string LaneTable::label(const ProfilingResults& results, std::uint32_t rank,
                             std::int64_t lane) {
    if (lane == -1)
        return "unknown lane";
    if (lane < -1)
        return threadLabel(results, rank, laneThread(lane));
    for (const TaskInfo& task : results.tasks) {
        if (task.rank != rank || task.index != lane)
            continue;
        std::string text = task.name.empty() ? "task " + std::to_string(lane) : task.name;
        if (const std::string coroutine = lastDotPart(task.coroName); !coroutine.empty())
            text += " (" + coroutine + ")";
        if (task.threadIndex >= 0)
            text += " on " + threadLabel(results, rank, task.threadIndex);
        return text;
    }
    return "task " + std::to_string(lane);
}

std::vector<std::int64_t> LaneTable::keysOf(const ProfilingResults& results, std::uint32_t rank) {
    const EventColumns& events = results.events;
    std::vector<std::int64_t> keys;
    if (!events.hasLanes())
        return keys;
    for (const RankRegion& row : results.rows)
        if (row.rank == rank)
            for (std::uint64_t k = 0; k < row.summary.count; ++k)
                keys.push_back(events.lane(row.offset + k));
    std::sort(keys.begin(), keys.end());
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
    return keys;
}

LaneTable LaneTable::build(const ProfilingResults& results, const RankSelection& ranks) {
    requireEvents(results, "the thread and task lanes");
    LaneTable table;
    const EventColumns& events = results.events;
    if (!events.hasLanes())
        return table;
    const CallStack stack = CallStack::build(results);
    std::map<std::pair<std::uint32_t, std::int64_t>, LaneSummary> byLane;
    for (const RankRegion& row : results.rows) {
        if (!ranks.contains(row.rank))
            continue;
        for (std::uint64_t k = 0; k < row.summary.count; ++k) {
            const std::size_t i = row.offset + k;
            LaneSummary& lane = byLane[{row.rank, events.lane(i)}];
            ++lane.calls;
            if (stack.depth[i] != 0)
                continue;
            lane.rootNs += events.ends[i] - events.starts[i];
            if (events.hasAwait())
                lane.awaitNs += events.awaitNs[i];
        }
    }
    for (auto& [key, lane] : byLane) {
        lane.rank = key.first;
        lane.lane = key.second;
        lane.label = label(results, key.first, key.second);
        table.lanes_.push_back(std::move(lane));
    }
    return table;
}

} // namespace scope
