// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/CallSource.h"
#include "model/EventColumns.h"
#include "model/ProfilingResults.h"

#include <algorithm>
#include <atomic>
#include <memory>
#include <stdexcept>

namespace scope::testing {

// A CallSource over event columns held in memory: stands in for the file in
// tests of what is built on calls read on demand. Counts the calls it hands out.
class MemoryCallSource final : public CallSource {
public:
    explicit MemoryCallSource(EventColumns events) : events_(std::move(events)) {}

    void read(const RankRegion& row, std::uint64_t first, std::span<std::int64_t> starts,
              std::span<std::int64_t> ends) const override {
        if (starts.size() != ends.size() || first > row.summary.count ||
            starts.size() > row.summary.count - first)
            throw std::out_of_range("MemoryCallSource: outside the row's calls");
        const std::size_t at = row.offset + first;
        std::copy_n(events_.starts.begin() + static_cast<std::ptrdiff_t>(at), starts.size(),
                    starts.begin());
        std::copy_n(events_.ends.begin() + static_cast<std::ptrdiff_t>(at), ends.size(),
                    ends.begin());
        callsRead_ += starts.size();
    }
    std::uint64_t cacheLimitBytes() const override { return 0; }
    std::uint64_t callsRead() const { return callsRead_; }

    // `results` as a read under a memory budget leaves them: the events moved
    // into a MemoryCallSource behind results.onDemand.
    static ProfilingResults onDemand(ProfilingResults results) {
        results.onDemand = std::make_shared<MemoryCallSource>(std::move(results.events));
        results.events = EventColumns();
        results.eventsRead = false;
        return results;
    }

private:
    EventColumns events_;
    mutable std::atomic<std::uint64_t> callsRead_{0};
};

} // namespace scope::testing
