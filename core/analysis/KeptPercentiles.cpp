// SPDX-License-Identifier: GPL-3.0-or-later
#include "KeptPercentiles.h"

#include "RegionsInParallel.h"

#include <algorithm>

namespace scope {

std::vector<RegionPercentiles> KeptPercentiles::compute(const ProfilingResults& results,
                                                        const std::atomic<bool>* cancel,
                                                        std::uint64_t byteLimit) {
    return regionsInParallel<RegionPercentiles>(
        results.regions.size(), cancel, byteLimit, [&](std::size_t region, std::uint64_t share) {
            const Percentiles p = Percentiles::of(results, region, {}, share, cancel);
            return RegionPercentiles{p.p50, p.p90, p.p95, p.p99};
        });
}

std::uint64_t KeptPercentiles::byteLimitWithin(std::uint64_t budget) {
    return std::clamp<std::uint64_t>(budget / 8, std::uint64_t{1} << 20,
                                     Percentiles::kDefaultByteLimit);
}

bool KeptPercentiles::keep(ProfilingResults& results, const std::atomic<bool>* cancel,
                           std::uint64_t byteLimit) {
    if (results.keptPercentiles.size() == results.regions.size() && !results.regions.empty())
        return true;
    std::vector<RegionPercentiles> kept = compute(results, cancel, byteLimit);
    if (kept.size() != results.regions.size())
        return false;
    results.keptPercentiles = std::move(kept);
    return true;
}

bool KeptPercentiles::cover(const ProfilingResults& results, const RankSelection& ranks) {
    if (results.keptPercentiles.empty() || results.keptPercentiles.size() != results.regions.size())
        return false;
    return ranks.isAll() || results.rankCount(ranks) == results.rankCount({});
}

std::optional<Percentiles> KeptPercentiles::of(const ProfilingResults& results, std::size_t region,
                                               const RankSelection& ranks) {
    if (!cover(results, ranks) || region >= results.keptPercentiles.size())
        return std::nullopt;
    const RegionPercentiles& p = results.keptPercentiles[region];
    return Percentiles{p.p50, p.p90, p.p95, p.p99};
}

} // namespace scope
