// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "DurationHistogram.h"
#include "model/ProfilingResults.h"

#include <atomic>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace scope {

// The histogram of every region's calls over all ranks, computed where the
// calls are and carried with the results (ProfilingResults::keptHistograms),
// so that a run opened from its index shows it without reading calls, and a
// run opened over SSH shows it at all.
class KeptHistograms {
public:
    // DurationHistogram::detailed(results, region, {}, DurationHistogram::kBins)
    // of every region, in `regions` order, from the calls in memory or read on
    // demand (the percentiles of each holding at most about byteLimit bytes).
    // Empty when *cancel became true. Throws EventsUnavailable when the
    // results hold no per-call data.
    static std::vector<RegionHistogram>
    compute(const ProfilingResults& results, const std::atomic<bool>* cancel = nullptr,
            std::uint64_t byteLimit = Percentiles::kDefaultByteLimit);
    // Fills results.keptHistograms unless they are kept already, and
    // results.keptPercentiles from them (the same Percentiles::of) unless
    // those are; false when *cancel became true.
    static bool keep(ProfilingResults& results, const std::atomic<bool>* cancel = nullptr,
                     std::uint64_t byteLimit = Percentiles::kDefaultByteLimit);
    // Whether a histogram of `region` is kept that stands for `ranks` (every
    // rank of the run) in `bins` bins.
    static bool cover(const ProfilingResults& results, std::size_t region,
                      const RankSelection& ranks, std::size_t bins);
    // That histogram; nullopt when none is kept.
    static std::optional<DurationHistogram> of(const ProfilingResults& results, std::size_t region,
                                               const RankSelection& ranks, std::size_t bins);

    // The percentiles of each histogram, as KeptPercentiles::compute gives them.
    static std::vector<RegionPercentiles> percentilesOf(std::span<const RegionHistogram> kept);

    static RegionHistogram keptOf(const DurationHistogram& histogram);
    static DurationHistogram histogramOf(const RegionHistogram& kept);
};

} // namespace scope
