// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <limits>

namespace scope {

// Damaged event columns can hold any 64-bit value, and the statistics and the
// timeline subtract and add times in int64 (signed overflow is undefined
// behaviour). Readers pass every row through one check per file: once all
// times lie in a window narrower than INT64_MAX and the durations of the whole
// file sum to less than INT64_MAX, every difference of two times and every sum
// of durations computed later fits.
class TimeRangeCheck {
public:
    // The window of some calls' times and the sum of their |durations|,
    // measured on their own (RowStatistics), so that rows can be measured on
    // several threads and added in order after.
    struct Extent {
        std::int64_t low = std::numeric_limits<std::int64_t>::max();
        std::int64_t high = std::numeric_limits<std::int64_t>::min();
        std::int64_t durationSum = 0;
        bool fits = true; // false: these calls alone break the limits
    };

    // False, with nothing recorded, when these calls break the limits.
    bool add(const Extent& extent);
    // Stored totals (summary columns): their sum must fit as well.
    bool addTotal(std::int64_t total);

private:
    std::int64_t low_ = std::numeric_limits<std::int64_t>::max();
    std::int64_t high_ = std::numeric_limits<std::int64_t>::min();
    std::int64_t durationSum_ = 0;
};

} // namespace scope
