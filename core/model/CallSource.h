// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CallReader.h"
#include "RankRegion.h"

#include <cstdint>
#include <memory>
#include <span>

namespace scope {

// The calls of a run whose event columns stay on disk because they do not fit
// in the memory budget: read on demand, through a cache of bounded size.
// Thread-safe: the timeline, the histogram and the exports read at once.
class CallSource {
public:
    virtual ~CallSource() = default;

    // Absolute start and end times (ns, as in EventColumns) of the calls
    // [first, first + starts.size()) of `row`; starts and ends have the same
    // size. Throws CorruptProfileError naming the file when the bytes cannot
    // be read or decoded, std::out_of_range outside the row's calls.
    virtual void read(const RankRegion& row, std::uint64_t first, std::span<std::int64_t> starts,
                      std::span<std::int64_t> ends) const = 0;
    // The thread/task lane keys (laneKey() of LaneTables.h) of the calls
    // [first, first + lanes.size()) of `row`; false, and `lanes` untouched,
    // for a run without lane columns. Throws as read() does.
    virtual bool readLanes(const RankRegion& row, std::uint64_t first,
                           std::span<std::int64_t> lanes) const {
        (void)row;
        (void)first;
        (void)lanes;
        return false;
    }
    // For one thread's pass over many calls (see CallReader); by default a
    // reader that calls read() and readLanes().
    virtual std::unique_ptr<CallReader> reader() const;
    // The most bytes its cache holds.
    virtual std::uint64_t cacheLimitBytes() const = 0;
};

} // namespace scope
