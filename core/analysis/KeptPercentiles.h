// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Percentiles.h"
#include "model/ProfilingResults.h"

#include <atomic>
#include <cstdint>
#include <optional>
#include <vector>

namespace scope {

// The percentiles of every region over all ranks, computed where the calls
// are and carried with the results (ProfilingResults::keptPercentiles), so
// that a run opened from its index or over SSH shows them without its calls.
class KeptPercentiles {
public:
    // Percentiles::of(results, region) of every region, in `regions` order,
    // from the calls in memory or read on demand (each region's read holding
    // at most about byteLimit bytes). Empty when *cancel became true. Throws
    // EventsUnavailable when the results hold no per-call data.
    static std::vector<RegionPercentiles>
    compute(const ProfilingResults& results, const std::atomic<bool>* cancel = nullptr,
            std::uint64_t byteLimit = Percentiles::kDefaultByteLimit);
    // The byteLimit of a computation within `budget` (a load's data budget):
    // an eighth of it, at least 1 MiB and at most Percentiles::kDefaultByteLimit.
    static std::uint64_t byteLimitWithin(std::uint64_t budget);
    // Fills results.keptPercentiles unless they are kept already; false when
    // *cancel became true.
    static bool keep(ProfilingResults& results, const std::atomic<bool>* cancel = nullptr,
                     std::uint64_t byteLimit = Percentiles::kDefaultByteLimit);
    // The kept percentiles of `region` when they stand for `ranks`: every
    // rank of the run selected; nullopt otherwise (not kept, or a rank
    // selection, whose percentiles need the calls).
    static std::optional<Percentiles> of(const ProfilingResults& results, std::size_t region,
                                         const RankSelection& ranks = {});
    // Whether they stand for `ranks` (every region then has them).
    static bool cover(const ProfilingResults& results, const RankSelection& ranks);
};

} // namespace scope
