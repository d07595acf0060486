// SPDX-License-Identifier: GPL-3.0-or-later
#include "ThreadSummary.h"

#include "LaneTable.h"

#include <algorithm>
#include <map>
#include <utility>

namespace scope {
namespace {

using RankIndex = std::pair<std::uint32_t, std::int64_t>;

// Calls per (rank, thread id) of the selected ranks.
std::map<RankIndex, std::uint64_t> callsPerThread(const ProfilingResults& results,
                                                  const RankSelection& ranks) {
    std::map<RankIndex, std::uint64_t> calls;
    const EventColumns& events = results.events;
    for (const RankRegion& row : results.rows) {
        if (!ranks.contains(row.rank))
            continue;
        for (std::uint64_t k = 0; k < row.summary.count; ++k)
            ++calls[{row.rank, events.threadIds[row.offset + k]}];
    }
    return calls;
}

// Σ root-call durations per (rank, thread): the bare lane's own and those of
// the lanes of tasks whose thread_index is the thread. A task lane without a
// task_table row belongs to no thread.
std::map<RankIndex, std::int64_t> regionTimePerThread(const ProfilingResults& results,
                                                      const RankSelection& ranks) {
    std::map<RankIndex, std::int64_t> taskThread;
    for (const TaskInfo& task : results.tasks)
        taskThread[{task.rank, task.index}] = task.threadIndex;
    std::map<RankIndex, std::int64_t> time;
    const LaneTable lanes = LaneTable::build(results, ranks);
    for (const LaneSummary& lane : lanes.lanes()) {
        std::int64_t thread = -1;
        if (lane.lane < -1)
            thread = laneThread(lane.lane);
        else if (const auto it = taskThread.find({lane.rank, lane.lane}); it != taskThread.end())
            thread = it->second;
        if (thread >= 0)
            time[{lane.rank, thread}] += lane.rootNs;
    }
    return time;
}

template <class Map> auto valueOr0(const Map& map, const RankIndex& key) {
    const auto it = map.find(key);
    return it == map.end() ? typename Map::mapped_type{} : it->second;
}

} // namespace

ThreadSummary ThreadSummary::build(const ProfilingResults& results, const RankSelection& ranks) {
    ThreadSummary summary;
    const bool withCalls = results.eventsRead && results.events.hasLanes();
    std::map<RankIndex, std::uint64_t> calls;
    std::map<RankIndex, std::int64_t> regionTime;
    if (withCalls) {
        calls = callsPerThread(results, ranks);
        regionTime = regionTimePerThread(results, ranks);
    }
    for (const ThreadInfo& thread : results.threads) {
        if (!ranks.contains(thread.rank))
            continue;
        ThreadSummaryRow row;
        row.rank = thread.rank;
        row.index = thread.index;
        row.name = LaneTable::label(results, thread.rank, laneKey(-1, thread.index));
        row.nativeId = thread.nativeId;
        row.daemon = thread.daemon;
        row.startNs = thread.startNs;
        if (thread.endNs != -1)
            row.wallNs = thread.endNs - thread.startNs;
        row.cpuNs = thread.cpuNs;
        if (withCalls) {
            row.calls = valueOr0(calls, {thread.rank, thread.index});
            row.regionNs = valueOr0(regionTime, {thread.rank, thread.index});
        }
        summary.threads_.push_back(std::move(row));
    }
    for (const TaskInfo& task : results.tasks) {
        if (!ranks.contains(task.rank))
            continue;
        TaskSummaryRow row;
        row.rank = task.rank;
        row.index = task.index;
        row.name = task.name.empty() ? "task " + std::to_string(task.index) : task.name;
        row.coroName = task.coroName;
        row.kind = task.kind;
        if (task.threadIndex >= 0)
            row.thread = LaneTable::label(results, task.rank, laneKey(-1, task.threadIndex));
        row.steps = task.steps;
        row.runningNs = task.runningNs;
        row.suspendedNs = task.suspendedNs;
        row.createdNs = task.createdNs;
        if (task.doneNs != -1) {
            row.doneNs = task.doneNs;
            row.wallNs = task.doneNs - task.createdNs;
        }
        summary.tasks_.push_back(std::move(row));
    }
    const auto byRankIndex = [](const auto& a, const auto& b) {
        return std::pair(a.rank, a.index) < std::pair(b.rank, b.index);
    };
    std::stable_sort(summary.threads_.begin(), summary.threads_.end(), byRankIndex);
    std::stable_sort(summary.tasks_.begin(), summary.tasks_.end(), byRankIndex);
    return summary;
}

} // namespace scope
