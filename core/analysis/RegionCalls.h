// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/CallsElsewhere.h"
#include "model/ProfilingResults.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

namespace scope {

// The calls of one region on the selected ranks, handed out in pieces of at
// most kPieceCalls, whether the events are in memory or read on demand through
// results.onDemand. The distributions stream through it, so what they keep is
// bounded by what they choose to keep, not by the region's size.
class RegionCalls {
public:
    // 64 Ki calls: 1 MiB of starts and ends per piece read on demand, small
    // enough to stay in cache, large enough that a read costs little per call.
    static constexpr std::size_t kPieceCalls = std::size_t(1) << 16;

    // Throws EventsUnavailable naming `what` when the results hold neither the
    // events nor a CallSource.
    RegionCalls(const ProfilingResults& results, std::size_t region, const RankSelection& ranks,
                const char* what = "this statistic");

    // Whether the calls come from the file (results.onDemand) rather than memory.
    bool onDemand() const { return inMemory_ == false; }
    const std::string& path() const { return results_.path; }
    // The selected rows with calls, by rank.
    const std::vector<const RankRegion*>& rows() const { return rows_; }
    // From the rows' summaries: no call is read.
    std::uint64_t count() const { return count_; }
    std::int64_t shortestNs() const { return shortest_; }
    std::int64_t longestNs() const { return longest_; }

    // Absolute start and end times (ns) of one piece of a row's calls.
    using Piece = std::function<void(std::size_t rowIndex, std::span<const std::int64_t> starts,
                                     std::span<const std::int64_t> ends)>;
    using Durations = std::function<void(std::size_t rowIndex, std::span<const std::int64_t>)>;
    // Every selected call once, row by row in recording order. Returns false,
    // having stopped early, when *cancel became true.
    bool forEachPiece(const Piece& piece, const std::atomic<bool>* cancel = nullptr) const;
    // The same calls as durations (ns).
    bool forEachDuration(const Durations& durations,
                         const std::atomic<bool>* cancel = nullptr) const;
    // Every selected call's duration, rank after rank in recording order, as
    // a host answers CallsElsewhere::callDurations.
    CallsElsewhere::CallDurations durationsByRank() const;

private:
    const ProfilingResults& results_;
    std::vector<const RankRegion*> rows_;
    std::uint64_t count_ = 0;
    std::int64_t shortest_ = 0;
    std::int64_t longest_ = 0;
    bool inMemory_ = true;
};

// Whether the durations of single calls can be had: read or readable on demand.
inline bool hasCallData(const ProfilingResults& results) {
    return results.eventsRead || results.onDemand != nullptr;
}

// Whether the histograms and percentiles of any rank selection can be had:
// from the calls here, or asked of the host that holds them.
inline bool callsReachable(const ProfilingResults& results) {
    return hasCallData(results) || results.callsElsewhere != nullptr;
}

} // namespace scope
