// SPDX-License-Identifier: GPL-3.0-or-later
#include "OverviewCoverage.h"

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace scope {
namespace {

struct Ranked {
    std::int64_t ns;
    std::uint32_t order; // the column's region's place in the run
    std::size_t column;
};

// Whether a bucket's column (ns, its region's place in the run) ranks
// before another: more coverage first; in a tie the region listed first
// (the earlier first call: a caller before a callee that fills the bucket
// too), whatever order the columns were met in.
bool before(std::int64_t ns, std::uint32_t order, const Ranked& other) {
    return ns > other.ns || (ns == other.ns && order < other.order);
}

// Puts column c into top (at most depthsAtMost, `shown` so far) if it ranks
// among the first there.
void offer(std::int64_t ns, std::uint32_t order, std::size_t c, std::uint32_t depthsAtMost,
           Ranked* top, std::size_t& shown) {
    if (ns <= 0 || (shown == depthsAtMost && !before(ns, order, top[shown - 1])))
        return;
    std::size_t at = std::min<std::size_t>(shown, depthsAtMost - 1);
    while (at > 0 && before(ns, order, top[at - 1])) {
        top[at] = top[at - 1];
        --at;
    }
    top[at] = {ns, order, c};
    shown = std::min<std::size_t>(shown + 1, depthsAtMost);
}

// The columns of a bucket with at least `least` ns into `out`; how many.
std::size_t columnsAtLeastOneByOne(const std::int64_t* bucket, std::size_t first, std::size_t width,
                                   std::int64_t least, std::uint32_t* out, std::size_t found) {
    for (std::size_t c = first; c < width; ++c)
        if (bucket[c] >= least)
            out[found++] = static_cast<std::uint32_t>(c);
    return found;
}

#if defined(__x86_64__)
// Eight columns at one comparison: in most buckets only a few columns come
// near the top.
[[gnu::target("avx512f")]] std::size_t columnsAtLeastEights(const std::int64_t* bucket,
                                                            std::size_t width, std::int64_t least,
                                                            std::uint32_t* out) {
    const __m512i threshold = _mm512_set1_epi64(least);
    std::size_t found = 0;
    std::size_t c = 0;
    for (; c + 8 <= width; c += 8) {
        auto mask = static_cast<unsigned>(
            _mm512_cmpge_epi64_mask(_mm512_loadu_si512(bucket + c), threshold));
        while (mask != 0) {
            out[found++] =
                static_cast<std::uint32_t>(c + static_cast<unsigned>(__builtin_ctz(mask)));
            mask &= mask - 1;
        }
    }
    return columnsAtLeastOneByOne(bucket, c, width, least, out, found);
}
#endif

std::size_t columnsAtLeast(const std::int64_t* bucket, std::size_t width, std::int64_t least,
                           std::uint32_t* out) {
#if defined(__x86_64__)
    static const bool wide = __builtin_cpu_supports("avx512f");
    if (wide)
        return columnsAtLeastEights(bucket, width, least, out);
#endif
    return columnsAtLeastOneByOne(bucket, 0, width, least, out, 0);
}

// The first of a bucket's columns by coverage into top (at most
// depthsAtMost); how many there are. (ns, order) ranks all columns, ties
// included, so the order they are looked at changes only the time taken:
// the busiest columns over the run (`visit`'s first) go in first, and then
// only the columns at least as covered as the last of them can enter, found
// eight at a time. `candidates` has room for every column.
std::size_t topColumns(const std::int64_t* bucket, std::span<const std::size_t> visit,
                       std::span<const std::uint32_t> orders, std::uint32_t depthsAtMost,
                       Ranked* top, std::uint32_t* candidates) {
    if (depthsAtMost == 0)
        return 0;
    std::size_t shown = 0;
    const std::size_t seeds = std::min<std::size_t>(depthsAtMost, visit.size());
    for (std::size_t i = 0; i < seeds; ++i)
        offer(bucket[visit[i]], orders[visit[i]], visit[i], depthsAtMost, top, shown);
    const std::int64_t least = shown == depthsAtMost ? top[shown - 1].ns : 1;
    const std::size_t found = columnsAtLeast(bucket, orders.size(), least, candidates);
    const auto seeded = visit.first(seeds);
    for (std::size_t i = 0; i < found; ++i) {
        const std::size_t c = candidates[i];
        if (std::find(seeded.begin(), seeded.end(), c) == seeded.end())
            offer(bucket[c], orders[c], c, depthsAtMost, top, shown);
    }
    return shown;
}

// Each column's coverage summed over every eighth bucket, wrapping: the
// sums only order the columns to look at (busiestFirst), and a sample of the
// buckets or wrapped sums (a damaged run's) only look at them in a worse
// order. The vector clones add eight at a time.
[[gnu::target_clones("arch=x86-64-v4", "avx2", "default")]] void
columnTotals(const std::int64_t* table, std::size_t cells, std::size_t width,
             std::uint64_t* totals) {
    constexpr std::size_t kEvery = 8;
    for (std::size_t at = 0; at + width <= cells; at += width * kEvery)
        for (std::size_t c = 0; c < width; ++c)
            totals[c] += static_cast<std::uint64_t>(table[at + c]);
}

// The table's columns, the most covered over all buckets first: the top of
// most buckets then fills from the first few, and the others fall out at
// one comparison each instead of being shifted in.
std::vector<std::size_t> busiestFirst(const std::vector<std::int64_t>& table, std::size_t width) {
    std::vector<std::uint64_t> totals(width, 0);
    columnTotals(table.data(), table.size(), width, totals.data());
    std::vector<std::size_t> visit(width);
    for (std::size_t c = 0; c < width; ++c)
        visit[c] = c;
    std::stable_sort(visit.begin(), visit.end(),
                     [&](std::size_t a, std::size_t b) { return totals[a] > totals[b]; });
    return visit;
}

} // namespace

void OverviewCoverage::add(OverviewCoverage&& other, std::size_t cells) {
    if (keys_.empty()) {
        *this = std::move(other);
        return;
    }
    for (std::size_t k = 0; k < other.keys_.size(); ++k) {
        std::int64_t* into = table(other.keys_[k], cells);
        const std::vector<std::int64_t>& from = other.tables_[k];
        for (std::size_t c = 0; c < cells; ++c)
            into[c] += from[c];
    }
}

std::vector<OverviewKeyLanes> OverviewCoverage::ranked(std::span<const std::int32_t> regions,
                                                       std::span<const std::uint32_t> regionOrder,
                                                       const OverviewBuckets& buckets,
                                                       std::uint32_t depthsAtMost) const {
    const std::size_t width = regions.size();
    std::vector<std::uint32_t> orders(width);
    for (std::size_t c = 0; c < width; ++c)
        orders[c] = regionOrder.empty() ? static_cast<std::uint32_t>(regions[c])
                                        : regionOrder[static_cast<std::size_t>(regions[c])];
    std::vector<std::size_t> order(keys_.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return keys_[a] < keys_[b]; });
    std::vector<OverviewKeyLanes> result;
    std::vector<Ranked> top(depthsAtMost);
    std::vector<std::uint32_t> candidates(width);
    for (const std::size_t k : order) {
        const std::vector<std::int64_t>& table = tables_[k];
        OverviewKeyLanes lanes{keys_[k], {}};
        const std::vector<std::size_t> visit = busiestFirst(table, width);
        for (std::size_t b = 0; b < buckets.size(); ++b) {
            const std::size_t shown = topColumns(&table[b * width], visit, orders, depthsAtMost,
                                                 top.data(), candidates.data());
            if (lanes.depths.size() < shown)
                lanes.depths.resize(shown);
            const std::int64_t from = buckets.edge(b);
            const std::int64_t to = buckets.edge(b + 1);
            for (std::size_t d = 0; d < shown; ++d) {
                const std::int32_t region = regions[top[d].column];
                std::vector<TimelineSpan>& spans = lanes.depths[d];
                if (!spans.empty() && spans.back().region == region && spans.back().endNs == from)
                    spans.back().endNs = to;
                else
                    spans.push_back({from, to, region, 0, 1});
            }
        }
        if (!lanes.depths.empty())
            result.push_back(std::move(lanes));
    }
    return result;
}

} // namespace scope
