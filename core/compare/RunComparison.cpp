// SPDX-License-Identifier: GPL-3.0-or-later
#include "RunComparison.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <stdexcept>

namespace scope {

bool ComparisonRow::inAllRuns() const {
    return std::all_of(values.begin(), values.end(), [](const auto& v) { return v.has_value(); });
}

double ComparisonRow::largestChange() const {
    double largest = 0.0;
    for (const double d : delta)
        largest = std::max(largest, std::abs(d));
    return largest;
}

std::optional<double> RunComparison::value(const ProfilingResults& run, std::string_view region,
                                           ComparisonMetric metric, const RankSelection& ranks) {
    const auto index = run.regionIndex(region);
    if (!index)
        return std::nullopt;
    const RegionStats stats = run.pooled(*index, ranks);
    // scope-profiler's region_rows() leaves out regions that timed no calls on
    // the selected ranks, so diff treats them as missing.
    if (stats.count == 0)
        return std::nullopt;
    if (metric == ComparisonMetric::RankMean)
        return stats.total / static_cast<double>(std::max<std::size_t>(1, run.rankCount(ranks)));
    if (metric == ComparisonMetric::SlowestRank) {
        double slowest = 0.0;
        for (const RankRegion& row : run.rowsOf(*index))
            if (ranks.contains(row.rank))
                slowest = std::max(slowest, run.stats(*index, row.rank).total);
        return slowest;
    }
    return metricValue(metric, stats);
}

namespace {

ComparisonRow makeRow(std::span<const ProfilingResults* const> runs, const std::string& region,
                      const ComparisonOptions& options) {
    ComparisonRow row;
    row.region = region;
    for (const ProfilingResults* run : runs)
        row.values.push_back(
            RunComparison::value(*run, region, options.metric, options.selection.ranks()));
    const std::optional<double> base = row.values[options.baseline];
    for (const std::optional<double>& v : row.values) {
        // A side without the region counts as 0, as in scope-profiler diff.
        const double delta = v.value_or(0.0) - base.value_or(0.0);
        row.delta.push_back(delta);
        row.percent.push_back(base && *base != 0.0 ? std::optional(delta / *base * 100.0)
                                                   : std::nullopt);
    }
    return row;
}

} // namespace

std::vector<ComparisonRow> RunComparison::compute(std::span<const ProfilingResults* const> runs,
                                                  const ComparisonOptions& options) {
    if (options.baseline >= runs.size())
        throw std::out_of_range("comparison baseline " + std::to_string(options.baseline) +
                                " is not one of the " + std::to_string(runs.size()) + " runs");
    std::vector<ComparisonRow> common;
    std::set<std::string> seen;
    for (const std::size_t index : options.selection.regions(*runs[options.baseline])) {
        const std::string& name = runs[options.baseline]->regions[index];
        ComparisonRow row = makeRow(runs, name, options);
        if (row.inAllRuns()) {
            seen.insert(name);
            common.push_back(std::move(row));
        }
    }
    std::set<std::string> others; // ordered by name, as scope-profiler diff lists them
    for (const ProfilingResults* run : runs)
        for (const std::size_t index : options.selection.regions(*run))
            if (!seen.contains(run->regions[index]))
                others.insert(run->regions[index]);
    for (const std::string& name : others) {
        ComparisonRow row = makeRow(runs, name, options);
        if (std::any_of(row.values.begin(), row.values.end(),
                        [](const auto& v) { return v.has_value(); }))
            common.push_back(std::move(row));
    }
    return common;
}

std::vector<ComparisonRow> RunComparison::diff(const ProfilingResults& a, const ProfilingResults& b,
                                               ComparisonMetric metric,
                                               const ExportSelection& selection,
                                               std::optional<double> thresholdPercent) {
    const ProfilingResults* runs[] = {&a, &b};
    std::vector<ComparisonRow> rows = compute(runs, {metric, 0, selection});
    if (thresholdPercent) {
        std::erase_if(rows, [&](const ComparisonRow& row) {
            return row.percent[1] && std::abs(*row.percent[1]) < *thresholdPercent;
        });
    }
    std::sort(rows.begin(), rows.end(),
              [](const ComparisonRow& x, const ComparisonRow& y) { return x.region < y.region; });
    std::stable_sort(rows.begin(), rows.end(), [](const ComparisonRow& x, const ComparisonRow& y) {
        return std::abs(x.delta[1]) > std::abs(y.delta[1]);
    });
    return rows;
}

} // namespace scope
