// SPDX-License-Identifier: GPL-3.0-or-later
// OverviewTimeline's estimate from the rows' summaries, before any pass over
// the calls.
#include "OverviewTimeline.h"

#include "OverviewBuckets.h"
#include "OverviewCoverage.h"

#include "base/ParallelFor.h"

#include <algorithm>
#include <thread>

namespace scope {

// Rank by rank on every core: the rank's rows spread over one coverage table
// (lane key -1), ranked and merged as the pass's.
std::shared_ptr<const OverviewTimeline>
OverviewTimeline::fromSummaries(const ProfilingResults& results, std::size_t buckets) {
    std::shared_ptr<OverviewTimeline> overview(new OverviewTimeline);
    overview->buckets_ = std::max<std::size_t>(buckets, 1);
    overview->estimated_ = true;
    const auto extent = extentOf(results, true);
    if (!extent)
        return overview;
    const auto [origin, end] = *extent;
    overview->startNs_ = origin;
    overview->endNs_ = end;
    const OverviewBuckets edges(origin, std::max<std::int64_t>(end - origin, 1),
                                overview->buckets_);

    // The rows with times, by rank; within a rank by region, as rows come.
    std::vector<const RankRegion*> rows;
    for (const RankRegion& row : results.rows)
        if (row.summary.count > 0 && row.summary.hasTimes)
            rows.push_back(&row);
    std::stable_sort(rows.begin(), rows.end(),
                     [](const RankRegion* a, const RankRegion* b) { return a->rank < b->rank; });
    std::vector<std::size_t> rankBegin; // into rows, one per rank, then rows.size()
    for (std::size_t i = 0; i < rows.size(); ++i)
        if (i == 0 || rows[i]->rank != rows[i - 1]->rank)
            rankBegin.push_back(i);
    const std::size_t ranks = rankBegin.size();
    rankBegin.push_back(rows.size());

    std::vector<std::vector<OverviewKeyLanes>> lanes(ranks);
    const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
    std::vector<OverviewCoverage> coverage(threads);
    parallelFor(
        ranks, threads, nullptr,
        [&](std::size_t k, unsigned worker) {
            const std::span<const RankRegion* const> mine(rows.data() + rankBegin[k],
                                                          rankBegin[k + 1] - rankBegin[k]);
            // A column per region of the rank; a region twice on a rank
            // (rank files combined) adds up in one.
            std::vector<std::int32_t> regions;
            std::vector<std::size_t> column(mine.size());
            for (std::size_t i = 0; i < mine.size(); ++i) {
                const auto region = static_cast<std::int32_t>(mine[i]->region);
                const auto it = std::find(regions.begin(), regions.end(), region);
                column[i] = static_cast<std::size_t>(it - regions.begin());
                if (it == regions.end())
                    regions.push_back(region);
            }
            std::int64_t* table = coverage[worker].zeroed(-1, edges.size() * regions.size());
            for (std::size_t i = 0; i < mine.size(); ++i) {
                const CallSummary& summary = mine[i]->summary;
                edges.spread(summary.startMinimum, summary.endMaximum, summary.total,
                             table + column[i], regions.size());
            }
            lanes[k] = coverage[worker].ranked(regions, {}, edges, kDepths);
        },
        [] {});
    for (std::size_t k = 0; k < ranks; ++k)
        for (const OverviewKeyLanes& key : lanes[k])
            overview->append(rows[rankBegin[k]]->rank, key.key, key.depths);
    overview->ranksEstimated_ = ranks;
    return overview;
}

} // namespace scope
