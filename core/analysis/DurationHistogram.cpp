// SPDX-License-Identifier: GPL-3.0-or-later
#include "DurationHistogram.h"

#include "KeptHistograms.h"
#include "RegionCalls.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

namespace scope {

namespace {

// The bin of x (transformed) for bins of `width` from a. Clamped before the
// conversion: a call outside the summaries' range lands in an end bin.
std::size_t binAt(double x, double a, double width, std::size_t bins) {
    const double bin = std::min(std::max(0.0, (x - a) / width), static_cast<double>(bins - 1));
    return static_cast<std::size_t>(bin);
}

// Bins between the shortest and the longest call: the histogram with its
// edges and zero counts, and where its bins start and how wide they are in
// the transformed (log10 or linear) durations. Empty without calls or when
// cancelled. Calls in memory are scanned for their range; calls read on
// demand take it from the rows' summaries, computed from the same calls while
// streaming them.
struct Bins {
    DurationHistogram histogram;
    double a = 0.0;
    double width = 0.0;
};

Bins binsFor(const RegionCalls& calls, std::size_t bins, bool logarithmic,
             const std::atomic<bool>* cancel) {
    Bins b;
    DurationHistogram& h = b.histogram;
    if (calls.count() == 0 || bins == 0)
        return b;
    std::int64_t shortest = calls.shortestNs();
    std::int64_t longest = calls.longestNs();
    if (!calls.onDemand()) {
        shortest = std::numeric_limits<std::int64_t>::max();
        longest = std::numeric_limits<std::int64_t>::min();
        const bool complete = calls.forEachDuration(
            [&](std::size_t, std::span<const std::int64_t> durations) {
                const auto [lo, hi] = std::minmax_element(durations.begin(), durations.end());
                shortest = std::min(shortest, *lo);
                longest = std::max(longest, *hi);
            },
            cancel);
        if (!complete)
            return b;
    }
    double low = static_cast<double>(shortest) / 1e9;
    double high = static_cast<double>(longest) / 1e9;
    logarithmic = logarithmic && low > 0.0;
    h.logarithmic = logarithmic;
    if (high <= low)
        high = low + (low > 0 ? low * 1e-6 : 1e-9); // one bin holding every call
    auto transform = [&](double v) { return logarithmic ? std::log10(v) : v; };
    b.a = transform(low);
    b.width = (transform(high) - b.a) / static_cast<double>(bins);
    h.edges.resize(bins + 1);
    for (std::size_t i = 0; i <= bins; ++i) {
        const double e = b.a + b.width * static_cast<double>(i);
        h.edges[i] = logarithmic ? std::pow(10.0, e) : e;
    }
    h.counts.assign(bins, 0);
    return b;
}

bool cancelled(const std::atomic<bool>* cancel) {
    return cancel != nullptr && cancel->load(std::memory_order_relaxed);
}

} // namespace

DurationHistogram DurationHistogram::of(const ProfilingResults& results, std::size_t region,
                                        const RankSelection& ranks, std::size_t bins,
                                        bool logarithmic, const std::atomic<bool>* cancel) {
    const RegionCalls calls(results, region, ranks);
    Bins b = binsFor(calls, bins, logarithmic, cancel);
    DurationHistogram& h = b.histogram;
    if (h.counts.empty())
        return {};
    const bool log = h.logarithmic;
    const bool complete = calls.forEachDuration(
        [&](std::size_t, std::span<const std::int64_t> durations) {
            for (const std::int64_t d : durations) {
                const double seconds = static_cast<double>(d) / 1e9;
                h.counts[binAt(log ? std::log10(seconds) : seconds, b.a, b.width, bins)] += 1;
            }
        },
        cancel);
    return complete ? std::move(h) : DurationHistogram();
}

std::size_t DurationHistogram::binOf(double seconds) const {
    const std::size_t bins = counts.size();
    if (bins == 0)
        return 0;
    auto transform = [&](double v) { return logarithmic ? std::log10(v) : v; };
    const double a = transform(edges.front());
    const double width = (transform(edges.back()) - a) / static_cast<double>(bins);
    const double x = seconds > 0.0 || !logarithmic ? transform(seconds) : a;
    return binAt(x, a, width, bins);
}

DurationHistogram DurationHistogram::detailed(const ProfilingResults& results, std::size_t region,
                                              const RankSelection& ranks, std::size_t bins,
                                              std::uint64_t byteLimit,
                                              const std::atomic<bool>* cancel) {
    if (std::optional<DurationHistogram> kept = KeptHistograms::of(results, region, ranks, bins))
        return std::move(*kept);
    if (!hasCallData(results) && results.callsElsewhere)
        return KeptHistograms::histogramOf(results.callsElsewhere->histogram(region, ranks, bins));
    const RegionCalls calls(results, region, ranks);
    DurationHistogram h = binsFor(calls, bins, true, cancel).histogram;
    if (h.counts.empty())
        return {};
    h.percentiles = Percentiles::of(results, region, ranks, byteLimit, cancel);
    if (cancelled(cancel))
        return {};

    // Counted through binOf so the outlines and the bars agree to the call.
    const std::vector<const RankRegion*>& rows = calls.rows();
    const bool outlines = rows.size() <= kMaxRankOutlines;
    if (outlines) {
        for (const RankRegion* row : rows)
            h.outlineRanks.push_back(row->rank);
        h.rankCounts.assign(rows.size() * bins, 0);
    }
    // Exact: a long double holds any sum of int64 durations below 2^64.
    long double sum = 0;
    const bool complete = calls.forEachDuration(
        [&](std::size_t row, std::span<const std::int64_t> durations) {
            for (const std::int64_t d : durations) {
                sum += static_cast<long double>(d);
                const std::size_t bin = h.binOf(static_cast<double>(d) / 1e9);
                h.counts[bin] += 1;
                if (outlines)
                    h.rankCounts[row * bins + bin] += 1;
            }
        },
        cancel);
    if (!complete)
        return {};
    h.mean = static_cast<double>(sum / static_cast<long double>(calls.count()) / 1e9L);
    return h;
}

} // namespace scope
