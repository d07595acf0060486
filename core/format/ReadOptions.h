// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ColumnAllocator.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace scope {

// Called from the reading thread with a fraction in [0, 1] and a short message.
using ProgressCallback = std::function<void(double fraction, std::string_view message)>;

// How a read reports progress and notices cancellation. Readers check `cancel`
// between datasets and between chunks of large datasets.
struct ReadControl {
    ProgressCallback progress;
    const std::atomic<bool>* cancel = nullptr;
    // Called once the file is open, before one byte of it is read: the read
    // helper confines itself there (app/scope-read-worker/Sandbox.h).
    std::function<void()> opened;
};

// `control` with its progress mapped from [0, 1] into [from, to], for one
// step of a longer read that reports fractions of its own.
inline ReadControl scaledControl(const ReadControl& control, double from, double to) {
    ReadControl step = control;
    if (control.progress)
        step.progress = [progress = control.progress, from, to](double fraction,
                                                                std::string_view message) {
            progress(from + (to - from) * fraction, message);
        };
    return step;
}

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
