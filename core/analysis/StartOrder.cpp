// SPDX-License-Identifier: GPL-3.0-or-later
#include "StartOrder.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <utility>
#include <vector>

namespace scope {

void sortByStart(std::span<const std::int64_t> starts, std::span<std::uint32_t> events,
                 std::span<std::uint32_t> spare) {
    assert(spare.size() >= events.size());
    const std::size_t n = events.size();
    if (n < 2)
        return;
    const auto [lowest, highest] =
        std::minmax_element(events.begin(), events.end(), [&](std::uint32_t a, std::uint32_t b) {
            return starts[a] < starts[b];
        });
    const auto origin = static_cast<std::uint64_t>(starts[*lowest]);
    const std::uint64_t range = static_cast<std::uint64_t>(starts[*highest]) - origin;
    const int bits = 64 - std::countl_zero(range);

    constexpr int kDigitBits = 11;
    constexpr std::size_t kBuckets = std::size_t{1} << kDigitBits;
    std::vector<std::uint32_t> counts(kBuckets);
    std::uint32_t* from = events.data();
    std::uint32_t* to = spare.data();
    for (int shift = 0; shift < bits; shift += kDigitBits) {
        auto digit = [&](std::uint32_t e) {
            return ((static_cast<std::uint64_t>(starts[e]) - origin) >> shift) & (kBuckets - 1);
        };
        std::fill(counts.begin(), counts.end(), 0);
        for (std::size_t i = 0; i < n; ++i)
            ++counts[digit(from[i])];
        std::uint32_t at = 0;
        for (std::uint32_t& c : counts)
            at += std::exchange(c, at);
        for (std::size_t i = 0; i < n; ++i)
            to[counts[digit(from[i])]++] = from[i];
        std::swap(from, to);
    }
    if (from != events.data())
        std::copy_n(from, n, events.data());
}

} // namespace scope
