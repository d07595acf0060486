// SPDX-License-Identifier: GPL-3.0-or-later
#include "OverviewCollector.h"

#include <algorithm>
#include <limits>
#include <map>
#include <string_view>

namespace scope {

std::unique_ptr<OverviewCollector> OverviewCollector::forRun(const ProfilingResults& summaries,
                                                             std::uint64_t maxBytes,
                                                             std::size_t buckets) {
    for (const RankRegion& row : summaries.rows)
        if (row.summary.count > 0 && !row.summary.hasTimes)
            return nullptr;
    const auto extent = OverviewTimeline::extentOf(summaries, false);
    if (!extent)
        return nullptr;
    return std::make_unique<OverviewCollector>(extent->first, extent->second, summaries.regions,
                                               maxBytes, buckets);
}

OverviewCollector::OverviewCollector(std::int64_t startNs, std::int64_t endNs,
                                     std::vector<std::string> regions, std::uint64_t maxBytes,
                                     std::size_t buckets)
    : startNs_(startNs), endNs_(endNs), maxBytes_(maxBytes),
      buckets_(startNs, std::max<std::int64_t>(endNs - startNs, 1),
               std::max<std::size_t>(buckets, 1)),
      runRegions_(std::move(regions)) {}

void OverviewCollector::begin(std::span<const RankRegion> rows,
                              std::span<const std::string> regions) {
    std::unordered_map<std::string_view, std::uint32_t> place;
    for (std::size_t i = 0; i < runRegions_.size(); ++i)
        place.emplace(runRegions_[i], static_cast<std::uint32_t>(i));
    regionOrder_.assign(regions.size(), 0);
    for (std::size_t i = 0; i < regions.size(); ++i) {
        const auto found = place.find(regions[i]);
        if (found == place.end())
            return; // a region the summaries did not have
        regionOrder_[i] = found->second;
    }
    runRegionOf_.assign(regionOrder_.begin(), regionOrder_.end());
    // Ranks ascending, as build() has them; a column per region of a rank.
    std::map<std::uint32_t, std::vector<std::int32_t>> columns;
    for (const RankRegion& row : rows) {
        if (row.summary.count == 0)
            continue;
        std::vector<std::int32_t>& regionsOfRank = columns[row.rank];
        const auto region = static_cast<std::int32_t>(row.region);
        if (std::find(regionsOfRank.begin(), regionsOfRank.end(), region) == regionsOfRank.end())
            regionsOfRank.push_back(region);
    }
    ranks_ = std::vector<RankState>(columns.size());
    std::map<std::uint32_t, std::size_t> rankIndex;
    for (auto& [rank, regionsOfRank] : columns) {
        RankState& state = ranks_[rankIndex.size()];
        state.rank = rank;
        state.regions = std::move(regionsOfRank);
        rankIndex.emplace(rank, rankIndex.size());
    }
    rows_.assign(rows.size(), std::nullopt);
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const RankRegion& row = rows[r];
        if (row.summary.count == 0)
            continue;
        const std::size_t k = rankIndex.at(row.rank);
        const std::vector<std::int32_t>& regionsOfRank = ranks_[k].regions;
        const auto column =
            static_cast<std::size_t>(std::find(regionsOfRank.begin(), regionsOfRank.end(),
                                               static_cast<std::int32_t>(row.region)) -
                                     regionsOfRank.begin());
        rows_[r] = Row{k, column, row.region, row.summary.count};
        ranks_[k].rowsLeft.fetch_add(1, std::memory_order_relaxed);
        if (!byOffset_.emplace(row.offset, r).second)
            return; // rows sharing an offset: overview() could not tell them apart
    }
    usable_ = peakBytes(rows) <= maxBytes_;
}

std::uint64_t OverviewCollector::peakBytes(std::span<const RankRegion> rows) const {
    std::vector<std::size_t> first(ranks_.size(), rows.size());
    std::vector<std::size_t> last(ranks_.size(), 0);
    for (std::size_t r = 0; r < rows.size(); ++r) {
        if (!rows_[r])
            continue;
        first[rows_[r]->rank] = std::min(first[rows_[r]->rank], r);
        last[rows_[r]->rank] = r;
    }
    // +cells where a rank's first row is read, -cells after its last.
    std::vector<std::int64_t> change(rows.size() + 1, 0);
    for (std::size_t k = 0; k < ranks_.size(); ++k) {
        const auto cells = static_cast<std::int64_t>(buckets_.size() * ranks_[k].regions.size());
        change[first[k]] += cells;
        change[last[k] + 1] -= cells;
    }
    std::int64_t held = 0;
    std::int64_t peak = 0;
    for (const std::int64_t c : change)
        peak = std::max(peak, held += c);
    return static_cast<std::uint64_t>(peak) * sizeof(std::int64_t);
}

std::int64_t* OverviewCollector::tableOf(RankState& rank) {
    if (std::int64_t* table = rank.table.load(std::memory_order_acquire))
        return table;
    std::lock_guard lock(mutex_);
    if (std::int64_t* table = rank.table.load(std::memory_order_relaxed))
        return table;
    std::vector<std::int64_t> storage;
    if (!spareTables_.empty()) {
        storage = std::move(spareTables_.back());
        spareTables_.pop_back();
    }
    std::int64_t* table =
        rank.coverage.reuse(-1, buckets_.size() * rank.regions.size(), std::move(storage));
    rank.table.store(table, std::memory_order_release);
    return table;
}

