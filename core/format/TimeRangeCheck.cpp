#include "TimeRangeCheck.h"

#include <algorithm>
#include <cstdlib>

namespace scope {

// Runs over every event of a file, as CallSummary::fromEvents does.
[[gnu::target_clones("avx2", "default")]] bool
TimeRangeCheck::add(std::span<const std::int64_t> starts, std::span<const std::int64_t> ends) {
    const std::size_t n = std::min(starts.size(), ends.size());
    if (n == 0)
        return true;
    std::int64_t low = low_;
    std::int64_t high = high_;
    // Branch-free and in unsigned arithmetic (wrapping is defined), as this
    // runs over every event: the durations are exact whenever the window check
    // below passes. Their magnitudes are summed in two halves that cannot
    // overflow for fewer than 2^32 calls per block.
    constexpr std::size_t kBlock = std::size_t{1} << 31;
    std::int64_t sum = durationSum_;
    for (std::size_t begin = 0; begin < n; begin += kBlock) {
        const std::size_t end = std::min(n, begin + kBlock);
        std::uint64_t upper = 0;
        std::uint64_t lower = 0;
        for (std::size_t i = begin; i < end; ++i) {
            const std::int64_t s = starts[i];
            const std::int64_t e = ends[i];
            low = std::min(low, std::min(s, e));
            high = std::max(high, std::max(s, e));
            const std::uint64_t d = static_cast<std::uint64_t>(e) - static_cast<std::uint64_t>(s);
            const std::uint64_t sign =
                static_cast<std::uint64_t>(static_cast<std::int64_t>(d) >> 63);
            const std::uint64_t magnitude = (d ^ sign) - sign;
            upper += magnitude >> 32;
            lower += magnitude & 0xffffffffu;
        }
        // upper < 2^31 keeps the block's sum below 2^63.
        const std::uint64_t block = (upper << 32) + lower;
        if (upper >= (std::uint64_t{1} << 31) ||
            block > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()) ||
            __builtin_add_overflow(sum, static_cast<std::int64_t>(block), &sum))
            return false;
    }
    std::int64_t width = 0;
    if (__builtin_sub_overflow(high, low, &width))
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
