// SPDX-License-Identifier: GPL-3.0-or-later
#include "OverviewCoverage.h"

#include <algorithm>
#include <utility>

namespace scope {
namespace {

using Ranked = std::pair<std::int64_t, std::size_t>; // ns, column

// The first of a bucket's columns by coverage into top (at most
// depthsAtMost; ties: the lower column first); how many there are. One look
// at most columns: a bucket shows only a few depths of the regions it has.
std::size_t topColumns(const std::int64_t* bucket, std::size_t width, std::uint32_t depthsAtMost,
                       Ranked* top) {
    std::size_t shown = 0;
    for (std::size_t c = 0; c < width && depthsAtMost > 0; ++c) {
        const std::int64_t ns = bucket[c];
        if (ns <= 0 || (shown == depthsAtMost && ns <= top[shown - 1].first))
            continue;
        std::size_t at = std::min<std::size_t>(shown, depthsAtMost - 1);
        while (at > 0 && ns > top[at - 1].first) {
            top[at] = top[at - 1];
            --at;
        }
        top[at] = {ns, c};
        shown = std::min<std::size_t>(shown + 1, depthsAtMost);
    }
    return shown;
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
                                                       const OverviewBuckets& buckets,
                                                       std::uint32_t depthsAtMost) const {
    const std::size_t width = regions.size();
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
        for (std::size_t b = 0; b < buckets.size(); ++b) {
            const std::size_t shown =
                topColumns(&table[b * width], width, depthsAtMost, top.data());
            if (lanes.depths.size() < shown)
                lanes.depths.resize(shown);
            const std::int64_t from = buckets.edge(b);
            const std::int64_t to = buckets.edge(b + 1);
            for (std::size_t d = 0; d < shown; ++d) {
                const std::int32_t region = regions[top[d].second];
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
