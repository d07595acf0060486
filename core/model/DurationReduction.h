// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace scope {

// A region's calls in a time window, reduced to pixel columns for the
// durations over time (analysis/DurationSeries::reduce): per series (a rank,
// or all pooled into one) and column, the shortest and longest call starting
// there and how many; per column, the range of the rolling median. Column c
// covers [t0 + c·w, t0 + (c+1)·w) with w = (t1 − t0) / columns, seconds
// since the run's first call; the last one includes t1. Empty columns have
// count 0 (min and max then undefined).
struct DurationReduction {
    double t0 = 0.0;
    double t1 = 0.0;
    std::size_t columns = 0;
    std::size_t series = 0;           // rows: the ranks, or 1 when pooled
    std::vector<double> minimum;      // series × columns, row-major
    std::vector<double> maximum;      // series × columns
    std::vector<std::uint32_t> count; // series × columns
    std::vector<double> medianLow;    // columns: range of the median there
    std::vector<double> medianHigh;   // columns
    std::vector<std::uint32_t> medianCount;

    std::size_t at(std::size_t row, std::size_t column) const { return row * columns + column; }
    // The column holding time t (seconds), or columns when outside [t0, t1].
    std::size_t columnOf(double t) const;
    // The start of column c (seconds); columnStart(columns) is t1.
    double columnStart(std::size_t column) const;

    bool operator==(const DurationReduction&) const = default;
};

} // namespace scope
