// SPDX-License-Identifier: GPL-3.0-or-later
#include "Percentiles.h"

#include "EventSelection.h"

#include <algorithm>
#include <cmath>

namespace scope {

double Percentiles::percentile(std::span<const std::int64_t> sorted, double q) {
    if (sorted.empty())
        return 0.0;
    const double position = q / 100.0 * static_cast<double>(sorted.size() - 1);
    const auto below = static_cast<std::size_t>(std::floor(position));
    const std::size_t above = std::min(below + 1, sorted.size() - 1);
    const double fraction = position - static_cast<double>(below);
    const auto lo = static_cast<double>(sorted[below]);
    const auto hi = static_cast<double>(sorted[above]);
    return lo + (hi - lo) * fraction;
}

Percentiles Percentiles::of(const ProfilingResults& results, std::size_t region,
                            const RankSelection& ranks) {
    std::vector<std::int64_t> d = selectedDurations(results, region, ranks);
    if (d.empty())
        return {};
    // Selection instead of a full sort: each percentile needs only its two
    // neighbouring order statistics, and the selections narrow as q grows.
    auto at = [&](std::size_t k, std::size_t from) {
        std::nth_element(d.begin() + static_cast<std::ptrdiff_t>(from),
                         d.begin() + static_cast<std::ptrdiff_t>(k), d.end());
        return d[k];
    };
    std::size_t from = 0;
    auto seconds = [&](double q) {
        const double position = q / 100.0 * static_cast<double>(d.size() - 1);
        const auto below = static_cast<std::size_t>(std::floor(position));
        const auto lo = static_cast<double>(at(below, from));
        // After nth_element the next order statistic is the minimum of the rest.
        const double hi = below + 1 < d.size()
                              ? static_cast<double>(*std::min_element(
                                    d.begin() + static_cast<std::ptrdiff_t>(below + 1), d.end()))
                              : lo;
        from = below;
        return (lo + (hi - lo) * (position - static_cast<double>(below))) / 1e9;
    };
    Percentiles p;
    p.p50 = seconds(50);
    p.p90 = seconds(90);
    p.p95 = seconds(95);
    p.p99 = seconds(99);
    return p;
}

} // namespace scope
