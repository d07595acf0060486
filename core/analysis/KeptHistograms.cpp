// SPDX-License-Identifier: GPL-3.0-or-later
#include "KeptHistograms.h"

#include "RegionsInParallel.h"

namespace scope {

std::vector<RegionHistogram> KeptHistograms::compute(const ProfilingResults& results,
                                                     const std::atomic<bool>* cancel,
                                                     std::uint64_t byteLimit) {
    return regionsInParallel<RegionHistogram>(
        results.regions.size(), cancel, byteLimit, [&](std::size_t region, std::uint64_t share) {
            return keptOf(DurationHistogram::detailed(results, region, {}, DurationHistogram::kBins,
                                                      share, cancel));
        });
}

bool KeptHistograms::keep(ProfilingResults& results, const std::atomic<bool>* cancel,
                          std::uint64_t byteLimit) {
    const std::size_t regions = results.regions.size();
    if (results.keptHistograms.size() != regions || regions == 0) {
        std::vector<RegionHistogram> kept = compute(results, cancel, byteLimit);
        if (kept.size() != regions)
            return false;
        results.keptHistograms = std::move(kept);
    }
    if (results.keptPercentiles.size() != regions)
        results.keptPercentiles = percentilesOf(results.keptHistograms);
    return true;
}

std::vector<RegionPercentiles>
KeptHistograms::percentilesOf(std::span<const RegionHistogram> kept) {
    std::vector<RegionPercentiles> percentiles;
    percentiles.reserve(kept.size());
    for (const RegionHistogram& histogram : kept)
        percentiles.push_back(histogram.percentiles);
    return percentiles;
}

bool KeptHistograms::cover(const ProfilingResults& results, std::size_t region,
                           const RankSelection& ranks, std::size_t bins) {
    const bool kept = results.keptHistograms.size() == results.regions.size() &&
                      region < results.keptHistograms.size();
    const bool allRanks = ranks.isAll() || results.rankCount(ranks) == results.rankCount({});
    return kept && allRanks && bins == DurationHistogram::kBins;
}

std::optional<DurationHistogram> KeptHistograms::of(const ProfilingResults& results,
                                                    std::size_t region, const RankSelection& ranks,
                                                    std::size_t bins) {
    if (!cover(results, region, ranks, bins))
        return std::nullopt;
    return histogramOf(results.keptHistograms[region]);
}

RegionHistogram KeptHistograms::keptOf(const DurationHistogram& h) {
    const Percentiles& p = h.percentiles;
    return {h.edges,        h.counts,    h.logarithmic, h.mean, {p.p50, p.p90, p.p95, p.p99},
            h.outlineRanks, h.rankCounts};
}

DurationHistogram KeptHistograms::histogramOf(const RegionHistogram& kept) {
    DurationHistogram h;
    h.edges = kept.edges;
    h.counts = kept.counts;
    h.logarithmic = kept.logarithmic;
    h.mean = kept.mean;
    const RegionPercentiles& p = kept.percentiles;
    h.percentiles = {p.p50, p.p90, p.p95, p.p99};
    h.outlineRanks = kept.outlineRanks;
    h.rankCounts = kept.rankCounts;
    return h;
}

} // namespace scope