void OverviewCollector::calls(std::size_t row, std::uint64_t, std::span<const std::int64_t> starts,
                              std::span<const std::int64_t> ends) {
    if (!usable_ || row >= rows_.size() || !rows_[row])
        return;
    Row& mine = *rows_[row];
    RankState& rank = ranks_[mine.rank];
    std::int64_t* column = tableOf(rank) + mine.column;
    const std::size_t width = rank.regions.size();
    buckets_.coverAll(starts, ends, column, width);
    mine.seen += starts.size();
    if (mine.seen == mine.calls && rank.rowsLeft.fetch_sub(1, std::memory_order_acq_rel) == 1)
        rankComplete(rank);
}

// Every row of the rank has passed: no thread writes its table any more.
void OverviewCollector::rankComplete(RankState& rank) {
    rank.lanes =
        rank.coverage.ranked(rank.regions, regionOrder_, buckets_, OverviewTimeline::kDepths);
    std::vector<std::vector<std::int64_t>> tables = rank.coverage.release();
    rank.table.store(nullptr, std::memory_order_relaxed);
    {
        const std::lock_guard lock(mutex_);
        for (std::vector<std::int64_t>& table : tables)
            spareTables_.push_back(std::move(table));
        ranked_.push_back(static_cast<std::size_t>(&rank - ranks_.data()));
    }
    rankedOrStopped_.notify_all();
}

void OverviewCollector::showFirstRanks(
    const OverviewTimeline& estimate,
    const std::function<void(std::shared_ptr<const OverviewTimeline>)>& show) {
    if (estimate.startNs() != startNs_ || estimate.endNs() != endNs_ ||
        estimate.buckets() != buckets_.size())
        return;
    std::size_t ranked = 0;
    {
        std::unique_lock lock(mutex_);
        rankedOrStopped_.wait(lock, [this] { return stopped_ || !ranked_.empty(); });
        if (stopped_ || ranked_.size() == ranks_.size())
            return;
        ranked = ranked_.size();
    }
    if (auto overview = overviewOf(estimate, ranked))
        show(std::move(overview));
}

void OverviewCollector::stop() {
    {
        const std::lock_guard lock(mutex_);
        stopped_ = true;
    }
    rankedOrStopped_.notify_all();
}

std::shared_ptr<const OverviewTimeline>
OverviewCollector::overviewSoFar(const OverviewTimeline& estimate) {
    return overviewOf(estimate, std::numeric_limits<std::size_t>::max());
}

std::shared_ptr<const OverviewTimeline>
OverviewCollector::overviewOf(const OverviewTimeline& estimate, std::size_t count) {
    std::vector<std::size_t> done;
    {
        const std::lock_guard lock(mutex_);
        done.assign(ranked_.begin(), ranked_.begin() + std::min(count, ranked_.size()));
    }
    // A rank ranked: begin() is over, and usable_ safe to read.
    if (done.empty() || !usable_)
        return nullptr;
    // ranks_ is by rank: so are its indices. A rank's lanes, written before
    // it was listed under the lock, stay as they are.
    std::sort(done.begin(), done.end());
    std::vector<OverviewTimeline::RankedLanes> ranked;
    ranked.reserve(done.size());
    for (const std::size_t k : done)
        ranked.push_back({ranks_[k].rank, ranks_[k].lanes});
    return OverviewTimeline::withRanked(estimate, ranked, runRegionOf_);
}

std::shared_ptr<const OverviewTimeline>
OverviewCollector::overview(const ProfilingResults& results) const {
    if (!usable_ || !results.onDemand || results.regions != runRegions_)
        return nullptr;
    for (const RankState& rank : ranks_)
        if (rank.rowsLeft.load() != 0)
            return nullptr;
    if (OverviewTimeline::extentOf(results, false) != std::pair(startNs_, endNs_))
        return nullptr;
    // The read's rows, found again by their offsets after finalize ordered
    // them and renumbered the regions.
    std::vector<std::int32_t> regionNow(regionOrder_.size(), -1);
    std::size_t withCalls = 0;
    for (const RankRegion& row : results.rows) {
        if (row.summary.count == 0)
            continue;
        ++withCalls;
        const auto found = byOffset_.find(row.offset);
        if (found == byOffset_.end())
            return nullptr;
        const std::optional<Row>& read = rows_[found->second];
        if (!read || read->calls != row.summary.count || ranks_[read->rank].rank != row.rank ||
            read->region >= regionNow.size())
            return nullptr;
        std::int32_t& now = regionNow[read->region];
        if (now >= 0 && now != static_cast<std::int32_t>(row.region))
            return nullptr;
        now = static_cast<std::int32_t>(row.region);
    }
    if (withCalls != byOffset_.size())
        return nullptr;
    const auto first = std::find_if(results.rows.begin(), results.rows.end(),
                                    [](const RankRegion& row) { return row.summary.count > 0; });
    if (first != results.rows.end() && results.onDemand->readLanes(*first, 0, {}))
        return nullptr;
    std::vector<OverviewTimeline::RankedLanes> ranked;
    ranked.reserve(ranks_.size());
    for (const RankState& rank : ranks_)
        ranked.push_back({rank.rank, rank.lanes});
    return OverviewTimeline::fromRanked(startNs_, endNs_, buckets_.size(), ranked, regionNow);
}

} // namespace scope
