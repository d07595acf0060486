// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "DurationOutline.h"
#include "DurationReduction.h"
#include "RankSelection.h"
#include "RegionHistogram.h"
#include "RegionPercentiles.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace scope {

// The calls of a run that stayed where it was read (on another host, kept
// open: core/remote/RemoteCalls): the questions about single calls that the
// views ask, answered there from every call. Thread-safe; each answer waits
// for the host, so ask from a worker thread. Throws RemoteReadError naming
// host and file when the host cannot answer (the connection dropped).
class CallsElsewhere {
public:
    virtual ~CallsElsewhere() = default;

    // DurationHistogram::detailed of `region`'s calls on `ranks` in `bins` bins.
    virtual RegionHistogram histogram(std::size_t region, const RankSelection& ranks,
                                      std::size_t bins) const = 0;
    // Percentiles::of of every region's calls on `ranks`, in `regions` order.
    virtual std::vector<RegionPercentiles> percentiles(const RankSelection& ranks) const = 0;

    // DurationSeries::of of `region`'s calls on `ranks`, built there (and
    // kept for the next window): its outline and, for columns > 0, its
    // reduce(t0, t1, columns, pooled).
    struct Durations {
        DurationOutline outline;
        DurationReduction reduction;
    };
    virtual Durations durations(std::size_t region, const RankSelection& ranks, double t0,
                                double t1, std::size_t columns, bool pooled) const = 0;

    // Every call's duration (ns) of `region` on `ranks`, rank after rank in
    // recording order (a significance test's sample): the only question whose
    // answer is as large as the calls asked about.
    struct CallDurations {
        std::vector<std::int64_t> durationsNs;
        std::vector<std::uint32_t> ranks;  // ascending, those with calls
        std::vector<std::uint64_t> counts; // calls per rank
    };
    virtual CallDurations callDurations(std::size_t region, const RankSelection& ranks) const = 0;
};

} // namespace scope
