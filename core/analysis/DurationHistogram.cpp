// SPDX-License-Identifier: GPL-3.0-or-later
#include "DurationHistogram.h"

#include "EventSelection.h"

#include <algorithm>
#include <cmath>

namespace scope {

DurationHistogram DurationHistogram::of(const ProfilingResults& results, std::size_t region,
                                        const RankSelection& ranks, std::size_t bins,
                                        bool logarithmic) {
    const std::vector<std::int64_t> durations = selectedDurations(results, region, ranks);
    DurationHistogram h;
    if (durations.empty() || bins == 0)
        return h;
    const auto [lowIt, highIt] = std::minmax_element(durations.begin(), durations.end());
    double low = static_cast<double>(*lowIt) / 1e9;
    double high = static_cast<double>(*highIt) / 1e9;
    logarithmic = logarithmic && low > 0.0;
    h.logarithmic = logarithmic;
    if (high <= low)
        high = low + (low > 0 ? low * 1e-6 : 1e-9); // one bin holding every call
    auto transform = [&](double v) { return logarithmic ? std::log10(v) : v; };
    const double a = transform(low);
    const double width = (transform(high) - a) / static_cast<double>(bins);
    h.edges.resize(bins + 1);
    for (std::size_t i = 0; i <= bins; ++i) {
        const double e = a + width * static_cast<double>(i);
        h.edges[i] = logarithmic ? std::pow(10.0, e) : e;
    }
    h.counts.assign(bins, 0);
    for (std::int64_t d : durations) {
        const double x = transform(static_cast<double>(d) / 1e9);
        auto bin = static_cast<std::size_t>(std::max(0.0, (x - a) / width));
        // NumPy's last bin is closed on the right.
        h.counts[std::min(bin, bins - 1)] += 1;
    }
    return h;
}

std::size_t DurationHistogram::binOf(double seconds) const {
    const std::size_t bins = counts.size();
    if (bins == 0)
        return 0;
    auto transform = [&](double v) { return logarithmic ? std::log10(v) : v; };
    const double a = transform(edges.front());
    const double width = (transform(edges.back()) - a) / static_cast<double>(bins);
    const double x = seconds > 0.0 || !logarithmic ? transform(seconds) : a;
    const auto bin = static_cast<std::size_t>(std::max(0.0, (x - a) / width));
    return std::min(bin, bins - 1);
}

DurationHistogram DurationHistogram::detailed(const ProfilingResults& results, std::size_t region,
                                              const RankSelection& ranks, std::size_t bins) {
    DurationHistogram h = of(results, region, ranks, bins, true);
    if (h.counts.empty())
        return h;
    std::vector<std::int64_t> durations = selectedDurations(results, region, ranks);
    std::sort(durations.begin(), durations.end());
    long double sum = 0;
    for (std::int64_t d : durations)
        sum += static_cast<long double>(d);
    h.mean = static_cast<double>(sum / static_cast<long double>(durations.size()) / 1e9L);
    h.percentiles.p50 = Percentiles::percentile(durations, 50) / 1e9;
    h.percentiles.p90 = Percentiles::percentile(durations, 90) / 1e9;
    h.percentiles.p95 = Percentiles::percentile(durations, 95) / 1e9;
    h.percentiles.p99 = Percentiles::percentile(durations, 99) / 1e9;

    // Counted again through binOf so the outlines and the bars agree to the call.
    std::vector<const RankRegion*> rows;
    for (const RankRegion& row : results.rowsOf(region))
        if (row.summary.count > 0 && ranks.contains(row.rank))
            rows.push_back(&row);
    const bool outlines = rows.size() <= kMaxRankOutlines;
    std::fill(h.counts.begin(), h.counts.end(), 0);
    if (outlines) {
        for (const RankRegion* row : rows)
            h.outlineRanks.push_back(row->rank);
        h.rankCounts.assign(rows.size() * bins, 0);
    }
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const auto starts = results.starts(*rows[i]);
        const auto ends = results.ends(*rows[i]);
        for (std::size_t k = 0; k < starts.size(); ++k) {
            const std::size_t bin = h.binOf(static_cast<double>(ends[k] - starts[k]) / 1e9);
            h.counts[bin] += 1;
            if (outlines)
                h.rankCounts[i * bins + bin] += 1;
        }
    }
    return h;
}

} // namespace scope
