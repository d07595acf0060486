// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/CallsElsewhere.h"
#include "model/ProfilingResults.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace scope {

class DurationSeries;

// A question about the single calls of a run on another host, which only
// its calls answer: the histogram of a region, every region's percentiles,
// or a region's durations over time in a window, over a selection of ranks.
// The viewer writes it as a Question frame; the helper there answers from
// its calls (in memory or read on demand) as Data frames and Done, echoing
// the question.
struct RemoteQuestion {
    enum class Kind : std::uint8_t {
        Histogram = 1,
        Percentiles = 2,
        Durations = 3,
        CallDurations = 4,
    };
    // More bins or columns than any view draws is a damaged question.
    static constexpr std::uint32_t kMostBins = 4096;
    static constexpr std::uint32_t kMostColumns = 1u << 16;

    Kind kind = Kind::Percentiles;
    std::uint32_t region = 0; // all but Percentiles
    std::uint32_t bins = 0;   // Histogram only
    RankSelection ranks;
    // Durations only: the window (seconds since the run's first call) and
    // its columns, 0 for the outline alone; the ranks pooled into one series.
    double t0 = 0.0;
    double t1 = 0.0;
    std::uint32_t columns = 0;
    bool pooled = false;

    std::string encode() const;
    // Throws CorruptProfileError naming `source` on damaged bytes, a region
    // past `regions`, bins out of range or ranks out of order.
    static RemoteQuestion decode(std::string_view bytes, const std::string& source,
                                 std::size_t regions);

    // On the host: the answer from the calls of `results`, the percentiles
    // and durations holding at most about byteLimit bytes of calls read on
    // demand.
    std::string answer(const ProfilingResults& results, std::uint64_t byteLimit) const;
    // On the host: a Durations answer from the series of its region and
    // ranks, built before (the helper keeps it for the next window).
    std::string answer(const DurationSeries& series) const;

    // Here: the answer to this question. Throws RemoteReadError naming `url`
    // on damaged bytes or an answer to another question.
    RegionHistogram histogramFrom(std::string_view answer, const std::string& url) const;
    std::vector<RegionPercentiles> percentilesFrom(std::string_view answer, const std::string& url,
                                                   std::size_t regions) const;
    CallsElsewhere::Durations durationsFrom(std::string_view answer, const std::string& url) const;
    // Also when the ranks are not the question's (ascending, selected), the
    // durations not as many as their counts say, or more than maxBytes of
    // them (0 = no limit).
    CallsElsewhere::CallDurations callDurationsFrom(std::string_view answer, const std::string& url,
                                                    std::uint64_t maxBytes) const;
};

} // namespace scope
