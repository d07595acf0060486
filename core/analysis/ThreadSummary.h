// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ProfilingResults.h"
#include "model/RankSelection.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace scope {

// One thread_table row of a selected rank (threads-tasks-json.md §3).
struct ThreadSummaryRow {
    std::uint32_t rank = 0;
    std::int64_t index = 0;
    std::string name; // "thread N" where the table names none
    std::int64_t nativeId = 0;
    bool daemon = false;
    std::int64_t startNs = 0;           // relative to the rank's setup()
    std::optional<std::int64_t> wallNs; // end - start; none while alive at finalize
    std::int64_t cpuNs = 0;
    // Only with the calls in memory and a thread column: the events with this
    // thread id, and Σ root-call durations on its bare lane and on the lanes
    // of the tasks whose latest step ran on it.
    std::optional<std::uint64_t> calls;
    std::optional<std::int64_t> regionNs;
};

// One task_table row of a selected rank: an asyncio task or a greenlet.
struct TaskSummaryRow {
    std::uint32_t rank = 0;
    std::int64_t index = 0;
    std::string name; // "task N" where the table names none
    std::string coroName;
    std::string kind;
    std::string thread; // label of the thread of its latest step, empty if unknown
    std::int64_t steps = 0;
    std::int64_t runningNs = 0;
    std::int64_t suspendedNs = 0;
    std::int64_t createdNs = 0;
    std::optional<std::int64_t> doneNs; // none while unfinished
    std::optional<std::int64_t> wallNs; // done - created
};

// The Threads view's numbers: what thread_table and task_table say of the
// selected ranks, with the calls each thread made.
class ThreadSummary {
public:
    // Rows ordered by (rank, index). The calls and region time are
    // left unknown without per-call data in memory.
    static ThreadSummary build(const ProfilingResults& results, const RankSelection& ranks = {});

    std::span<const ThreadSummaryRow> threads() const { return threads_; }
    std::span<const TaskSummaryRow> tasks() const { return tasks_; }

private:
    std::vector<ThreadSummaryRow> threads_;
    std::vector<TaskSummaryRow> tasks_;
};

} // namespace scope
