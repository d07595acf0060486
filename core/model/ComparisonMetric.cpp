// SPDX-License-Identifier: GPL-3.0-or-later
#include "ComparisonMetric.h"

namespace scope {

std::string_view metricName(ComparisonMetric metric) {
    switch (metric) {
    case ComparisonMetric::Total:
        return "total";
    case ComparisonMetric::Average:
        return "avg";
    case ComparisonMetric::Min:
        return "min";
    case ComparisonMetric::Max:
        return "max";
    case ComparisonMetric::Calls:
        return "calls";
    case ComparisonMetric::RankMean:
        return "rank_mean";
    case ComparisonMetric::SlowestRank:
        return "slowest_rank";
    }
    return "total";
}

double metricValue(ComparisonMetric metric, const RegionStats& stats) {
    switch (metric) {
    case ComparisonMetric::Total:
    case ComparisonMetric::RankMean:
    case ComparisonMetric::SlowestRank:
        return stats.total;
    case ComparisonMetric::Average:
        return stats.average;
    case ComparisonMetric::Min:
        return stats.min;
    case ComparisonMetric::Max:
        return stats.max;
    case ComparisonMetric::Calls:
        return static_cast<double>(stats.count);
    }
    return 0.0;
}

std::optional<ComparisonMetric> parseMetric(std::string_view name) {
    for (ComparisonMetric metric :
         {ComparisonMetric::Total, ComparisonMetric::Average, ComparisonMetric::Min,
          ComparisonMetric::Max, ComparisonMetric::Calls, ComparisonMetric::RankMean,
          ComparisonMetric::SlowestRank})
        if (metricName(metric) == name)
            return metric;
    return std::nullopt;
}

bool countsCalls(ComparisonMetric metric) {
    return metric == ComparisonMetric::Total || metric == ComparisonMetric::RankMean ||
           metric == ComparisonMetric::SlowestRank;
}

} // namespace scope
