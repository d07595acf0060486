// SPDX-License-Identifier: GPL-3.0-or-later
#include "ProfilingResults.h"

#include <algorithm>
#include <limits>
#include <numeric>
#include <type_traits>
#include <utility>

namespace scope {

// Rows are copied and permuted in bulk (sorting 200,000 of them on open).
static_assert(std::is_trivially_copyable_v<RankRegion>);

namespace {

// What was kept per region follows its region to index i of order[i];
// kept for other regions (another count) is not this run's.
template <class Kept>
void reorderKept(std::vector<Kept>& kept, const std::vector<std::size_t>& order) {
    if (kept.size() != order.size()) {
        kept.clear();
        return;
    }
    std::vector<Kept> ordered(order.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        ordered[i] = std::move(kept[order[i]]);
    kept = std::move(ordered);
}

} // namespace

void ProfilingResults::finalize() {
    const std::size_t n = regions.size();
    std::vector<std::int64_t> earliest(n, std::numeric_limits<std::int64_t>::max());
    std::vector<std::uint64_t> calls(n, 0);
    for (const RankRegion& r : rows) {
        calls[r.region] += r.summary.count;
        if (r.summary.count > 0 && r.summary.hasTimes)
            earliest[r.region] = std::min(earliest[r.region], r.summary.startMinimum);
    }
    // By earliest start; regions without calls last; file order breaks ties
    // (and is the whole order in the aggregate layout, which stores no starts).
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        const bool aCalled = calls[a] > 0;
        const bool bCalled = calls[b] > 0;
        if (aCalled != bCalled)
            return aCalled;
        return earliest[a] < earliest[b];
    });
    std::vector<std::uint32_t> newIndex(n);
    std::vector<std::string> ordered(n);
    for (std::size_t i = 0; i < n; ++i) {
        newIndex[order[i]] = static_cast<std::uint32_t>(i);
        ordered[i] = std::move(regions[order[i]]);
    }
    regions = std::move(ordered);
    reorderKept(keptPercentiles, order);
    reorderKept(keptHistograms, order);
    for (RankRegion& r : rows)
        r.region = newIndex[r.region];
    // Rows that are in order already (finalized once before, or written
    // region by region) are not moved.
    const auto key = [](const RankRegion& r) { return (std::uint64_t{r.region} << 32) | r.rank; };
    const bool sorted = std::is_sorted(
        rows.begin(), rows.end(), [&](const auto& a, const auto& b) { return key(a) < key(b); });
    if (!sorted)
        sortRows();

    regionBegin_.assign(n + 1, rows.size());
    for (std::size_t i = rows.size(); i-- > 0;)
        regionBegin_[rows[i].region] = i;
    for (std::size_t i = n; i-- > 0;)
        regionBegin_[i] = std::min(regionBegin_[i], regionBegin_[i + 1]);

    minimumStartNs.reset();
    for (const RankRegion& r : rows)
        if (r.summary.count > 0 && r.summary.hasTimes)
            minimumStartNs =
                std::min(minimumStartNs.value_or(r.summary.startMinimum), r.summary.startMinimum);
}

void ProfilingResults::sortRows() {
    // A counting sort by region: sorting (key, index) pairs and moving the
    // rows after was half of a summary-only open with 200,000 rows. Writers
    // put a rank's rows together, so each region's bucket comes out in rank
    // order already; only a bucket that does not is sorted.
    std::vector<std::size_t> bucket(regions.size() + 1, 0);
    for (const RankRegion& r : rows)
        ++bucket[r.region + 1];
    for (std::size_t i = 1; i < bucket.size(); ++i)
        bucket[i] += bucket[i - 1];
    std::vector<std::size_t> source(rows.size()); // row i comes from rows[source[i]]
    std::vector<std::size_t> next(bucket.begin(), bucket.end() - 1);
    for (std::size_t i = 0; i < rows.size(); ++i)
        source[next[rows[i].region]++] = i;
    const auto byRank = [&](std::size_t a, std::size_t b) { return rows[a].rank < rows[b].rank; };
    for (std::size_t region = 0; region + 1 < bucket.size(); ++region) {
        const auto begin = source.begin() + static_cast<std::ptrdiff_t>(bucket[region]);
        const auto end = source.begin() + static_cast<std::ptrdiff_t>(bucket[region + 1]);
        if (!std::is_sorted(begin, end, byRank))
            std::stable_sort(begin, end, byRank);
    }
    // In place, each row moved once along the permutation's cycles: a sorted
    // copy costs the faults of 30 MB of fresh memory for 200,000 rows.
    for (std::size_t i = 0; i < source.size(); ++i) {
        if (source[i] == i)
            continue;
        const RankRegion first = rows[i];
        std::size_t j = i;
        while (source[j] != i) {
            rows[j] = rows[source[j]];
            j = std::exchange(source[j], j);
        }
        rows[j] = first;
        source[j] = j;
    }
}

