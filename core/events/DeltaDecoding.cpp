// SPDX-License-Identifier: GPL-3.0-or-later
#include "DeltaDecoding.h"

#include <algorithm>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace scope {
namespace {

// Whether a + b, wrapped to r, left the int64 range: in the sign bit.
std::uint64_t overflowed(std::uint64_t a, std::uint64_t b, std::uint64_t r) {
    return (a ^ r) & (b ^ r);
}

#if defined(__x86_64__)
// Calls [0, returned) of a decode, eight at a time: a block's starts are a
// prefix sum of its deltas in the register (three shifted adds) plus the
// start before it, so that the calls do not wait on each other one by one.
// Overflow is judged call by call as the scalar loop does; before the first
// one, every wrapped sum is exact.
[[gnu::target("avx512f")]] std::size_t decodeEights(std::int64_t* starts, std::int64_t* ends,
                                                    std::size_t n, std::uint64_t& start,
                                                    std::uint64_t& overflow) {
    // The intrinsics without a mask leave lanes undefined, which gcc 12
    // takes for uninitialized variables; all lanes of a mask do the same.
    constexpr __mmask8 kAll = 0xff;
    const __m512i zero = _mm512_setzero_si512();
    const __m512i lastLane = _mm512_set1_epi64(7);
    __m512i carry = _mm512_set1_epi64(static_cast<long long>(start));
    __m512i flags = zero;
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        const __m512i delta = _mm512_loadu_si512(starts + i);
        const __m512i duration = _mm512_loadu_si512(ends + i);
        __m512i sum = _mm512_add_epi64(delta, _mm512_maskz_alignr_epi64(kAll, delta, zero, 7));
        sum = _mm512_add_epi64(sum, _mm512_maskz_alignr_epi64(kAll, sum, zero, 6));
        sum = _mm512_add_epi64(sum, _mm512_maskz_alignr_epi64(kAll, sum, zero, 4));
        const __m512i next = _mm512_add_epi64(sum, carry);
        const __m512i before = _mm512_maskz_alignr_epi64(kAll, next, carry, 7);
        const __m512i end = _mm512_add_epi64(next, duration);
        flags = _mm512_or_si512(
            flags, _mm512_and_si512(_mm512_xor_si512(before, next), _mm512_xor_si512(delta, next)));
        flags = _mm512_or_si512(
            flags, _mm512_and_si512(_mm512_xor_si512(next, end), _mm512_xor_si512(duration, end)));
        _mm512_storeu_si512(starts + i, next);
        _mm512_storeu_si512(ends + i, end);
        carry = _mm512_add_epi64(carry, _mm512_maskz_permutexvar_epi64(kAll, lastLane, sum));
    }
    alignas(64) std::int64_t lanes[8];
    _mm512_store_si512(lanes, carry);
    start = static_cast<std::uint64_t>(lanes[0]);
    if (_mm512_cmplt_epi64_mask(flags, zero) != 0)
        overflow |= std::uint64_t{1} << 63;
    return i;
}
#endif

std::size_t decodeBlocks(std::int64_t* starts, std::int64_t* ends, std::size_t n,
                         std::uint64_t& start, std::uint64_t& overflow) {
#if defined(__x86_64__)
    static const bool wide = __builtin_cpu_supports("avx512f");
    if (wide)
        return decodeEights(starts, ends, n, start, overflow);
#endif
    return 0;
}

} // namespace

// Every call passes through here on a first open. The sums wrap, and their
// overflow is gathered without a branch.
bool decodeDeltas(std::span<std::int64_t> starts, std::span<std::int64_t> ends, std::int64_t& t) {
    const std::size_t n = std::min(starts.size(), ends.size());
    auto start = static_cast<std::uint64_t>(t);
    std::uint64_t overflow = 0;
    for (std::size_t i = decodeBlocks(starts.data(), ends.data(), n, start, overflow); i < n; ++i) {
        const auto delta = static_cast<std::uint64_t>(starts[i]);
        const auto duration = static_cast<std::uint64_t>(ends[i]);
        const std::uint64_t next = start + delta;
        const std::uint64_t end = next + duration;
        overflow |= overflowed(start, delta, next) | overflowed(next, duration, end);
        start = next;
        starts[i] = static_cast<std::int64_t>(next);
        ends[i] = static_cast<std::int64_t>(end);
    }
    t = static_cast<std::int64_t>(start);
    return static_cast<std::int64_t>(overflow) >= 0;
}

} // namespace scope
