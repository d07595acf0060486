// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "RegionCalls.h"

#include <atomic>
#include <cstdint>
#include <vector>

namespace scope {

// Exact order statistics of a region's call durations in bounded memory, for
// calls that may be read from the file on demand.
//
// When the calls fit in the byte limit (8 bytes each) their durations are read
// once and selected. Otherwise a bounded histogram refinement: a pass counts
// the calls per bucket of the duration range (the summaries' shortest to
// longest call); only the buckets holding a wanted rank are kept, and a
// further pass either collects their durations, when they fit in the limit, or
// counts them in finer buckets again. Each refinement narrows a range by the
// bucket count, so a few passes reach single values even for 10^9 equal calls.
class OrderStatistics {
public:
    struct Result {
        // values[i] is the ranks[i]-th smallest duration (0-based), ns.
        std::vector<std::int64_t> values;
        unsigned passes = 0;  // reads of the region's calls
        bool refined = false; // a histogram pass ran: the calls did not fit
        // The most bytes of durations and bucket counts held during a pass.
        std::uint64_t peakBytes = 0;
        bool cancelled = false; // *cancel became true: values are meaningless
    };

    // `ranks` below calls.count(). Beyond the single read of calls that fit,
    // half the limit holds collected durations and half the bucket counts (at
    // least 16 buckets per range, however small the limit).
    static Result select(const RegionCalls& calls, const std::vector<std::uint64_t>& ranks,
                         std::uint64_t byteLimit, const std::atomic<bool>* cancel = nullptr);
};

} // namespace scope
