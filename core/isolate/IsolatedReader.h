// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "format/ReadOptions.h"
#include "model/ProfilingResults.h"

#include <chrono>
#include <string>

namespace scope {

struct IsolatedReadRequest {
    bool summaryOnly = false;
    // fallback, includeLikwid, includeLineProfile, regions, ranks of a
    // summary-only read; its control is not used (see below). The helper
    // reads the regions and ranks all; they are kept here.
    SummaryOptions summary;
    // See ReadOptions::rowDetails; applies to both kinds of read.
    bool rowDetails = true;
    // See ReadOptions::rowDetailsLimit.
    std::size_t rowDetailsLimit = 0;
    // See ReadOptions::memoryBudget; applies to both kinds of read (not
    // summary.memoryBudget). The helper only plans: the budget is this
    // process's, where the events are read.
    std::uint64_t memoryBudget = 0;
    // Progress comes from the helper's messages; cancelling kills the helper.
    ReadControl control;
    // How long the helper may go without a sign of progress before it is
    // taken for hung and killed.
    std::chrono::milliseconds timeout{10000};
    // The helper to run; empty = findReadWorker().
    std::string worker;
};

// The read helper this process would run: $SCOPE_READ_WORKER if set ("none"
// = read in this process), else scope-read-worker beside the executable, else
// ../libexec/scope-viewer/scope-read-worker relative to it; empty when none is
// found, and reads then happen in this process.
std::string findReadWorker();

// readH5 (or readH5Summary for summary-only requests) with its libhdf5 step
// (planH5) in a helper process, so that a file on which libhdf5 crashes,
// aborts or loops costs an error, not the caller; the event bytes are then
// read here (completeRead). The ProfileErrors the helper reports arrive as the same types
// with the same path, step and message; a crash, a time-out or garbled output
// of the helper is a CorruptProfileError naming the file; a cancel is
// ReadCancelled.
ProfilingResults readIsolated(const std::string& path, const IsolatedReadRequest& request);

} // namespace scope
