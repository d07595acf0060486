// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ProfilingResults.h"
#include "model/RankSelection.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace scope {

// One thread/task lane of one rank (threads-tasks-json.md §2, §3).
struct LaneSummary {
    std::uint32_t rank = 0;
    std::int64_t lane = -1; // laneKey() of LaneTables.h
    std::string label;
    std::uint64_t calls = 0;
    std::int64_t rootNs = 0;  // Σ durations of the lane's top-level calls
    std::int64_t awaitNs = 0; // Σ await of those calls (nested awaits are inside them)
};

// The lanes of a run with lane columns, for scope-report and the viewer:
// one entry per (rank, lane) with calls, ranks then lane keys ascending.
class LaneTable {
public:
    // Empty for a run without lane columns (each rank is one stack). Throws
    // EventsUnavailable without per-call data.
    static LaneTable build(const ProfilingResults& results, const RankSelection& ranks = {});

    std::span<const LaneSummary> lanes() const { return lanes_; }
    bool empty() const { return lanes_.empty(); }

    // Upstream's label: a bare thread lane is the thread's name ("thread N"
    // without one); a task lane "<task name> (<last dot-part of coro_name>)
    // on <thread label>" ("task N" without a task_table row); -1 "unknown lane".
    static std::string label(const ProfilingResults& results, std::uint32_t rank,
                             std::int64_t lane);
    // The lane keys of the calls of `rank`, ascending: a lane's position is
    // its Chrome trace tid. {} for a run without lane columns.
    static std::vector<std::int64_t> keysOf(const ProfilingResults& results, std::uint32_t rank);

private:
    std::vector<LaneSummary> lanes_;
};

} // namespace scope
