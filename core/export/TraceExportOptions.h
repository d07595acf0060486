// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/RankSelection.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>

namespace scope {

// What a trace export (ChromeTraceWriter, SpeedscopeWriter) covers and how it
// reports: the selected ranks, optionally only the calls overlapping a time
// window, progress and cancellation for a worker thread.
struct TraceExportOptions {
    RankSelection ranks;
    // Absolute ns as in EventColumns; calls overlapping [windowStartNs,
    // windowEndNs] are exported whole, so that nesting stays intact.
    std::optional<std::int64_t> windowStartNs;
    std::optional<std::int64_t> windowEndNs;
    std::function<void(double fraction)> progress; // called from the writing thread
    const std::atomic<bool>* cancel = nullptr;

    bool overlapsWindow(std::int64_t start, std::int64_t end) const {
        // A zero-length call at the window's edge counts as inside.
        if (windowStartNs && end < *windowStartNs)
            return false;
        if (windowEndNs && start > *windowEndNs)
            return false;
        return true;
    }
};

struct TraceExportResult {
    bool cancelled = false;   // the output is partial: the caller removes it
    std::uint64_t events = 0; // calls written
    // Calls that overlap their caller without nesting, cut at its end
    // (speedscope's stacks cannot hold them otherwise).
    std::uint64_t cut = 0;
};

} // namespace scope
