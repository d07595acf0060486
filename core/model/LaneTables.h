// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <string>

namespace scope {

// One row of thread_table (threads-tasks-json.md §1). Times in ns relative to
// the writing rank's setup() instant; -1 = alive at finalize.
struct ThreadInfo {
    std::uint32_t rank = 0;
    std::int64_t index = 0;
    std::int64_t ident = 0;
    std::int64_t nativeId = 0;
    bool daemon = false;
    std::int64_t startNs = 0;
    std::int64_t endNs = -1;
    std::int64_t cpuNs = 0;
    std::string name;
};

// One row of task_table: an asyncio task or a greenlet.
struct TaskInfo {
    std::uint32_t rank = 0;
    std::int64_t index = 0;
    std::int64_t threadIndex = -1; // thread of its latest step
    std::int64_t createdNs = 0;
    std::int64_t doneNs = -1; // -1 = unfinished
    std::int64_t steps = 0;
    std::int64_t runningNs = 0;
    std::int64_t suspendedNs = 0;
    std::string kind; // "task" or "greenlet"
    std::string name;
    std::string coroName;
};

// The contract's lane key of a call on its rank (§2): the task when the call
// ran inside one, else the thread's bare lane (-2 - thread), else -1.
constexpr std::int64_t laneKey(std::int64_t taskId, std::int64_t threadId) {
    if (taskId >= 0)
        return taskId;
    if (threadId >= 0)
        return -2 - threadId;
    return -1;
}

// The thread and task columns' values that give a lane key back (laneKey of
// them is `lane`): for columns rebuilt from keys alone.
constexpr std::int64_t laneThread(std::int64_t lane) {
    return lane < -1 ? -2 - lane : -1;
}
constexpr std::int64_t laneTask(std::int64_t lane) {
    return lane >= 0 ? lane : -1;
}

} // namespace scope
