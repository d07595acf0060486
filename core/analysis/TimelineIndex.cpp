// SPDX-License-Identifier: GPL-3.0-or-later
#include "TimelineIndex.h"

#include "EventSelection.h"
#include "PixelSearch.h"
#include "StartOrder.h"
#include "model/Errors.h"

#include <algorithm>
#include <cmath>
#include <exception>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string>
#include <thread>

namespace scope {
namespace {

// Positions per entry of nextChange_: a mixed-region check scans at most this
// many calls, and the table costs 4 / kBlock bytes per call.
constexpr std::size_t kBlock = 64;
// Calls per entry of samples_.
constexpr std::size_t kSample = 16;

using pixel_search::boundary;
using pixel_search::columnOf;
using pixel_search::gallopFrom;
using pixel_search::partitionPoint;

} // namespace

TimelineIndex::TimelineIndex(const ProfilingResults& results, unsigned threads)
    : results_(&results) {
    requireEvents(results, "the timeline");
    const EventColumns& events = results.events;
    if (events.size() >= std::numeric_limits<std::uint32_t>::max())
        throw std::length_error(results.path + ": the timeline holds at most 2^32 - 1 calls, " +
                                "the file has " + std::to_string(events.size()));
    if (events.ends.size() != events.size())
        throw std::invalid_argument(results.path + ": start and end columns differ in length");

    std::vector<std::size_t> rows; // rows with calls, by offset
    for (std::size_t i = 0; i < results.rows.size(); ++i)
        if (results.rows[i].summary.count > 0)
            rows.push_back(i);
    std::sort(rows.begin(), rows.end(), [&](std::size_t a, std::size_t b) {
        return results.rows[a].offset < results.rows[b].offset;
    });
    std::uint64_t previousEnd = 0;
    for (std::size_t i : rows) {
        const RankRegion& row = results.rows[i];
        if (row.offset < previousEnd || row.offset + row.summary.count > events.size())
            throw std::invalid_argument(results.path +
                                        ": rows overlap or lie outside the event columns");
        previousEnd = row.offset + row.summary.count;
        rowBegin_.push_back(row.offset);
        rowEnd_.push_back(previousEnd);
        rowRegion_.push_back(static_cast<std::int32_t>(row.region));
    }

    buildRowHints();

    std::stable_sort(rows.begin(), rows.end(), [&](std::size_t a, std::size_t b) {
        return results.rows[a].rank < results.rows[b].rank;
    });
    std::uint64_t total = 0;
    for (std::size_t i : rows)
        total += results.rows[i].summary.count;
    order_.resize(total);
    buildRanks(rows, threads);
    buildNextChange();
    buildSamples();

    if (!order_.empty()) {
        startNs_ = std::numeric_limits<std::int64_t>::max();
        endNs_ = std::numeric_limits<std::int64_t>::min();
        for (const TimelineLane& l : lanes_) {
            // Per lane the first call starts first and the last ends last.
            startNs_ = std::min(startNs_, start(order_[l.begin]));
            endNs_ = std::max(endNs_, end(order_[l.begin + l.size - 1]));
        }
    }
}

void TimelineIndex::buildRanks(std::span<const std::size_t> rowsByRank, unsigned threads) {
    struct RankRows {
        std::uint32_t rank;
        std::span<const std::size_t> rows;
        std::uint32_t base;
    };
    std::vector<RankRows> ranks;
    std::uint32_t base = 0;
    for (std::size_t first = 0; first < rowsByRank.size();) {
        const std::uint32_t rank = results_->rows[rowsByRank[first]].rank;
        std::size_t last = first;
        while (last < rowsByRank.size() && results_->rows[rowsByRank[last]].rank == rank)
            ++last;
        ranks.push_back({rank, rowsByRank.subspan(first, last - first), base});
        for (std::size_t i : ranks.back().rows)
            base += static_cast<std::uint32_t>(results_->rows[i].summary.count);
        first = last;
    }

    // Consecutive ranks in about equal shares of the calls, one share per
    // core: building the index is the longest part of opening a big file.
    constexpr std::uint32_t kCallsPerThread = 1u << 20;
    if (threads == 0)
        threads = std::min<unsigned>(std::thread::hardware_concurrency(), base / kCallsPerThread);
    threads = std::clamp<unsigned>(threads, 1, std::max<unsigned>(ranks.size(), 1));
    struct Share {
        std::size_t first = 0;
        std::size_t last = 0;
        std::vector<TimelineLane> lanes;
        std::vector<RankLanes> ranks;
        std::exception_ptr error;
    };
    std::vector<Share> shares(threads);
    for (std::size_t t = 0, r = 0; t < threads; ++t) {
        shares[t].first = r;
        const std::uint64_t until = std::uint64_t{base} * (t + 1) / threads;
        while (r < ranks.size() && (t + 1 == threads || ranks[r].base < until))
            ++r;
        shares[t].last = r;
    }
    auto build = [&](Share& share) {
        try {
            std::vector<std::uint32_t> scratch;
            for (std::size_t r = share.first; r < share.last; ++r)
                buildRank(ranks[r].rank, ranks[r].rows, ranks[r].base, scratch, share.lanes,
                          share.ranks);
        } catch (...) {
            share.error = std::current_exception();
        }
    };
    std::vector<std::thread> workers;
    for (std::size_t t = 1; t < threads; ++t)
        workers.emplace_back(build, std::ref(shares[t]));
    build(shares[0]);
    for (std::thread& worker : workers)
        worker.join();
    for (Share& share : shares) {
        if (share.error)
            std::rethrow_exception(share.error);
        for (RankLanes r : share.ranks) {
            r.firstLane += static_cast<std::uint32_t>(lanes_.size());
            rankLanes_.push_back(r);
        }
        lanes_.insert(lanes_.end(), share.lanes.begin(), share.lanes.end());
    }
}

void TimelineIndex::buildRank(std::uint32_t rank, std::span<const std::size_t> rows,
                              std::uint32_t base, std::vector<std::uint32_t>& scratch,
                              std::vector<TimelineLane>& lanes, std::vector<RankLanes>& ranks) {
    std::uint32_t* sorted = order_.data() + base;
    orderRankCalls(*results_, rows, sorted, scratch);
    const std::size_t count = scratch.size();
    const std::vector<LaneGroup> groups = groupByLane(sorted, count, scratch);

    // Depth by containment, per thread/task lane, twice: once to size the
    // lanes, once to fill them, so no per-call depth array is needed.
    // The enclosing calls. A call stays open for a later one while its end is
    // after that start, or when it is a zero-length call sharing that start
    // (scope-profiler's rule: it encloses the next call).
    std::vector<std::pair<std::int64_t, std::int64_t>> open; // start, end
    std::vector<std::uint32_t> perDepth;
    std::vector<std::uint32_t> cursor;
    for (const LaneGroup& group : groups) {
        auto walk = [&](auto&& visit) {
            open.clear();
            for (std::size_t k = group.begin; k < group.end; ++k) {
                const std::uint32_t e = sorted[k];
                const std::int64_t s = start(e);
                while (!open.empty() && open.back().second <= s &&
                       !(open.back().first == s && open.back().second == s))
                    open.pop_back();
                visit(e, open.size());
                open.emplace_back(s, end(e));
            }
        };
        perDepth.clear();
        walk([&](std::uint32_t, std::size_t depth) {
            if (depth >= perDepth.size())
                perDepth.resize(depth + 1, 0);
            ++perDepth[depth];
        });
        cursor.assign(perDepth.size(), 0);
        std::exclusive_scan(perDepth.begin(), perDepth.end(), cursor.begin(),
                            static_cast<std::uint32_t>(group.begin));
        ranks.push_back({rank, static_cast<std::uint32_t>(lanes.size()),
                         static_cast<std::uint32_t>(perDepth.size()), group.key});
        for (std::size_t d = 0; d < perDepth.size(); ++d)
            lanes.push_back(
                {rank, static_cast<std::uint32_t>(d), base + cursor[d], perDepth[d], group.key});
        walk([&](std::uint32_t e, std::size_t depth) { scratch[cursor[depth]++] = e; });
    }
    std::copy(scratch.begin(), scratch.begin() + static_cast<std::ptrdiff_t>(count), sorted);
}

std::vector<TimelineIndex::LaneGroup>
TimelineIndex::groupByLane(std::uint32_t* sorted, std::size_t count,
                           std::vector<std::uint32_t>& scratch) const {
    const EventColumns& events = results_->events;
    if (!events.hasLanes())
        return {{-1, 0, count}};
    // A stable counting sort by lane: each lane keeps the rank's start order.
    std::vector<std::int64_t> keys;
    for (std::size_t k = 0; k < count; ++k)
        keys.push_back(events.lane(sorted[k]));
    std::sort(keys.begin(), keys.end());
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
    const auto slotOf = [&](std::uint32_t e) {
        return static_cast<std::size_t>(std::lower_bound(keys.begin(), keys.end(), events.lane(e)) -
                                        keys.begin());
    };
    std::vector<std::size_t> at(keys.size() + 1, 0);
    for (std::size_t k = 0; k < count; ++k)
        ++at[slotOf(sorted[k]) + 1];
    std::partial_sum(at.begin(), at.end(), at.begin());
    std::vector<LaneGroup> groups;
    for (std::size_t g = 0; g < keys.size(); ++g)
        groups.push_back({keys[g], at[g], at[g + 1]});
    for (std::size_t k = 0; k < count; ++k)
        scratch[at[slotOf(sorted[k])]++] = sorted[k];
    std::copy(scratch.begin(), scratch.begin() + static_cast<std::ptrdiff_t>(count), sorted);
    return groups;
}

void TimelineIndex::buildNextChange() {
    nextChange_.assign((order_.size() + kBlock - 1) / kBlock, 0);
    for (const TimelineLane& l : lanes_) {
        const std::size_t laneEnd = std::size_t{l.begin} + l.size;
        std::size_t next = laneEnd; // the answer for the position after p
        std::int32_t nextRegion = -2;
        for (std::size_t p = laneEnd; p-- > l.begin;) {
            const std::int32_t region = regionOf(order_[p]);
            if (p + 1 < laneEnd && region != nextRegion)
                next = p + 1;
            if ((p + 1) % kBlock == 0)
                nextChange_[p / kBlock] = static_cast<std::uint32_t>(next);
            nextRegion = region;
        }
    }
}

void TimelineIndex::buildSamples() {
    sampleBegin_.reserve(lanes_.size());
    samples_.reserve(order_.size() / kSample + lanes_.size());
    for (const TimelineLane& l : lanes_) {
        sampleBegin_.push_back(samples_.size());
        for (std::size_t i = 0; i < l.size; i += kSample)
            samples_.push_back(start(order_[l.begin + i]));
    }
}

std::size_t TimelineIndex::firstStartFrom(const TimelineLane& lane, std::size_t lo, std::size_t hi,
                                          std::int64_t t, std::size_t hint) const {
    if (lo >= hi)
        return hi;
    const std::int64_t* samples = samples_.data() + sampleBegin_[&lane - lanes_.data()];
    // Starts are sorted along the lane, so are the samples: the first sample
    // at or after t bounds the answer to the kSample - 1 calls before it.
    const std::size_t s = gallopFrom(lo / kSample, (hi - 1) / kSample + 1, hint / kSample,
                                     [&](std::size_t i) { return samples[i] < t; });
    if (s * kSample <= lo)
        return lo;
    const std::size_t from = std::max(lo, (s - 1) * kSample + 1);
    const std::size_t to = std::min(hi, s * kSample);
    const std::uint32_t* calls = order_.data() + lane.begin;
    const std::int64_t* starts = results_->events.starts.data();
    const std::int64_t* ends = results_->events.ends.data();
    // Counting, not searching: no load waits for the one before. The caller
    // reads the ends of the calls around the answer next: fetch them now too.
    std::size_t before = 0;
    for (std::size_t p = from; p < to; ++p) {
        __builtin_prefetch(ends + calls[p]);
        before += starts[calls[p]] < t ? 1 : 0;
    }
    if (to < lane.size)
        __builtin_prefetch(ends + calls[to]);
    return from + before;
}

std::optional<std::size_t> TimelineIndex::lane(std::uint32_t rank, std::uint32_t depth) const {
    return rankLanes_.lane(rank, depth);
}

std::optional<std::size_t> TimelineIndex::laneOf(std::uint32_t rank, std::int64_t key,
                                                 std::uint32_t depth) const {
    return rankLanes_.lane(rank, key, depth);
}

std::vector<std::uint32_t> TimelineIndex::ranks() const {
    return rankLanes_.ranks();
}

int TimelineIndex::maxDepth(std::uint32_t rank) const {
    return rankLanes_.maxDepth(rank);
}

int TimelineIndex::maxDepth() const {
    return rankLanes_.maxDepth();
}

std::int64_t TimelineIndex::start(std::uint32_t event) const {
    return results_->events.starts[event];
}

std::int64_t TimelineIndex::end(std::uint32_t event) const {
    return std::max(results_->events.ends[event], results_->events.starts[event]);
}

void TimelineIndex::buildRowHints() {
    if (rowBegin_.empty())
        return;
    const std::uint64_t events = rowEnd_.back();
    while ((events >> rowShift_) > rowBegin_.size())
        ++rowShift_;
    // One more block than the events need, so that rowOf always has the next one.
    rowHint_.resize(static_cast<std::size_t>(events >> rowShift_) + 2);
    std::size_t row = 0;
    for (std::size_t b = 0; b < rowHint_.size(); ++b) {
        const std::uint64_t first = std::uint64_t{b} << rowShift_;
        while (row + 1 < rowBegin_.size() && rowBegin_[row + 1] <= first)
            ++row;
        rowHint_[b] = static_cast<std::uint32_t>(row);
    }
}

std::size_t TimelineIndex::rowOf(std::uint32_t event) const {
    // The last row beginning at or before the event: between the hints of
    // its block and of the next one.
    if (rowHint_.empty())
        return static_cast<std::size_t>(-1);
    const std::size_t block =
        std::min<std::size_t>(std::uint64_t{event} >> rowShift_, rowHint_.size() - 2);
    const auto lo = rowBegin_.begin() + rowHint_[block];
    const auto hi = rowBegin_.begin() + rowHint_[block + 1] + 1;
    return static_cast<std::size_t>(std::upper_bound(lo, hi, std::uint64_t{event}) -
                                    rowBegin_.begin()) -
           1;
}

std::int32_t TimelineIndex::regionOf(std::uint32_t event) const {
    if (rowBegin_.empty() || event < rowBegin_.front())
        return -1;
    const std::size_t row = rowOf(event);
    return event < rowEnd_[row] ? rowRegion_[row] : -1;
}

bool TimelineIndex::isWide(std::uint32_t event, double nsPerPixel) const {
    return static_cast<double>(end(event) - start(event)) >= nsPerPixel;
}

bool TimelineIndex::uniform(std::size_t a, std::size_t b) const {
    const std::uint32_t first = order_[a];
    const std::size_t row = rowOf(first);
    const std::int32_t region = rowRegion_[row];
    const std::size_t blockEnd = (a / kBlock + 1) * kBlock;
    for (std::size_t p = a + 1; p < std::min(b, blockEnd); ++p) {
        const std::uint32_t e = order_[p];
        if ((e < rowBegin_[row] || e >= rowEnd_[row]) && regionOf(e) != region)
            return false;
    }
    // The rest of a's block is of a's region, so the next change after a is
    // the one recorded for the block's last position.
    return b <= blockEnd || nextChange_[a / kBlock] >= b;
}

TimelineSpan TimelineIndex::spanOf(std::size_t a, std::size_t b) const {
    TimelineSpan span;
    span.event = order_[a];
    span.startNs = start(span.event);
    span.endNs = end(order_[b - 1]);
    span.count = static_cast<std::uint32_t>(b - a);
    span.region = uniform(a, b) ? regionOf(span.event) : -1;
    return span;
}

bool TimelineIndex::query(std::size_t lane, std::int64_t t0Ns, std::int64_t t1Ns, double nsPerPixel,
                          std::vector<TimelineSpan>& out) const {
    out.clear();
    if (lane >= lanes_.size() || t1Ns <= t0Ns || !(nsPerPixel > 0) || !std::isfinite(nsPerPixel))
        return true;
    const TimelineLane& l = lanes_[lane];
    const std::uint32_t* calls = order_.data() + l.begin;
    // A zero-length call reaches one past its start, so it shows at its nanosecond.
    auto reach = [&](std::uint32_t e) { return reachOf(start(e), end(e)); };
    std::size_t k =
        partitionPoint(0, l.size, [&](std::size_t i) { return reach(calls[i]) <= t0Ns; });
    const std::size_t stop = firstStartFrom(l, k, l.size, t1Ns, l.size);
    std::size_t lastCount = 1;
    while (k < stop) {
        const std::uint32_t e = calls[k];
        if (isWide(e, nsPerPixel)) {
            out.push_back(spanOf(l.begin + k, l.begin + k + 1));
            ++k;
            continue;
        }
        const double column = columnOf(start(e), t0Ns, nsPerPixel);
        const std::int64_t columnEnd = boundary(t0Ns, column + 1, nsPerPixel);
        std::size_t j = firstStartFrom(l, k + 1, stop, columnEnd, k + lastCount);
        // Only the last call starting in a column can be a pixel wide; it is drawn on its own.
        if (j - 1 > k && isWide(calls[j - 1], nsPerPixel))
            --j;
        out.push_back(spanOf(l.begin + k, l.begin + j));
        lastCount = j - k;
        k = j;
    }
    return true;
}

std::vector<TimelineSpan> TimelineIndex::query(std::size_t lane, std::int64_t t0Ns,
                                               std::int64_t t1Ns, double nsPerPixel) const {
    std::vector<TimelineSpan> spans;
    query(lane, t0Ns, t1Ns, nsPerPixel, spans);
    return spans;
}

std::optional<TimelineSpan> TimelineIndex::hitTest(std::size_t lane, std::int64_t timeNs,
                                                   double nsPerPixel) const {
    if (lane >= lanes_.size() || !(nsPerPixel > 0) || !std::isfinite(nsPerPixel))
        return std::nullopt;
    const TimelineLane& l = lanes_[lane];
    const std::uint32_t* calls = order_.data() + l.begin;
    auto reach = [&](std::uint32_t e) { return reachOf(start(e), end(e)); };
    auto firstReaching = [&](std::int64_t t) {
        return partitionPoint(0, l.size, [&](std::size_t i) { return reach(calls[i]) <= t; });
    };
    const std::size_t under = firstReaching(timeNs);
    if (under < l.size && start(calls[under]) <= timeNs && isWide(calls[under], nsPerPixel))
        return spanOf(l.begin + under, l.begin + under + 1);

    const auto half = static_cast<std::int64_t>(nsPerPixel / 2);
    std::size_t a = firstReaching(timeNs - half);
    std::size_t b =
        partitionPoint(a, l.size, [&](std::size_t i) { return start(calls[i]) <= timeNs + half; });
    if (a == b)
        return std::nullopt;
    // A wide call near the cursor but not under it only counts when nothing
    // narrower is there; only the first and the last can be wide.
    if (b - a > 1 && isWide(calls[a], nsPerPixel))
        ++a;
    if (b - a > 1 && isWide(calls[b - 1], nsPerPixel))
        --b;
    return spanOf(l.begin + a, l.begin + b);
}

std::size_t TimelineIndex::memoryBytes() const {
    return order_.capacity() * sizeof(std::uint32_t) +
           nextChange_.capacity() * sizeof(std::uint32_t) +
           samples_.capacity() * sizeof(std::int64_t) +
           sampleBegin_.capacity() * sizeof(std::size_t) +
           lanes_.capacity() * sizeof(TimelineLane) + rankLanes_.memoryBytes() +
           rowBegin_.capacity() * sizeof(std::uint64_t) * 2 +
           rowHint_.capacity() * sizeof(std::uint32_t) +
           rowRegion_.capacity() * sizeof(std::int32_t);
}

} // namespace scope
