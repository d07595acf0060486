// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ComparisonMetric.h"
#include "model/ExportSelection.h"
#include "model/ProfilingResults.h"

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace scope {

// One region across all compared runs. A run's value is empty when the region
// is missing from it or made no calls on the selected ranks.
struct ComparisonRow {
    std::string region;
    std::vector<std::optional<double>> values; // per run; seconds, or calls for Calls
    // Per run, against the baseline run, as `scope-profiler diff` computes them:
    // delta = value - baseline with a missing side counted as 0; percent only
    // where the baseline value is present and non-zero. The baseline's own
    // entries are delta 0 and percent 0 (or empty without a baseline value).
    std::vector<double> delta;
    std::vector<std::optional<double>> percent;

    bool inAllRuns() const;
    // The largest |delta| over the runs (what "sort by |change|" orders on).
    double largestChange() const;
};

struct ComparisonOptions {
    ComparisonMetric metric = ComparisonMetric::Total;
    std::size_t baseline = 0;  // index into the runs
    ExportSelection selection; // regions and ranks the statistics cover
};

// Region-by-region comparison of several runs against a baseline run.
class RunComparison {
public:
    // Rows for every region present in at least one run (after the selection's
    // region filter), regions in all runs first in the baseline's region order,
    // then the others in name order. Throws std::out_of_range for a bad baseline.
    static std::vector<ComparisonRow> compute(std::span<const ProfilingResults* const> runs,
                                              const ComparisonOptions& options);

    // `scope-profiler diff a b`: rows of compute() for two runs with baseline a,
    // rows whose |percent| is below `thresholdPercent` dropped (rows without a
    // percent always kept), ordered by descending |delta|, ties by name.
    static std::vector<ComparisonRow> diff(const ProfilingResults& a, const ProfilingResults& b,
                                           ComparisonMetric metric,
                                           const ExportSelection& selection = {},
                                           std::optional<double> thresholdPercent = {});

    // The metric of one region over the selected ranks (empty without calls).
    static std::optional<double> value(const ProfilingResults& run, std::string_view region,
                                       ComparisonMetric metric, const RankSelection& ranks);
};

} // namespace scope
