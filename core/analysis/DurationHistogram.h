// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Percentiles.h"
#include "model/ProfilingResults.h"

#include <atomic>
#include <cstdint>
#include <vector>

namespace scope {

// Call durations of a region in equal-width bins between the shortest and the
// longest call (seconds); logarithmic bins for durations spanning decades.
struct DurationHistogram {
    std::vector<double> edges;         // bins + 1 edges, seconds
    std::vector<std::uint64_t> counts; // one per bin
    bool logarithmic = false;          // whether the edges are equal steps of log10

    // The bins of the histogram view and its export, and of the histograms
    // kept with the results (KeptHistograms).
    static constexpr std::size_t kBins = 40;

    // Filled by detailed(): the mean and percentiles of the same calls
    // (seconds), and counts per rank when few enough ranks call the region
    // for one outline each to stay readable.
    static constexpr std::size_t kMaxRankOutlines = RegionHistogram::kMostOutlines;
    double mean = 0.0;
    Percentiles percentiles;
    std::vector<std::uint32_t> outlineRanks; // empty beyond kMaxRankOutlines ranks
    std::vector<std::uint64_t> rankCounts;   // outlineRanks.size() x bins, row-major

    // With the events in memory or read on demand (results.onDemand): the
    // calls stream through in pieces, between the shortest and the longest
    // call of the rows' summaries when read on demand (no read needed for the
    // edges). Both return an empty histogram early when *cancel becomes true
    // and throw EventsUnavailable without per-call data.
    static DurationHistogram of(const ProfilingResults& results, std::size_t region,
                                const RankSelection& ranks, std::size_t bins,
                                bool logarithmic = false,
                                const std::atomic<bool>* cancel = nullptr);
    // Logarithmic bins (equal-width when the shortest call is 0 ns) with the
    // fields above; the percentiles hold at most about `byteLimit` bytes of
    // calls read on demand (Percentiles::of). The kept histogram
    // (KeptHistograms) when it stands for the same: no call is read for it,
    // and a run whose calls are elsewhere has it. Otherwise such a run asks
    // the host (ProfilingResults::callsElsewhere), waiting for its answer.
    static DurationHistogram detailed(const ProfilingResults& results, std::size_t region,
                                      const RankSelection& ranks, std::size_t bins,
                                      std::uint64_t byteLimit = Percentiles::kDefaultByteLimit,
                                      const std::atomic<bool>* cancel = nullptr);
    // The bin holding a duration (seconds); the last bin is closed on the right.
    std::size_t binOf(double seconds) const;
    std::uint64_t rankCount(std::size_t outline, std::size_t bin) const {
        return rankCounts[outline * counts.size() + bin];
    }
};

} // namespace scope
