// SPDX-License-Identifier: GPL-3.0-or-later
#include "RankRegionHeatmap.h"

#include "model/ComparisonMetric.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace scope {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// The statistic as the per-rank chart and the comparison pick it.
double statisticOf(const CallSummary& s, HeatmapStatistic statistic) {
    const ComparisonMetric metric = statistic == HeatmapStatistic::Average
                                        ? ComparisonMetric::Average
                                    : statistic == HeatmapStatistic::Max ? ComparisonMetric::Max
                                                                         : ComparisonMetric::Total;
    return metricValue(metric, RegionStats::fromSummary(s));
}

} // namespace

RankRegionHeatmap RankRegionHeatmap::compute(const ProfilingResults& results,
                                             const RankSelection& ranks,
                                             HeatmapStatistic statistic) {
    RankRegionHeatmap h;
    h.statistic_ = statistic;
    // Costs summed in nanoseconds: exact, so the order does not depend on rounding.
    std::vector<std::int64_t> cost(results.regions.size(), 0);
    std::vector<bool> called(results.regions.size(), false);
    for (const RankRegion& row : results.rows) {
        if (row.summary.count == 0 || !ranks.contains(row.rank) ||
            row.region >= results.regions.size())
            continue;
        cost[row.region] += row.summary.total;
        called[row.region] = true;
        h.ranks_.push_back(row.rank);
    }
    std::sort(h.ranks_.begin(), h.ranks_.end());
    h.ranks_.erase(std::unique(h.ranks_.begin(), h.ranks_.end()), h.ranks_.end());
    for (std::size_t r = 0; r < called.size(); ++r)
        if (called[r])
            h.regions_.push_back(r);
    std::stable_sort(h.regions_.begin(), h.regions_.end(),
                     [&](std::size_t a, std::size_t b) { return cost[a] > cost[b]; });

    const std::size_t columns = h.regions_.size();
    h.values_.assign(h.ranks_.size() * columns, kNaN);
    h.means_.assign(columns, 0.0);
    for (std::size_t c = 0; c < columns; ++c) {
        double sum = 0.0;
        std::size_t n = 0;
        for (const RankRegion& row : results.rowsOf(h.regions_[c])) {
            if (row.summary.count == 0 || !ranks.contains(row.rank))
                continue;
            const double v = statisticOf(row.summary, statistic);
            h.values_[h.rowOf(row.rank) * columns + c] = v;
            sum += v;
            ++n;
        }
        // A total is work: a rank that never calls the region did none of it
        // and counts 0, as in the region table's imbalance. An average or a
        // longest call has no value there.
        if (statistic == HeatmapStatistic::Total)
            n = h.ranks_.size();
        h.means_[c] = n > 0 ? sum / static_cast<double>(n) : 0.0;
    }
    return h;
}

double RankRegionHeatmap::value(std::size_t row, std::size_t column) const {
    return values_[row * regions_.size() + column];
}

double RankRegionHeatmap::ratio(std::size_t row, std::size_t column) const {
    const double v = value(row, column);
    if (std::isnan(v))
        return kNaN;
    // Every rank at zero (timer resolution) is perfectly balanced.
    return means_[column] > 0.0 ? v / means_[column] : 1.0;
}

std::size_t RankRegionHeatmap::rowOf(std::uint32_t rank) const {
    const auto it = std::lower_bound(ranks_.begin(), ranks_.end(), rank);
    return it != ranks_.end() && *it == rank ? static_cast<std::size_t>(it - ranks_.begin())
                                             : kNoRow;
}

RankRegionHeatmap::Bands RankRegionHeatmap::bands(std::size_t pixelRows) const {
    Bands b;
    const std::size_t rows = ranks_.size();
    const std::size_t columns = regions_.size();
    b.columns = columns;
    const std::size_t count = std::min(rows, std::max<std::size_t>(pixelRows, 1));
    b.firstRow.resize(count + 1);
    for (std::size_t i = 0; i <= count; ++i)
        b.firstRow[i] = count == 0 ? 0 : i * rows / count;
    b.maxRatio.assign(count * columns, kNaN);
    b.maxRow.assign(count * columns, kNoRow);
    for (std::size_t band = 0; band < count; ++band) {
        for (std::size_t row = b.firstRow[band]; row < b.firstRow[band + 1]; ++row) {
            for (std::size_t c = 0; c < columns; ++c) {
                const double r = ratio(row, c);
                double& best = b.maxRatio[band * columns + c];
                if (!std::isnan(r) && (std::isnan(best) || r > best)) {
                    best = r;
                    b.maxRow[band * columns + c] = row;
                }
            }
        }
    }
    return b;
}

} // namespace scope
