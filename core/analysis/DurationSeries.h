// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Percentiles.h"
#include "model/DurationOutline.h"
#include "model/DurationReduction.h"
#include "model/ProfilingResults.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace scope {

// Each call's duration against its start time, for one region and the
// selected ranks, to show warm-up, drift and periodic spikes. Built once per
// region and selection; reduce() then turns any time window into per-pixel
// columns, so a redraw costs the calls in the window plus the pixels, never
// one drawn object per call.
//
// The rolling median pools the selected ranks' calls in start order over a
// centred window of kMedianWindow calls (fewer at both ends, where the window
// is clipped to the calls there are; an even count takes the mean of the two
// middle values). 101 calls smooth out single spikes while a change of
// behaviour lasting a few hundred calls still shows.
class DurationSeries {
public:
    static constexpr std::size_t kMedianWindow = 101;
    // What a call costs while the series is built: start, duration, median
    // start and median (8 bytes each), the pooled order and the row read.
    static constexpr std::uint64_t kBytesPerCall = 48;
    // Whether the median of `calls` calls changes along them: up to half a
    // window and one, every centred window holds them all, one median.
    static constexpr bool medianRolls(std::size_t calls, std::size_t window = kMedianWindow) {
        return calls > (window | 1) / 2 + 1;
    }

    // Throws EventsUnavailable without per-call data. `window` is odd (even
    // values are taken as the next odd one). Calls read on demand
    // (results.onDemand) are read only when the series of all of them fits in
    // `byteLimit` (kBytesPerCall each); otherwise the series stays empty and
    // callsOverLimit() says how many calls there were. Events in memory are
    // within the memory budget already and have no limit. Returns an empty
    // series early when *cancel becomes true.
    static DurationSeries of(const ProfilingResults& results, std::size_t region,
                             const RankSelection& ranks, std::size_t window = kMedianWindow,
                             std::uint64_t byteLimit = Percentiles::kDefaultByteLimit,
                             const std::atomic<bool>* cancel = nullptr);
    // The calls of the region, when more than the byte limit allows were not
    // read; 0 otherwise.
    std::uint64_t callsOverLimit() const { return callsOverLimit_; }

    // Ranks with calls, ascending; series i holds the calls [begin(i), end(i)).
    const std::vector<std::uint32_t>& ranks() const { return ranks_; }
    std::size_t begin(std::size_t series) const { return offsets_[series]; }
    std::size_t end(std::size_t series) const { return offsets_[series + 1]; }
    // Seconds since the run's first call (ProfilingResults::minimumStartNs),
    // ascending within a series, and each call's duration in seconds.
    const std::vector<double>& starts() const { return starts_; }
    const std::vector<double>& durations() const { return durations_; }
    // The rolling median at each call of all series pooled, in start order.
    const std::vector<double>& medianStarts() const { return medianStarts_; }
    const std::vector<double>& medians() const { return medians_; }

    std::size_t size() const { return starts_.size(); }
    bool empty() const { return starts_.empty(); }
    double firstStart() const { return firstStart_; }
    double lastStart() const { return lastStart_; }
    double shortest() const { return shortest_; }
    double longest() const { return longest_; }

    // What the axes and the legend need, without the calls.
    DurationOutline outline() const;

    // Per series (or all pooled into one) and per pixel column: the shortest
    // and longest call starting in the column, and how many (see
    // DurationReduction).
    using Reduction = DurationReduction;
    Reduction reduce(double t0, double t1, std::size_t columns, bool pooled = false) const;

private:
    std::vector<std::uint32_t> ranks_;
    std::vector<std::size_t> offsets_{0};
    std::vector<double> starts_;
    std::vector<double> durations_;
    std::vector<double> medianStarts_;
    std::vector<double> medians_;
    double firstStart_ = 0.0;
    double lastStart_ = 0.0;
    double shortest_ = 0.0;
    double longest_ = 0.0;
    std::uint64_t callsOverLimit_ = 0;
};

} // namespace scope