const RowDetails& ProfilingResults::details(const RankRegion& row) const {
    static const RowDetails none;
    return row.details < rowDetails.size() ? rowDetails[row.details] : none;
}

void ProfilingResults::setDetails(RankRegion& row, RowDetails details) {
    if (details.empty())
        return;
    row.details = static_cast<std::uint32_t>(rowDetails.size());
    rowDetails.push_back(std::move(details));
}

std::optional<std::size_t> ProfilingResults::regionIndex(std::string_view name) const {
    for (std::size_t i = 0; i < regions.size(); ++i)
        if (regions[i] == name)
            return i;
    return std::nullopt;
}

std::span<const RankRegion> ProfilingResults::rowsOf(std::size_t region) const {
    if (region + 1 >= regionBegin_.size())
        return {};
    return std::span<const RankRegion>(rows).subspan(
        regionBegin_[region], regionBegin_[region + 1] - regionBegin_[region]);
}

const RankRegion* ProfilingResults::row(std::size_t region, std::uint32_t rank) const {
    // A region's rows are in rank order (finalize): asked once per rank, a
    // scan would make a run of many ranks quadratic.
    const std::span<const RankRegion> rows = rowsOf(region);
    const auto found = std::lower_bound(
        rows.begin(), rows.end(), rank,
        [](const RankRegion& row, std::uint32_t wanted) { return row.rank < wanted; });
    return found != rows.end() && found->rank == rank ? &*found : nullptr;
}

std::span<const std::int64_t> ProfilingResults::starts(const RankRegion& row) const {
    if (!eventsRead)
        return {};
    return std::span<const std::int64_t>(events.starts).subspan(row.offset, row.summary.count);
}

std::span<const std::int64_t> ProfilingResults::ends(const RankRegion& row) const {
    if (!eventsRead)
        return {};
    return std::span<const std::int64_t>(events.ends).subspan(row.offset, row.summary.count);
}

RegionStats ProfilingResults::stats(std::size_t region, std::uint32_t rank) const {
    const RankRegion* r = row(region, rank);
    if (r == nullptr)
        return RegionStats::fromSummary(CallSummary{});
    RegionStats s = RegionStats::fromSummary(r->summary);
    if (r->exclusiveNs)
        s.exclusive = static_cast<double>(*r->exclusiveNs) / 1e9;
    return s;
}

RegionStats ProfilingResults::pooled(std::size_t region, const RankSelection& ranks) const {
    std::vector<const CallSummary*> parts;
    std::int64_t exclusive = 0;
    bool exclusiveKnown = true;
    for (const RankRegion& r : rowsOf(region)) {
        if (!ranks.contains(r.rank))
            continue;
        parts.push_back(&r.summary);
        exclusiveKnown = exclusiveKnown && r.exclusiveNs.has_value();
        exclusive += r.exclusiveNs.value_or(0);
    }
    CallSummary pooledSummary = CallSummary::pool(parts);
    // The duration of "the first call" has no meaning across ranks.
    RegionStats s = RegionStats::fromSummary(pooledSummary);
    s.first.reset();
    s.last.reset();
    if (exclusiveKnown && !parts.empty())
        s.exclusive = static_cast<double>(exclusive) / 1e9;
    return s;
}

double ProfilingResults::loadImbalance(std::size_t region, const RankSelection& ranks) const {
    return loadImbalance(region, ranks, rankCount(ranks));
}

double ProfilingResults::loadImbalance(std::size_t region, const RankSelection& ranks,
                                       std::size_t selectedRanks) const {
    double sum = 0.0;
    double maximum = 0.0;
    std::size_t withRows = 0;
    for (const RankRegion& r : rowsOf(region)) {
        if (!ranks.contains(r.rank))
            continue;
        const double total = static_cast<double>(r.summary.total);
        sum += total;
        maximum = std::max(maximum, total);
        ++withRows;
    }
    const std::size_t n = std::max(selectedRanks, withRows);
    if (n == 0 || sum <= 0.0)
        return 0.0;
    return maximum / (sum / static_cast<double>(n));
}

std::size_t ProfilingResults::rankCount(const RankSelection& ranks) const {
    const std::vector<std::uint32_t> all = RankSelection::ranksOf(*this);
    if (ranks.isAll())
        return all.size();
    return static_cast<std::size_t>(std::count_if(
        all.begin(), all.end(), [&](std::uint32_t rank) { return ranks.contains(rank); }));
}

std::optional<double> ProfilingResults::minimumStartSeconds() const {
    if (!minimumStartNs)
        return std::nullopt;
    return static_cast<double>(*minimumStartNs) / 1e9;
}

std::uint64_t ProfilingResults::totalCalls() const {
    std::uint64_t n = 0;
    for (const RankRegion& r : rows)
        n += r.summary.count;
    return n;
}

} // namespace scope
