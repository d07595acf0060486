// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "RegionStats.h"

#include <optional>
#include <string_view>

namespace scope {

// The statistic two or more runs are compared on (scope-profiler diff's
// --metric), and the one the per-rank chart plots. RankMean (the total per
// selected rank, ranks without calls counting 0) and SlowestRank (the largest
// total of one rank) are for scaling studies, where the sum over ranks grows
// with the rank count; they need the per-rank rows, so the per-rank chart
// does not offer them and RunComparison::value computes them.
enum class ComparisonMetric { Total, Average, Min, Max, Calls, RankMean, SlowestRank };

// "total", "avg", "min", "max", "calls", "rank_mean", "slowest_rank"
std::string_view metricName(ComparisonMetric metric);
// Seconds for the durations; the number of calls for Calls. The pooled
// statistics of one rank: RankMean and SlowestRank are its total.
double metricValue(ComparisonMetric metric, const RegionStats& stats);
// The metrics a statistic is a sum of calls' durations for: its change
// grows with the number of calls.
bool countsCalls(ComparisonMetric metric);
std::optional<ComparisonMetric> parseMetric(std::string_view name);

} // namespace scope
