// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "RegionStats.h"

#include <optional>
#include <string_view>

namespace scope {

// The statistic two or more runs are compared on (scope-profiler diff's
// --metric), and the one the per-rank chart plots.
enum class ComparisonMetric { Total, Average, Min, Max, Calls };

std::string_view metricName(ComparisonMetric metric); // "total", "avg", "min", "max", "calls"
// Seconds for the durations; the number of calls for Calls.
double metricValue(ComparisonMetric metric, const RegionStats& stats);
std::optional<ComparisonMetric> parseMetric(std::string_view name);

} // namespace scope
