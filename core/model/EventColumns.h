// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ColumnAllocator.h"
#include "LaneTables.h"

#include <cstdint>
#include <vector>

namespace scope {

// One event column: a std::vector whose memory may live in shared memory (see
// ColumnAllocator), so that the read helper's results need no copy.
using EventColumn = std::vector<std::int64_t, ColumnAllocator<std::int64_t>>;

// Per-call data of a whole file as flat columns (struct of arrays). Each
// (rank, region) row owns a contiguous slice [offset, offset + count).
// Times are absolute nanoseconds, already delta-decoded.
struct EventColumns {
    EventColumns() = default;
    explicit EventColumns(const ColumnAllocator<std::int64_t>& allocator)
        : starts(allocator), ends(allocator), gpuDurations(allocator), callIds(allocator),
          parentIds(allocator), threadIds(allocator), taskIds(allocator), awaitNs(allocator) {}

    EventColumn starts;
    EventColumn ends;
    // Optional columns are empty when the file does not store them.
    EventColumn gpuDurations;
    EventColumn callIds;
    EventColumn parentIds;
    // Thread/task lanes (threads-tasks-json.md): -1 = unknown thread / outside
    // any task; await 0 outside a task. Empty when the run did not track them.
    EventColumn threadIds;
    EventColumn taskIds;
    EventColumn awaitNs;

    std::size_t size() const { return starts.size(); }
    bool hasCallIds() const { return !callIds.empty() && callIds.size() == starts.size(); }
    bool hasLanes() const { return !threadIds.empty() && threadIds.size() == starts.size(); }
    bool hasAwait() const { return !awaitNs.empty() && awaitNs.size() == starts.size(); }
    // The lane key of event i (LaneTables.h), -1 without lane columns.
    std::int64_t lane(std::size_t i) const {
        if (!hasLanes())
            return -1;
        const std::int64_t task = taskIds.size() == starts.size() ? taskIds[i] : -1;
        return laneKey(task, threadIds[i]);
    }
};

} // namespace scope
