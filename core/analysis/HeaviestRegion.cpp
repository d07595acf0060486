// SPDX-License-Identifier: GPL-3.0-or-later
#include "HeaviestRegion.h"

#include <tuple>

namespace scope {

int HeaviestRegion::of(const ProfilingResults& results, const RankSelection& ranks) {
    int heaviest = -1;
    // (exclusive time known, exclusive seconds, calls): larger is heavier.
    std::tuple<bool, double, std::uint64_t> best{false, 0.0, 0};
    for (std::size_t region = 0; region < results.regions.size(); ++region) {
        const RegionStats stats = results.pooled(region, ranks);
        if (stats.count == 0)
            continue;
        const std::tuple<bool, double, std::uint64_t> weight{
            stats.exclusive.has_value(), stats.exclusive.value_or(0.0), stats.count};
        if (heaviest < 0 || weight > best) {
            best = weight;
            heaviest = static_cast<int>(region);
        }
    }
    return heaviest;
}

} // namespace scope
