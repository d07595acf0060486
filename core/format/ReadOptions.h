// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "base/ReadControl.h"
#include "model/ColumnAllocator.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace scope {

// The viewer reads row details only from files of at most this many index
// rows: beyond it they cost more than a second of opening (0.14 s per
// 200,000 rows on a 1,024-rank file, several columns of strings each).
inline constexpr std::size_t kViewerRowDetailsLimit = 50'000;

struct ReadOptions {
    ReadControl control;
    // Each (rank, region) row's source location, tags and event metadata
    // (schemas 2 and 3; schema 1 has them in attributes it reads anyway);
    // without them a file with many ranks opens much faster.
    bool rowDetails = true;
    // Where event values that libhdf5 reads itself (EventPlan::inlineValues)
    // are allocated: shared memory in the read helper.
    ColumnAllocator<std::int64_t> eventColumns{};
    // With rowDetails, read them only when the file has at most this many
    // index rows (0 = any number); otherwise they are left out and
    // ProfilingResults::rowDetailsSkipped says so.
    std::size_t rowDetailsLimit = 0;
    // Bytes the event columns may take (0 = no limit). Beyond it they are
    // streamed for the statistics and left on disk (ProfilingResults::onDemand).
    std::uint64_t memoryBudget = 0;
};

struct SummaryOptions {
    bool fallback = false; // read the events when the file has no summary columns
    bool includeLikwid = false;
    bool includeLineProfile = false;
    std::vector<std::string> regions; // exact names; empty = all
    std::vector<std::uint32_t> ranks; // empty = all
    bool rowDetails = true;           // as in ReadOptions
    ReadControl control;
    ColumnAllocator<std::int64_t> eventColumns{}; // as in ReadOptions
    std::size_t rowDetailsLimit = 0;              // as in ReadOptions
    std::uint64_t memoryBudget = 0;               // as in ReadOptions
};

} // namespace scope
