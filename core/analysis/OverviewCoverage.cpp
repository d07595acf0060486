// SPDX-License-Identifier: GPL-3.0-or-later
#include "OverviewCoverage.h"

#include <algorithm>
#include <utility>
#include <vector>

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

// The first of a bucket's columns by coverage into top (at most
// depthsAtMost); how many there are. The columns are looked at in `visit`'s
// order, which changes nothing but the time taken: (ns, order) ranks them
// all, ties included. One look at most columns: a bucket shows only a few
// depths of the regions it has.
std::size_t topColumns(const std::int64_t* bucket, std::span<const std::size_t> visit,
                       std::span<const std::uint32_t> orders, std::uint32_t depthsAtMost,
                       Ranked* top) {
    std::size_t shown = 0;
    for (std::size_t i = 0; i < visit.size() && depthsAtMost > 0; ++i) {
        const std::size_t c = visit[i];
        const std::int64_t ns = bucket[c];
        if (ns <= 0 || (shown == depthsAtMost && !before(ns, orders[c], top[shown - 1])))
            continue;
        std::size_t at = std::min<std::size_t>(shown, depthsAtMost - 1);
        while (at > 0 && before(ns, orders[c], top[at - 1])) {
            top[at] = top[at - 1];
            --at;
        }
        top[at] = {ns, orders[c], c};
        shown = std::min<std::size_t>(shown + 1, depthsAtMost);
    }
    return shown;
}

// The table's columns, the most covered over all buckets first: the top of
// most buckets then fills from the first few, and the others fall out at
// one comparison each instead of being shifted in.
std::vector<std::size_t> busiestFirst(const std::vector<std::int64_t>& table, std::size_t width) {
    // In doubles: only their order matters, and they cannot overflow.
    std::vector<double> totals(width, 0);
    for (std::size_t at = 0; at + width <= table.size(); at += width)
        for (std::size_t c = 0; c < width; ++c)
            totals[c] += static_cast<double>(std::max<std::int64_t>(table[at + c], 0));
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
    for (const std::size_t k : order) {
        const std::vector<std::int64_t>& table = tables_[k];
        OverviewKeyLanes lanes{keys_[k], {}};
        const std::vector<std::size_t> visit = busiestFirst(table, width);
        for (std::size_t b = 0; b < buckets.size(); ++b) {
            const std::size_t shown =
                topColumns(&table[b * width], visit, orders, depthsAtMost, top.data());
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
