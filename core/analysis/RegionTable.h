// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Percentiles.h"
#include "model/ProfilingResults.h"

#include <atomic>
#include <optional>
#include <string>
#include <vector>

namespace scope {

// GPU time of a region: calls that stored a GPU duration (-1 = none is not
// counted) and the sum of those durations.
struct GpuTime {
    std::uint64_t count = 0;
    std::int64_t totalNs = 0;
    double total() const { return static_cast<double>(totalNs) / 1e9; } // seconds
    // Seconds, from the nanoseconds, so that 120 ns / 3 is 40 ns exactly.
    double average() const {
        return count > 0 ? static_cast<double>(totalNs) / static_cast<double>(count) / 1e9 : 0.0;
    }
};

// One line of the region overview: the pooled statistics of a region over a
// rank selection and what is derived from them. Computed off the UI thread
// because percentiles sort every call.
struct RegionTableRow {
    std::size_t region = 0;
    RegionStats stats;
    std::optional<Percentiles> percentiles; // only with per-call data (read or on demand)
    double loadImbalance = 0.0;
    std::uint32_t ranksWithCalls = 0;
    std::uint32_t selectedRanks = 0; // of the run, with calls or not: the imbalance's mean
    // The time the region covered (its outermost calls, CoveredTime), in
    // seconds; only with the calls in memory.
    std::optional<double> wall;
    // Some call of the region ran inside another of its calls: Total counts
    // that time again (as scope-profiler does), wall does not.
    bool recursive = false;
    // Σ await_ns of its calls, in seconds: the time their tasks spent
    // suspended inside them. Only with the calls in memory and an await column.
    std::optional<double> awaitSeconds;
    // Region wall time (Total where it is unknown) / run time: the summed
    // wall-clock span of the selected ranks, or, where no times are stored
    // (aggregate layout), the largest region total.
    double shareOfRun = 0.0;
    GpuTime gpu;
};

class RegionTable {
public:
    // Returns early with an empty table when *cancel becomes true. Without
    // `percentiles` the rows come from the per-row summaries alone, at once
    // (with the percentiles kept with the results, KeptPercentiles, when
    // they stand for `ranks`).
    static std::vector<RegionTableRow> compute(const ProfilingResults& results,
                                               const RankSelection& ranks,
                                               const std::atomic<bool>* cancel = nullptr,
                                               bool percentiles = true);
    // The percentiles of rows computed without them (the per-row summaries
    // show first), also of calls read on demand, holding at most about
    // `byteLimit` bytes at once for those (Percentiles::of); the kept ones
    // instead when they stand for `ranks`. Stops early when *cancel becomes
    // true.
    static void addPercentiles(const ProfilingResults& results, const RankSelection& ranks,
                               std::vector<RegionTableRow>& rows,
                               const std::atomic<bool>* cancel = nullptr,
                               std::uint64_t byteLimit = Percentiles::kDefaultByteLimit);
    // The denominator of shareOfRun, in seconds (0 when nothing was called).
    static double runTime(const ProfilingResults& results, const RankSelection& ranks);
    // Whether the run has GPU durations to show: some call of some row has
    // one (gpu_count > 0). The C API writes the summary's GPU fields always 0,
    // and files whose gpu_durations are all -1 have none either: both show no
    // GPU columns.
    static bool hasGpuData(const ProfilingResults& results);
    // Whether the run has await times to show: its calls are in memory and
    // some call's task was suspended inside it (await_ns > 0).
    static bool hasAwaitData(const ProfilingResults& results);
    static GpuTime gpuTime(const ProfilingResults& results, std::size_t region,
                           const RankSelection& ranks);
    static GpuTime gpuTime(const CallSummary& summary);
};

} // namespace scope
