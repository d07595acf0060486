// SPDX-License-Identifier: GPL-3.0-or-later
#include "DurationSeries.h"

#include "RegionCalls.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace scope {

namespace {

// The median of a sorted, non-empty window.
double medianOf(const std::vector<double>& sorted) {
    const std::size_t n = sorted.size();
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
}

// The centred rolling median of `values` (already in start order). The window
// stays sorted: each step inserts one value and removes one, a binary search
// and a move of at most `window` doubles, far cheaper than sorting it again.
std::vector<double> rollingMedian(const std::vector<double>& values, std::size_t window) {
    const std::size_t n = values.size();
    const std::size_t half = window / 2;
    std::vector<double> medians(n);
    std::vector<double> sorted;
    sorted.reserve(window);
    auto insert = [&](double v) {
        sorted.insert(std::upper_bound(sorted.begin(), sorted.end(), v), v);
    };
    for (std::size_t k = 0; k < std::min(n, half + 1); ++k)
        insert(values[k]);
    for (std::size_t i = 0; i < n; ++i) {
        medians[i] = medianOf(sorted);
        if (i + 1 + half < n)
            insert(values[i + 1 + half]);
        if (i >= half)
            sorted.erase(std::lower_bound(sorted.begin(), sorted.end(), values[i - half]));
    }
    return medians;
}

} // namespace

DurationSeries DurationSeries::of(const ProfilingResults& results, std::size_t region,
                                  const RankSelection& ranks, std::size_t window,
                                  std::uint64_t byteLimit, const std::atomic<bool>* cancel) {
    const RegionCalls calls(results, region, ranks, "the durations over time");
    DurationSeries s;
    if (calls.onDemand() && calls.count() > byteLimit / kBytesPerCall) {
        s.callsOverLimit_ = calls.count();
        return s;
    }
    const std::int64_t origin = results.minimumStartNs.value_or(0);
    s.starts_.reserve(static_cast<std::size_t>(calls.count()));
    s.durations_.reserve(static_cast<std::size_t>(calls.count()));
    // One row's calls at a time: they arrive in pieces.
    std::vector<std::int64_t> starts;
    std::vector<std::int64_t> ends;
    std::vector<std::size_t> order;
    auto addRow = [&](std::uint32_t rank) {
        // Calls are stored in start order except where a region calls itself
        // (the inner call ends, and is written, first).
        order.resize(starts.size());
        std::iota(order.begin(), order.end(), std::size_t(0));
        if (!std::is_sorted(starts.begin(), starts.end()))
            std::stable_sort(order.begin(), order.end(),
                             [&](std::size_t a, std::size_t b) { return starts[a] < starts[b]; });
        for (std::size_t k : order) {
            s.starts_.push_back(static_cast<double>(starts[k] - origin) / 1e9);
            s.durations_.push_back(static_cast<double>(ends[k] - starts[k]) / 1e9);
        }
        s.ranks_.push_back(rank);
        s.offsets_.push_back(s.starts_.size());
        starts.clear();
        ends.clear();
    };
    std::size_t current = 0;
    const bool complete = calls.forEachPiece(
        [&](std::size_t row, std::span<const std::int64_t> pieceStarts,
            std::span<const std::int64_t> pieceEnds) {
            if (row != current) {
                addRow(calls.rows()[current]->rank);
                current = row;
            }
            starts.insert(starts.end(), pieceStarts.begin(), pieceStarts.end());
            ends.insert(ends.end(), pieceEnds.begin(), pieceEnds.end());
        },
        cancel);
    if (!complete)
        return {};
    if (!starts.empty())
        addRow(calls.rows()[current]->rank);
    if (s.empty())
        return s;

    const auto [lo, hi] = std::minmax_element(s.durations_.begin(), s.durations_.end());
    s.shortest_ = *lo;
    s.longest_ = *hi;
    s.firstStart_ = std::numeric_limits<double>::infinity();
    s.lastStart_ = -std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < s.ranks_.size(); ++i) {
        s.firstStart_ = std::min(s.firstStart_, s.starts_[s.begin(i)]);
        s.lastStart_ = std::max(s.lastStart_, s.starts_[s.end(i) - 1]);
    }

    // All ranks' calls pooled in start order (ties by rank) for the median.
    order.resize(s.size());
    std::iota(order.begin(), order.end(), std::size_t(0));
    if (s.ranks_.size() > 1)
        std::stable_sort(order.begin(), order.end(),
                         [&](std::size_t a, std::size_t b) { return s.starts_[a] < s.starts_[b]; });
    std::vector<double> pooled(order.size());
    s.medianStarts_.resize(order.size());
    for (std::size_t i = 0; i < order.size(); ++i) {
        s.medianStarts_[i] = s.starts_[order[i]];
        pooled[i] = s.durations_[order[i]];
    }
    s.medians_ = rollingMedian(pooled, std::max<std::size_t>(1, window | 1));
    return s;
}

DurationOutline DurationSeries::outline() const {
    return {ranks_, size(), firstStart_, lastStart_, shortest_, longest_, callsOverLimit_};
}

DurationSeries::Reduction DurationSeries::reduce(double t0, double t1, std::size_t columns,
                                                 bool pooled) const {
    Reduction r;
    r.t0 = t0;
    r.t1 = t1;
    r.columns = columns;
    r.series = pooled ? std::min<std::size_t>(1, ranks_.size()) : ranks_.size();
    r.minimum.assign(r.series * columns, std::numeric_limits<double>::infinity());
    r.maximum.assign(r.series * columns, -std::numeric_limits<double>::infinity());
    r.count.assign(r.series * columns, 0);
    r.medianLow.assign(columns, std::numeric_limits<double>::infinity());
    r.medianHigh.assign(columns, -std::numeric_limits<double>::infinity());
    r.medianCount.assign(columns, 0);
    if (columns == 0 || !(t1 >= t0))
        return r;

    // Only the calls inside the window are visited: starts are sorted.
    auto visit = [&](const std::vector<double>& times, std::size_t from, std::size_t to,
                     auto&& add) {
        const auto first = times.begin() + static_cast<std::ptrdiff_t>(from);
        const auto last = times.begin() + static_cast<std::ptrdiff_t>(to);
        const auto a = std::lower_bound(first, last, t0);
        const auto b = std::upper_bound(a, last, t1);
        for (auto it = a; it != b; ++it) {
            const auto i = static_cast<std::size_t>(it - times.begin());
            add(i, r.columnOf(*it));
        }
    };
    for (std::size_t s = 0; s < ranks_.size(); ++s) {
        const std::size_t row = pooled ? 0 : s;
        visit(starts_, begin(s), end(s), [&](std::size_t i, std::size_t c) {
            const std::size_t cell = row * columns + c;
            r.minimum[cell] = std::min(r.minimum[cell], durations_[i]);
            r.maximum[cell] = std::max(r.maximum[cell], durations_[i]);
            r.count[cell] += 1;
        });
    }
    visit(medianStarts_, 0, medianStarts_.size(), [&](std::size_t i, std::size_t c) {
        r.medianLow[c] = std::min(r.medianLow[c], medians_[i]);
        r.medianHigh[c] = std::max(r.medianHigh[c], medians_[i]);
        r.medianCount[c] += 1;
    });
    return r;
}

} // namespace scope
