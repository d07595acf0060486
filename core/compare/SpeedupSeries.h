// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ExportSelection.h"
#include "model/ProfilingResults.h"

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace scope {

// One region's curve: speedup of its mean call duration against the run(s)
// at the baseline x.
struct SpeedupCurve {
    std::string region;
    std::vector<double> x;            // positions on the x axis (see SpeedupSeries::numeric)
    std::vector<std::string> keys;    // the x values as shown, one per point
    std::vector<double> speedup;      // baseline mean duration / mean duration
    std::vector<double> meanDuration; // seconds
};

// What `scope-profiler pproc --x-field` plots as region speedup: one curve per
// region common to all runs, x = number of ranks, omp_num_threads,
// total_cores (ranks x threads) or any metadata field. Runs sharing an x value
// are averaged. Scaling fields (and metadata fields whose values are all
// numbers) are placed at their values with an ideal line x / x0; other fields
// are categories placed at 0, 1, 2, ... in first-seen order without an ideal line.
struct SpeedupSeries {
    std::string xField;
    std::string xLabel;                 // "MPI ranks", "OpenMP threads", ... or the field name
    bool numeric = false;               // x positions are the values themselves
    std::vector<std::string> xKeys;     // distinct x values in axis order
    std::vector<double> xPositions;     // one per xKeys entry
    std::string baselineKey;            // xKeys.front()
    std::vector<SpeedupCurve> curves;   // regions without a valid baseline are left out
    std::vector<double> idealX, idealY; // empty when !numeric

    // Throws std::invalid_argument naming the run that lacks the field, or
    // when fewer than two runs are given.
    static SpeedupSeries compute(std::span<const ProfilingResults* const> runs,
                                 std::string_view xField, const ExportSelection& selection = {});

    // The x fields worth a speedup chart: those that are a number in every run
    // and not the same number in all of them (the runs differ in it), in this
    // order: num_ranks, omp_num_threads, total_cores (both only when every run
    // records the thread count), then numeric metadata in the first run's
    // order. Text fields (host, user, time stamp, directory) are never offered;
    // compute() still accepts them. Empty for fewer than two runs, or when the
    // runs differ in nothing numeric.
    static std::vector<std::string> availableFields(std::span<const ProfilingResults* const> runs);
};

} // namespace scope
