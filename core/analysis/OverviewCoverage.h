// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "OverviewBuckets.h"
#include "TimelineSource.h"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <unordered_map>
#include <vector>

namespace scope {

// The lanes of one thread/task lane key of a rank in an OverviewTimeline:
// spans per depth.
struct OverviewKeyLanes {
    std::int64_t key = -1;
    std::vector<std::vector<TimelineSpan>> depths;
};

// How long each region covered each bucket on one rank of an
// OverviewTimeline: per thread/task lane key, a table of buckets x columns
// ns, a column per region the rank has (cell b * columns + c). Filled from
// the calls (OverviewTimeline::build) or from the rows' summaries
// (fromSummaries); ranked() turns either into the same lanes.
class OverviewCoverage {
public:
    // The key's table of `cells` ns, zeroed when first asked for.
    std::int64_t* table(std::int64_t key, std::size_t cells) {
        if (key == lastKey_)
            return tables_[lastSlot_].data();
        auto [it, added] = slots_.try_emplace(key, keys_.size());
        if (added) {
            keys_.push_back(key);
            tables_.emplace_back(cells, 0);
        }
        lastKey_ = key;
        lastSlot_ = it->second;
        return tables_[lastSlot_].data();
    }
    // The key's table of `cells` ns, zeroed now: one table serves rank
    // after rank without going back to the allocator.
    std::int64_t* zeroed(std::int64_t key, std::size_t cells) {
        table(key, 0);
        tables_[lastSlot_].assign(cells, 0);
        return tables_[lastSlot_].data();
    }
    // The key's table of `cells` ns, zeroed, in `storage`: a table another
    // coverage let go (release()), so that memory serves rank after rank
    // without the page faults of fresh memory.
    std::int64_t* reuse(std::int64_t key, std::size_t cells, std::vector<std::int64_t>&& storage) {
        table(key, 0);
        tables_[lastSlot_] = std::move(storage);
        return zeroed(key, cells);
    }
    // The tables, for reuse(); this coverage is empty afterwards.
    std::vector<std::vector<std::int64_t>> release() {
        std::vector<std::vector<std::int64_t>> tables = std::move(tables_);
        *this = OverviewCoverage();
        return tables;
    }
    // other's tables added to these, key by key.
    void add(OverviewCoverage&& other, std::size_t cells);
    bool empty() const { return keys_.empty(); }

    // Per key, ascending: each bucket's columns ranked by coverage (ties:
    // the region first in the run's order, regionOrder[region], or the
    // region index itself where regionOrder is empty), depth d showing the
    // d-th (regions[column] as the span's region) for d < depthsAtMost; runs
    // of buckets where a depth shows the same region become one span.
    std::vector<OverviewKeyLanes> ranked(std::span<const std::int32_t> regions,
                                         std::span<const std::uint32_t> regionOrder,
                                         const OverviewBuckets& buckets,
                                         std::uint32_t depthsAtMost) const;

private:
    std::vector<std::int64_t> keys_; // as met
    std::vector<std::vector<std::int64_t>> tables_;
    std::unordered_map<std::int64_t, std::size_t> slots_;
    std::int64_t lastKey_ = std::numeric_limits<std::int64_t>::min();
    std::size_t lastSlot_ = 0;
};

} // namespace scope
