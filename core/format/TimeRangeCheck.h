#pragma once

#include <cstdint>
#include <limits>
#include <span>

namespace scope {

// Damaged event columns can hold any 64-bit value, and the statistics and the
// timeline subtract and add times in int64 (signed overflow is undefined
// behaviour). Readers pass every row through one check per file: once all
// times lie in a window narrower than INT64_MAX and the durations of the whole
// file sum to less than INT64_MAX, every difference of two times and every sum
// of durations computed later fits.
class TimeRangeCheck {
public:
    // False, with nothing recorded, when these calls break the limits.
    bool add(std::span<const std::int64_t> starts, std::span<const std::int64_t> ends);
    // Stored totals (summary columns): their sum must fit as well.
    bool addTotal(std::int64_t total);

private:
    std::int64_t low_ = std::numeric_limits<std::int64_t>::max();
    std::int64_t high_ = std::numeric_limits<std::int64_t>::min();
    std::int64_t durationSum_ = 0;
};

} // namespace scope
