// SPDX-License-Identifier: GPL-3.0-or-later
#include "KeptPercentiles.h"

#include "base/ParallelFor.h"

#include <algorithm>
#include <thread>

namespace scope {

std::vector<RegionPercentiles> KeptPercentiles::compute(const ProfilingResults& results,
                                                        const std::atomic<bool>* cancel,
                                                        std::uint64_t byteLimit) {
    const std::size_t regions = results.regions.size();
    std::vector<RegionPercentiles> kept(regions);
    // Regions apart on every core; calls read on demand share the byte limit
    // between them, so that all together hold about what one would.
    const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
    const std::uint64_t share = std::max<std::uint64_t>(byteLimit / threads, 1);
    parallelFor(
        regions, threads, cancel,
        [&](std::size_t region, unsigned) {
            const Percentiles p = Percentiles::of(results, region, {}, share, cancel);
            kept[region] = {p.p50, p.p90, p.p95, p.p99};
        },
        [] {});
    if (cancel != nullptr && cancel->load(std::memory_order_relaxed))
        return {};
    return kept;
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
