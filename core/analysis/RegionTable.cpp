// SPDX-License-Identifier: GPL-3.0-or-later
#include "RegionTable.h"

#include "CoveredTime.h"
#include "KeptPercentiles.h"
#include "RegionCalls.h"

#include <algorithm>
#include <limits>
#include <map>

namespace scope {

double RegionTable::runTime(const ProfilingResults& results, const RankSelection& ranks) {
    std::map<std::uint32_t, std::pair<std::int64_t, std::int64_t>> spans;
    bool timesKnown = true;
    std::int64_t largestTotal = 0;
    for (std::size_t region = 0; region < results.regions.size(); ++region) {
        std::int64_t regionTotal = 0;
        for (const RankRegion& row : results.rowsOf(region)) {
            if (!ranks.contains(row.rank) || row.summary.count == 0)
                continue;
            regionTotal += row.summary.total;
            timesKnown = timesKnown && row.summary.hasTimes;
            auto [it, inserted] =
                spans.try_emplace(row.rank, row.summary.startMinimum, row.summary.endMaximum);
            it->second.first = std::min(it->second.first, row.summary.startMinimum);
            it->second.second = std::max(it->second.second, row.summary.endMaximum);
        }
        largestTotal = std::max(largestTotal, regionTotal);
    }
    if (!timesKnown)
        return static_cast<double>(largestTotal) / 1e9;
    std::int64_t total = 0;
    for (const auto& [rank, span] : spans)
        total += span.second - span.first;
    return static_cast<double>(total) / 1e9;
}

std::vector<RegionTableRow> RegionTable::compute(const ProfilingResults& results,
                                                 const RankSelection& ranks,
                                                 const std::atomic<bool>* cancel,
                                                 bool percentiles) {
    std::vector<RegionTableRow> rows;
    rows.reserve(results.regions.size());
    const double run = runTime(results, ranks);
    const std::size_t selectedRanks = results.rankCount(ranks);
    const bool withAwait = results.eventsRead && results.events.hasAwait();
    for (std::size_t region = 0; region < results.regions.size(); ++region) {
        if (cancel != nullptr && cancel->load(std::memory_order_relaxed))
            return {};
        RegionTableRow row;
        row.region = region;
        row.stats = results.pooled(region, ranks);
        row.loadImbalance = results.loadImbalance(region, ranks, selectedRanks);
        row.selectedRanks = static_cast<std::uint32_t>(selectedRanks);
        std::int64_t totalNs = 0;
        std::int64_t coveredNs = 0;
        std::int64_t awaitNs = 0;
        for (const RankRegion& r : results.rowsOf(region)) {
            if (!ranks.contains(r.rank) || r.summary.count == 0)
                continue;
            ++row.ranksWithCalls;
            totalNs += r.summary.total;
            if (results.eventsRead)
                coveredNs += CoveredTime::ofRow(results, r);
            if (withAwait)
                for (std::uint64_t k = 0; k < r.summary.count; ++k)
                    awaitNs += results.events.awaitNs[r.offset + k];
        }
        if (results.eventsRead) {
            row.wall = static_cast<double>(coveredNs) / 1e9;
            row.recursive = coveredNs < totalNs;
        }
        if (withAwait)
            row.awaitSeconds = static_cast<double>(awaitNs) / 1e9;
        row.shareOfRun = run > 0 ? row.wall.value_or(row.stats.total) / run : 0.0;
        row.gpu = gpuTime(results, region, ranks);
        rows.push_back(row);
    }
    // Percentiles kept with the results cost nothing: they come at once.
    if (percentiles || KeptPercentiles::cover(results, ranks))
        addPercentiles(results, ranks, rows, cancel);
    if (cancel != nullptr && cancel->load(std::memory_order_relaxed))
        return {};
    return rows;
}

bool RegionTable::hasGpuData(const ProfilingResults& results) {
    return std::any_of(results.rows.begin(), results.rows.end(),
                       [](const RankRegion& row) { return row.summary.gpuCount > 0; });
}

bool RegionTable::hasAwaitData(const ProfilingResults& results) {
    const EventColumns& events = results.events;
    return results.eventsRead && events.hasAwait() &&
           std::any_of(events.awaitNs.begin(), events.awaitNs.end(),
                       [](std::int64_t ns) { return ns > 0; });
}

GpuTime RegionTable::gpuTime(const CallSummary& summary) {
    return {summary.gpuCount, summary.gpuTotal};
}

GpuTime RegionTable::gpuTime(const ProfilingResults& results, std::size_t region,
                             const RankSelection& ranks) {
    std::uint64_t count = 0;
    std::int64_t total = 0;
    for (const RankRegion& row : results.rowsOf(region)) {
        if (!ranks.contains(row.rank))
            continue;
        count += row.summary.gpuCount;
        total += row.summary.gpuTotal;
    }
    return {count, total};
}

namespace {

// One question for every region: a round trip each would add up on a slow
// link. A host that cannot answer leaves them unknown, as without calls.
void addPercentilesFromHost(const ProfilingResults& results, const RankSelection& ranks,
                            std::vector<RegionTableRow>& rows) {
    std::vector<RegionPercentiles> answered;
    try {
        answered = results.callsElsewhere->percentiles(ranks);
    } catch (const std::exception&) {
        return;
    }
    for (RegionTableRow& row : rows)
        if (row.region < answered.size()) {
            const RegionPercentiles& p = answered[row.region];
            row.percentiles = Percentiles{p.p50, p.p90, p.p95, p.p99};
        }
}

} // namespace

void RegionTable::addPercentiles(const ProfilingResults& results, const RankSelection& ranks,
                                 std::vector<RegionTableRow>& rows, const std::atomic<bool>* cancel,
                                 std::uint64_t byteLimit) {
    if (KeptPercentiles::cover(results, ranks)) {
        for (RegionTableRow& row : rows)
            row.percentiles = KeptPercentiles::of(results, row.region);
        return;
    }
    if (!hasCallData(results) && results.callsElsewhere) {
        addPercentilesFromHost(results, ranks, rows);
        return;
    }
    if (!hasCallData(results))
        return;
    for (RegionTableRow& row : rows) {
        if (cancel != nullptr && cancel->load(std::memory_order_relaxed))
            return;
        const Percentiles p = Percentiles::of(results, row.region, ranks, byteLimit, cancel);
        // A cancelled selection returns zeros: they must not reach a row.
        if (cancel != nullptr && cancel->load(std::memory_order_relaxed))
            return;
        row.percentiles = p;
    }
}

} // namespace scope
