// SPDX-License-Identifier: GPL-3.0-or-later
#include "RegionCalls.h"

#include "EventSelection.h"

#include <algorithm>

namespace scope {

RegionCalls::RegionCalls(const ProfilingResults& results, std::size_t region,
                         const RankSelection& ranks, const char* what)
    : results_(results), inMemory_(results.eventsRead) {
    if (!results.eventsRead && !results.onDemand)
        requireEvents(results, what);
    bool first = true;
    for (const RankRegion& row : results.rowsOf(region)) {
        if (row.summary.count == 0 || !ranks.contains(row.rank))
            continue;
        rows_.push_back(&row);
        count_ += row.summary.count;
        shortest_ = first ? row.summary.minimum : std::min(shortest_, row.summary.minimum);
        longest_ = first ? row.summary.maximum : std::max(longest_, row.summary.maximum);
        first = false;
    }
}

bool RegionCalls::forEachPiece(const Piece& piece, const std::atomic<bool>* cancel) const {
    auto cancelled = [cancel] {
        return cancel != nullptr && cancel->load(std::memory_order_relaxed);
    };
    std::vector<std::int64_t> starts;
    std::vector<std::int64_t> ends;
    for (std::size_t i = 0; i < rows_.size(); ++i) {
        const RankRegion& row = *rows_[i];
        for (std::uint64_t first = 0; first < row.summary.count; first += kPieceCalls) {
            if (cancelled())
                return false;
            const auto n = static_cast<std::size_t>(
                std::min<std::uint64_t>(kPieceCalls, row.summary.count - first));
            if (inMemory_) {
                piece(i, results_.starts(row).subspan(first, n),
                      results_.ends(row).subspan(first, n));
            } else {
                starts.resize(n);
                ends.resize(n);
                results_.onDemand->read(row, first, starts, ends);
                piece(i, starts, ends);
            }
        }
    }
    return !cancelled();
}

bool RegionCalls::forEachDuration(const Durations& durations,
                                  const std::atomic<bool>* cancel) const {
    std::vector<std::int64_t> piece;
    return forEachPiece(
        [&](std::size_t row, std::span<const std::int64_t> starts,
            std::span<const std::int64_t> ends) {
            piece.resize(starts.size());
            for (std::size_t k = 0; k < starts.size(); ++k)
                piece[k] = ends[k] - starts[k];
            durations(row, piece);
        },
        cancel);
}

CallsElsewhere::CallDurations RegionCalls::durationsByRank() const {
    CallsElsewhere::CallDurations calls;
    calls.durationsNs.reserve(count_);
    std::size_t lastRow = rows_.size();
    forEachDuration([&](std::size_t row, std::span<const std::int64_t> durations) {
        if (row != lastRow) {
            const std::uint32_t rank = rows_[row]->rank;
            if (calls.ranks.empty() || calls.ranks.back() != rank) {
                calls.ranks.push_back(rank);
                calls.counts.push_back(0);
            }
            lastRow = row;
        }
        calls.counts.back() += durations.size();
        calls.durationsNs.insert(calls.durationsNs.end(), durations.begin(), durations.end());
    });
    return calls;
}

} // namespace scope
