// SPDX-License-Identifier: GPL-3.0-or-later
#include "RadixSort.h"

#include <algorithm>
#include <array>
#include <bit>

namespace scope {

namespace {

constexpr unsigned kDigitBits = 11;
constexpr std::size_t kBuckets = std::size_t(1) << kDigitBits;
// Below this a comparison sort beats clearing and scanning the buckets.
constexpr std::size_t kSmall = 512;

} // namespace

void RadixSort::sort(std::span<std::int64_t> values, std::vector<std::int64_t>& scratch) {
    if (values.size() < kSmall) {
        std::sort(values.begin(), values.end());
        return;
    }
    const auto [lowest, highest] = std::minmax_element(values.begin(), values.end());
    const std::int64_t base = *lowest;
    // Unsigned: the range of int64 values fits in 64 bits, their difference may not fit in int64.
    const std::uint64_t range =
        static_cast<std::uint64_t>(*highest) - static_cast<std::uint64_t>(base);
    const unsigned bits = static_cast<unsigned>(std::bit_width(range));
    const unsigned passes = (bits + kDigitBits - 1) / kDigitBits;
    if (passes == 0)
        return; // all equal
    scratch.resize(values.size());
    std::span<std::int64_t> from = values;
    std::span<std::int64_t> to(scratch);
    for (unsigned pass = 0; pass < passes; ++pass) {
        const unsigned shift = pass * kDigitBits;
        std::array<std::size_t, kBuckets> count{};
        for (const std::int64_t v : from)
            ++count[((static_cast<std::uint64_t>(v) - static_cast<std::uint64_t>(base)) >> shift) &
                    (kBuckets - 1)];
        std::size_t at = 0;
        for (std::size_t& c : count) {
            const std::size_t n = c;
            c = at;
            at += n;
        }
        for (const std::int64_t v : from)
            to[count[((static_cast<std::uint64_t>(v) - static_cast<std::uint64_t>(base)) >> shift) &
                     (kBuckets - 1)]++] = v;
        std::swap(from, to);
    }
    if (from.data() != values.data())
        std::copy(from.begin(), from.end(), values.begin());
}

void RadixSort::sort(std::vector<std::int64_t>& values) {
    std::vector<std::int64_t> scratch;
    sort(std::span(values), scratch);
}

} // namespace scope
