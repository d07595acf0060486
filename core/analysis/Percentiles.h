// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ProfilingResults.h"

#include <atomic>
#include <cstdint>
#include <span>

namespace scope {

// Duration percentiles in seconds, linear interpolation between order
// statistics exactly as NumPy's default percentile method.
struct Percentiles {
    double p50 = 0.0;
    double p90 = 0.0;
    double p95 = 0.0;
    double p99 = 0.0;

    // What computing the percentiles of calls may hold at once when they are
    // read on demand: 64 MiB keeps 8 Mi durations, enough for most regions in
    // one read, and is small beside any memory budget worth reading on demand.
    static constexpr std::uint64_t kDefaultByteLimit = std::uint64_t(64) << 20;

    // How the calls were read, for tests and benchmarks.
    struct Work {
        unsigned passes = 0;         // reads of the region's calls
        bool refined = false;        // they did not fit in the byte limit
        std::uint64_t peakBytes = 0; // the most held at once (OrderStatistics)
    };

    // Exact, with the events in memory or read on demand (results.onDemand);
    // on demand, in pieces holding at most about `byteLimit` bytes (see
    // OrderStatistics). Returns zeros early when *cancel becomes true. Throws
    // EventsUnavailable when the results hold no per-call data.
    static Percentiles of(const ProfilingResults& results, std::size_t region,
                          const RankSelection& ranks = {},
                          std::uint64_t byteLimit = kDefaultByteLimit,
                          const std::atomic<bool>* cancel = nullptr, Work* work = nullptr);
    // q in [0, 100] of already sorted values (nanoseconds); 0 when empty.
    static double percentile(std::span<const std::int64_t> sorted, double q);
};

} // namespace scope
