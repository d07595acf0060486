// SPDX-License-Identifier: GPL-3.0-or-later
#include "OverviewBuckets.h"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace scope {
namespace {

// From call i on, the calls within [from, to) (of some length), eight at a
// time, their time added to `held`; the first call of a block that is not.
#if defined(__x86_64__)
[[gnu::target("avx512f")]] std::size_t withinEights(const std::int64_t* starts,
                                                    const std::int64_t* ends, std::size_t i,
                                                    std::size_t n, std::int64_t from,
                                                    std::int64_t to, std::int64_t& held) {
    const __m512i low = _mm512_set1_epi64(from);
    const __m512i high = _mm512_set1_epi64(to);
    __m512i sum = _mm512_setzero_si512();
    for (; i + 8 <= n; i += 8) {
        const __m512i s = _mm512_loadu_si512(starts + i);
        const __m512i e = _mm512_loadu_si512(ends + i);
        const __mmask8 within = _mm512_cmpge_epi64_mask(s, low) & _mm512_cmple_epi64_mask(e, high) &
                                _mm512_cmplt_epi64_mask(s, e);
        if (within != 0xff)
            break;
        sum = _mm512_add_epi64(sum, _mm512_sub_epi64(e, s));
    }
    alignas(64) std::int64_t lanes[8];
    _mm512_store_si512(lanes, sum);
    for (const std::int64_t lane : lanes)
        held += lane;
    return i;
}
#endif

std::size_t withinBlocks(const std::int64_t* starts, const std::int64_t* ends, std::size_t i,
                         std::size_t n, std::int64_t from, std::int64_t to, std::int64_t& held) {
#if defined(__x86_64__)
    static const bool wide = __builtin_cpu_supports("avx512f");
    if (wide)
        return withinEights(starts, ends, i, n, from, to, held);
#endif
    return i;
}

} // namespace

void OverviewBuckets::coverAll(std::span<const std::int64_t> starts,
                               std::span<const std::int64_t> ends, std::int64_t* column,
                               std::size_t stride) const {
    std::size_t b = 0;
    std::int64_t held = 0; // covered in bucket b, not yet added
    const std::size_t n = std::min(starts.size(), ends.size());
    for (std::size_t i = 0; i < n; ++i) {
        // Calls within bucket b, one after another.
        const std::int64_t from = edges_[b];
        const std::int64_t to = edges_[b + 1];
        i = withinBlocks(starts.data(), ends.data(), i, n, from, to, held);
        while (i < n && starts[i] >= from && ends[i] <= to && starts[i] < ends[i]) {
            held += ends[i] - starts[i];
            ++i;
        }
        if (i == n)
            break;
        const std::int64_t s = std::max(starts[i], edges_[0]);
        const std::int64_t e = std::min(ends[i], edges_[n_]);
        if (e <= s)
            continue;
        if (s < edges_[b] || s >= edges_[b + 1]) {
            column[b * stride] += held;
            held = 0;
            b = of(s);
        }
        if (e <= edges_[b + 1])
            held += e - s;
        else
            cover(s, e, column, stride);
    }
    column[b * stride] += held;
}

} // namespace scope
