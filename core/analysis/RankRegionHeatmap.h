// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ProfilingResults.h"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace scope {

// Which per-row number a heatmap cell compares with the other ranks.
enum class HeatmapStatistic { Total, Average, Max };

// Imbalance at a glance: one row per rank, one column per region (the
// costliest first), each cell the rank's statistic divided by the mean of
// that statistic over the ranks that call the region, so 1 is "as the
// others" whatever the region's size. Works from the per-row summaries, so
// also for summary-only reads. Flat row-major arrays: 1,024 ranks x hundreds
// of regions stay one allocation each.
class RankRegionHeatmap {
public:
    static constexpr std::size_t kNoRow = std::numeric_limits<std::size_t>::max();

    // Ranks grouped into consecutive bands for drawing, each cell the
    // largest ratio of its band: a single slow rank among more ranks than
    // pixel rows must still show.
    struct Bands {
        std::size_t columns = 0;
        std::vector<std::size_t> firstRow; // bands + 1 boundaries into rows
        std::vector<double> maxRatio;      // bands x columns; NaN: no rank of the band calls it
        std::vector<std::size_t> maxRow;   // the row holding maxRatio, or kNoRow

        std::size_t count() const { return firstRow.empty() ? 0 : firstRow.size() - 1; }
        double ratio(std::size_t band, std::size_t column) const {
            return maxRatio[band * columns + column];
        }
        std::size_t row(std::size_t band, std::size_t column) const {
            return maxRow[band * columns + column];
        }
    };

    static RankRegionHeatmap compute(const ProfilingResults& results, const RankSelection& ranks,
                                     HeatmapStatistic statistic);

    HeatmapStatistic statistic() const { return statistic_; }
    std::size_t rowCount() const { return ranks_.size(); }
    std::size_t columnCount() const { return regions_.size(); }
    std::uint32_t rank(std::size_t row) const { return ranks_[row]; }
    std::size_t region(std::size_t column) const { return regions_[column]; }
    const std::vector<std::uint32_t>& ranks() const { return ranks_; }
    const std::vector<std::size_t>& regions() const { return regions_; }
    // The rank's statistic in seconds; NaN where the rank has no calls of the region.
    double value(std::size_t row, std::size_t column) const;
    // value / mean(column); NaN where the rank has no calls of the region.
    double ratio(std::size_t row, std::size_t column) const;
    // The mean of the statistic in seconds: of Total over every rank shown
    // (those without calls count 0), of the others over the ranks that call
    // the region.
    double mean(std::size_t column) const { return means_[column]; }
    // The row of `rank`, or kNoRow.
    std::size_t rowOf(std::uint32_t rank) const;

    // One band per row when they fit in `pixelRows`, else pixelRows bands
    // of (nearly) equal numbers of consecutive rows.
    Bands bands(std::size_t pixelRows) const;

private:
    HeatmapStatistic statistic_ = HeatmapStatistic::Total;
    std::vector<std::uint32_t> ranks_; // sorted
    std::vector<std::size_t> regions_; // costliest first
    std::vector<double> values_;       // rows x columns
    std::vector<double> means_;        // per column
};

} // namespace scope
