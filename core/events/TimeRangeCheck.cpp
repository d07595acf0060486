// SPDX-License-Identifier: GPL-3.0-or-later
#include "TimeRangeCheck.h"

#include <algorithm>
#include <cstdlib>

namespace scope {

bool TimeRangeCheck::add(const Extent& extent) {
    if (!extent.fits)
        return false;
    if (extent.low > extent.high)
        return true; // no calls
    const std::int64_t low = std::min(low_, extent.low);
    const std::int64_t high = std::max(high_, extent.high);
    std::int64_t width = 0;
    std::int64_t sum = 0;
    if (__builtin_sub_overflow(high, low, &width) ||
        __builtin_add_overflow(durationSum_, extent.durationSum, &sum))
        return false;
    low_ = low;
    high_ = high;
    durationSum_ = sum;
    return true;
}

bool TimeRangeCheck::addTotal(std::int64_t total) {
    if (total == std::numeric_limits<std::int64_t>::min())
        return false;
    std::int64_t sum = 0;
    if (__builtin_add_overflow(durationSum_, std::abs(total), &sum))
        return false;
    durationSum_ = sum;
    return true;
}

} // namespace scope
