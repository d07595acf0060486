// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "base/ReadControl.h"
#include "model/ColumnAllocator.h"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace scope {

// The viewer reads row details only from files of at most this many index
// rows: beyond it they cost more than a second of opening (0.14 s per
// 200,000 rows on a 1,024-rank file, several columns of strings each).
inline constexpr std::size_t kViewerRowDetailsLimit = 50'000;

// What to read of one file, and how: the one request of every reader
// (readH5, readH5Summary, planH5, readIsolated, readProfileFile), which the
// read helper gets on its command line. A field a reader has no use for is
// left alone (readH5 reads no subset of regions).
struct ReadRequest {
    ReadControl control;
    // Only the per-row statistics: readProfileFile and readIsolated then call
    // readH5Summary, not readH5.
    bool summaryOnly = false;
    // Each (rank, region) row's source location, tags and event metadata
    // (schemas 2 and 3; schema 1 has them in attributes it reads anyway);
    // without them a file with many ranks opens much faster.
    bool rowDetails = true;
    // With rowDetails, read them only when the file has at most this many
    // index rows (0 = any number); otherwise they are left out and
    // ProfilingResults::rowDetailsSkipped says so.
    std::size_t rowDetailsLimit = 0;
    // Bytes the event columns may take (0 = no limit). Beyond it they are
    // streamed for the statistics and left on disk (ProfilingResults::onDemand).
    // In the read helper, which only plans, it bounds the values libhdf5
    // reads itself.
    std::uint64_t memoryBudget = 0;
    // Leave the event columns on disk whatever their size, where the file
    // allows it (readsOnDemand's other conditions): scope-index builds an
    // index from calls read on demand, as the viewer does for large runs.
    bool eventsOnDemand = false;
    // Where event values that libhdf5 reads itself (EventPlan::inlineValues)
    // are allocated: shared memory in the read helper.
    ColumnAllocator<std::int64_t> eventColumns{};
    // Of a read of every call through the helper (IsolatedRead): the helper
    // hands the summary columns over before it plans the read, from the same
    // open of the file, so that a large run's table shows without a second
    // helper reading the file beside it.
    bool summariesFirst = false;

    // Of a summary-only read: read the events when the file has no summary
    // columns, add the LIKWID and line-profiler data, keep only these
    // regions (exact names) and ranks (empty = all).
    bool fallback = false;
    bool includeLikwid = false;
    bool includeLineProfile = false;
    std::vector<std::string> regions;
    std::vector<std::uint32_t> ranks;

    // Of readIsolated: how long the helper may go without a sign of progress
    // before it is taken for hung and killed, and the helper to run (empty =
    // findReadWorker()).
    std::chrono::milliseconds timeout{10000};
    std::string worker;

    // Of a run on another host (readRemote): the command that indexes it
    // there first when it has no index (e.g. "mpirun -n 8 scope-index");
    // empty: $SCOPE_REMOTE_INDEX_COMMAND.
    std::string remoteIndexCommand;
};

// The summary-only read that shows a large run's table before its calls are
// read: LoadJob asks it of the helper, and the helper's summaries-first step
// reads it. Both must ask the same, or the table shown first would not be the
// one a summary-only open of the file shows.
inline ReadRequest summaryOnlyOf(ReadRequest read) {
    read.summaryOnly = true;
    read.fallback = false;
    read.memoryBudget = 0;
    read.includeLikwid = true;
    read.includeLineProfile = true;
    return read;
}

} // namespace scope
