// SPDX-License-Identifier: GPL-3.0-or-later
#include "Percentiles.h"

#include "OrderStatistics.h"
#include "RegionCalls.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace scope {

namespace {

constexpr std::array<double, 4> kQuantiles{50, 90, 95, 99};

// The interpolation position of q among n sorted values: the order statistic
// below it and the fraction of the way to the next one.
struct Position {
    std::uint64_t below = 0;
    std::uint64_t above = 0;
    double fraction = 0.0;
};

Position positionOf(std::uint64_t n, double q) {
    const double position = q / 100.0 * static_cast<double>(n - 1);
    const auto below = static_cast<std::uint64_t>(std::floor(position));
    return {below, std::min(below + 1, n - 1), position - static_cast<double>(below)};
}

double interpolate(std::int64_t below, std::int64_t above, double fraction) {
    const auto lo = static_cast<double>(below);
    const auto hi = static_cast<double>(above);
    return lo + (hi - lo) * fraction;
}

} // namespace

double Percentiles::percentile(std::span<const std::int64_t> sorted, double q) {
    if (sorted.empty())
        return 0.0;
    const Position p = positionOf(sorted.size(), q);
    return interpolate(sorted[p.below], sorted[p.above], p.fraction);
}

Percentiles Percentiles::of(const ProfilingResults& results, std::size_t region,
                            const RankSelection& ranks, std::uint64_t byteLimit,
                            const std::atomic<bool>* cancel, Work* work) {
    const RegionCalls calls(results, region, ranks);
    if (calls.count() == 0)
        return {};
    // Events in memory are within the budget already: one copy of their
    // durations, however many, as before there was a limit.
    if (!calls.onDemand())
        byteLimit = std::numeric_limits<std::uint64_t>::max();
    std::vector<std::uint64_t> wanted;
    for (double q : kQuantiles) {
        const Position p = positionOf(calls.count(), q);
        wanted.push_back(p.below);
        wanted.push_back(p.above);
    }
    const OrderStatistics::Result selected =
        OrderStatistics::select(calls, wanted, byteLimit, cancel);
    if (work != nullptr)
        *work = {selected.passes, selected.refined, selected.peakBytes};
    if (selected.cancelled)
        return {};
    std::array<double, kQuantiles.size()> seconds{};
    for (std::size_t i = 0; i < kQuantiles.size(); ++i)
        seconds[i] = interpolate(selected.values[2 * i], selected.values[2 * i + 1],
                                 positionOf(calls.count(), kQuantiles[i]).fraction) /
                     1e9;
    return {seconds[0], seconds[1], seconds[2], seconds[3]};
}

} // namespace scope
