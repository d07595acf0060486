// SPDX-License-Identifier: GPL-3.0-or-later
#include "OverviewTimeline.h"

#include "OverviewBuckets.h"
#include "OverviewCoverage.h"

#include "base/ParallelFor.h"
#include "base/Prefault.h"
#include "model/CallReader.h"
#include "model/Errors.h"

#include <algorithm>
#include <atomic>
#include <limits>
#include <memory>
#include <mutex>
#include <thread>

namespace scope {
namespace {

constexpr std::string_view kStep = "drawing an overview";
// Calls per work item: about a thousand items for 10^9 calls, so
// that the threads stay busy to the end.
constexpr std::uint64_t kItemCalls = std::uint64_t{1} << 20;
// Calls per read: the buffers stay small and cancel is checked between.
constexpr std::uint64_t kReadCalls = std::uint64_t{1} << 16;

// Calls of one row.
struct Part {
    std::size_t row;
    std::uint64_t first;
    std::uint64_t count;
};

// What a thread reads at once: parts of rows of one rank, in order, of
// about kItemCalls calls (a part of a long row, or many short rows, which
// then share their chunks in the thread's reader).
struct Item {
    std::size_t begin; // into the parts
    std::size_t end;
    std::uint64_t calls;
    std::size_t rank; // into the ranks with calls
};

// The regions of one rank's rows, numbered from 0 there: the coverage
// tables of a rank have a column per region it called, not per region of the run.
struct RankRegions {
    std::uint32_t rank = 0;
    std::vector<std::int32_t> regions; // global index per local one
};

} // namespace

// The streaming pass: items of rows in rank order taken by every thread; a
// thread adds to its own coverage of the rank it is on and hands it to the
// rank's when it moves on, and the last hand-over of a rank ranks its buckets.
// So only the ranks some thread is on hold coverage tables.
class OverviewTimeline::Accumulator {
public:
    Accumulator(const ProfilingResults& results, const ReadControl& control,
                OverviewBuckets buckets)
        : results_(results), control_(control), buckets_(buckets) {
        std::vector<std::size_t> rows;
        for (std::size_t i = 0; i < results.rows.size(); ++i)
            if (results.rows[i].summary.count > 0)
                rows.push_back(i);
        std::stable_sort(rows.begin(), rows.end(), [&](std::size_t a, std::size_t b) {
            return results.rows[a].rank < results.rows[b].rank;
        });
        local_.assign(results.rows.size(), 0);
        for (const std::size_t i : rows) {
            const RankRegion& row = results.rows[i];
            if (ranks_.empty() || ranks_.back().rank != row.rank)
                ranks_.push_back({row.rank, {}});
            std::vector<std::int32_t>& regions = ranks_.back().regions;
            const auto region = static_cast<std::int32_t>(row.region);
            auto it = std::find(regions.begin(), regions.end(), region);
            local_[i] = static_cast<std::size_t>(it - regions.begin());
            if (it == regions.end())
                regions.push_back(region);
            for (std::uint64_t first = 0; first < row.summary.count; first += kItemCalls) {
                const std::uint64_t count = std::min(kItemCalls, row.summary.count - first);
                const std::size_t rank = ranks_.size() - 1;
                if (items_.empty() || items_.back().rank != rank ||
                    items_.back().calls + count > kItemCalls)
                    items_.push_back({parts_.size(), parts_.size(), 0, rank});
                parts_.push_back({i, first, count});
                items_.back().end = parts_.size();
                items_.back().calls += count;
            }
            totalCalls_ += row.summary.count;
        }
        states_.resize(ranks_.size());
        for (const Item& item : items_)
            ++states_[item.rank].itemsLeft;
        lanesOut_.resize(ranks_.size());
        if (results.onDemand)
            lanes_ =
                !rows.empty() && results.onDemand->readLanes(results.rows[rows.front()], 0, {});
        else
            lanes_ = results.events.hasLanes();
    }

    void run() {
        const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
        workers_.resize(threads);
        parallelFor(
            items_.size(), threads, control_.cancel,
            [this](std::size_t item, unsigned worker) { read(items_[item], workers_[worker]); },
            [this] {
                if (control_.progress)
                    control_.progress(double(done_.load()) /
                                          double(std::max<std::uint64_t>(totalCalls_, 1)),
                                      kStep);
            });
        checkCancel();
        for (Worker& worker : workers_)
            handOver(worker);
    }

    // Ranks with calls ascending, each with its lanes.
    const std::vector<RankRegions>& ranks() const { return ranks_; }
    std::vector<std::vector<OverviewKeyLanes>>& lanesOut() { return lanesOut_; }

private:
    struct Worker {
        std::size_t rank = std::numeric_limits<std::size_t>::max();
        std::uint64_t items = 0;
        OverviewCoverage coverage;
        std::unique_ptr<CallReader> reader; // of results.onDemand
        std::vector<std::int64_t> starts, ends, keys;
    };
    struct RankState {
        OverviewCoverage coverage;
        std::uint64_t itemsLeft = 0;
    };

    void checkCancel() const {
        if (control_.cancel && control_.cancel->load())
            throw ReadCancelled(results_.path, std::string(kStep), "cancelled");
    }

    void read(const Item& item, Worker& worker) {
        if (worker.rank != item.rank) {
            handOver(worker);
            worker.rank = item.rank;
        }
        for (std::size_t p = item.begin; p < item.end; ++p)
            read(parts_[p], ranks_[item.rank].regions.size(), worker);
        ++worker.items;
        done_ += item.calls;
    }

    void read(const Part& part, std::size_t width, Worker& worker) {
        const RankRegion& row = results_.rows[part.row];
        const std::size_t cells = buckets_.size() * width;
        const std::size_t column = local_[part.row];
        for (std::uint64_t done = 0; done < part.count; done += kReadCalls) {
            checkCancel();
            const std::uint64_t first = part.first + done;
            const std::uint64_t n = std::min(kReadCalls, part.count - done);
            std::span<const std::int64_t> starts;
            std::span<const std::int64_t> ends;
            if (results_.onDemand) {
                if (!worker.reader)
                    worker.reader = results_.onDemand->reader();
                worker.starts.resize(n);
                worker.ends.resize(n);
                worker.reader->read(row, first, worker.starts, worker.ends);
                starts = worker.starts;
                ends = worker.ends;
            } else {
                starts = results_.starts(row).subspan(first, n);
                ends = results_.ends(row).subspan(first, n);
            }
            if (!lanes_) {
                buckets_.coverAll(starts, ends, worker.coverage.table(-1, cells) + column, width);
                continue;
            }
            worker.keys.resize(n);
            if (results_.onDemand) {
                worker.reader->readLanes(row, first, worker.keys);
            } else {
                for (std::size_t i = 0; i < n; ++i)
                    worker.keys[i] = results_.events.lane(row.offset + first + i);
            }
            for (std::size_t i = 0; i < n; ++i)
                buckets_.cover(starts[i], ends[i],
                               worker.coverage.table(worker.keys[i], cells) + column, width);
        }
    }

    // The worker's coverage of its rank added to the rank's; the rank's last
    // hand-over ranks its buckets and lets its coverage go.
    void handOver(Worker& worker) {
        if (worker.rank >= ranks_.size())
            return;
        const std::size_t rank = worker.rank;
        const std::size_t cells = buckets_.size() * ranks_[rank].regions.size();
        OverviewCoverage complete;
        {
            std::lock_guard lock(mutex_);
            RankState& state = states_[rank];
            state.coverage.add(std::move(worker.coverage), cells);
            state.itemsLeft -= worker.items;
            if (state.itemsLeft == 0)
                complete = std::move(state.coverage);
        }
        worker.coverage = OverviewCoverage();
        worker.items = 0;
        worker.rank = std::numeric_limits<std::size_t>::max();
        if (!complete.empty())
            lanesOut_[rank] = complete.ranked(ranks_[rank].regions, {}, buckets_, kDepths);
    }

    const ProfilingResults& results_;
    const ReadControl& control_;
    const OverviewBuckets buckets_;
    bool lanes_ = false;
    std::vector<RankRegions> ranks_;
    std::vector<std::size_t> local_; // per row of results: its column on its rank
    std::vector<Part> parts_;
    std::vector<Item> items_;
    std::uint64_t totalCalls_ = 0;
    std::atomic<std::uint64_t> done_{0};
    std::vector<Worker> workers_;
    std::mutex mutex_;
    std::vector<RankState> states_;
    std::vector<std::vector<OverviewKeyLanes>>
        lanesOut_; // per rank, written once by its last hand-over
};

std::shared_ptr<const OverviewTimeline> OverviewTimeline::build(const ProfilingResults& results,
                                                                const ReadControl& control,
                                                                std::size_t buckets) {
    std::shared_ptr<OverviewTimeline> overview(new OverviewTimeline);
    overview->buckets_ = std::max<std::size_t>(buckets, 1);
    const auto extent = extentOf(results, false);
    if (!extent)
        return overview; // no calls
    const auto [origin, end] = *extent;
    overview->startNs_ = origin;
    overview->endNs_ = end;
    if (control.progress)
        control.progress(0.0, kStep);
    Accumulator pass(
        results, control,
        OverviewBuckets(origin, std::max<std::int64_t>(end - origin, 1), overview->buckets_));
    pass.run();
    for (std::size_t r = 0; r < pass.ranks().size(); ++r)
        for (const OverviewKeyLanes& key : pass.lanesOut()[r])
            overview->append(pass.ranks()[r].rank, key.key, key.depths);
    if (control.progress)
        control.progress(1.0, kStep);
    return overview;
}

std::shared_ptr<const OverviewTimeline>
OverviewTimeline::fromRanked(std::int64_t startNs, std::int64_t endNs, std::size_t buckets,
                             std::span<const RankedLanes> ranks,
                             std::span<const std::int32_t> regionOf) {
    std::shared_ptr<OverviewTimeline> overview(new OverviewTimeline);
    overview->buckets_ = std::max<std::size_t>(buckets, 1);
    overview->startNs_ = startNs;
    overview->endNs_ = endNs;
    overview->reserveFor(ranks, 0, 0);
    for (const RankedLanes& rank : ranks)
        for (const OverviewKeyLanes& key : rank.lanes)
            overview->append(rank.rank, key.key, key.depths);
    for (TimelineSpan& span : overview->spans_)
        span.region = regionOf[static_cast<std::size_t>(span.region)];
    return overview;
}

std::shared_ptr<const OverviewTimeline>
OverviewTimeline::withRanked(const OverviewTimeline& estimate, std::span<const RankedLanes> ranked,
                             std::span<const std::int32_t> regionOf) {
    std::shared_ptr<OverviewTimeline> overview(new OverviewTimeline);
    overview->buckets_ = estimate.buckets_;
    overview->startNs_ = estimate.startNs_;
    overview->endNs_ = estimate.endNs_;
    overview->reserveFor(ranked, estimate.lanes_.size(), estimate.spans_.size());
    auto next = ranked.begin();
    const auto appendRanked = [&] {
        const std::size_t from = overview->spans_.size();
        for (const OverviewKeyLanes& key : next->lanes)
            overview->append(next->rank, key.key, key.depths);
        for (std::size_t s = from; s < overview->spans_.size(); ++s) {
            TimelineSpan& span = overview->spans_[s];
            span.region = regionOf[static_cast<std::size_t>(span.region)];
        }
        ++next;
    };
    // Per rank of the estimate, its entries [e, end): one per lane key.
    const RankLaneTable& estimated = estimate.rankLanes_;
    for (std::size_t e = 0, end = 0; e < estimated.size(); e = end) {
        const std::uint32_t rank = estimated[e].rank;
        while (end < estimated.size() && estimated[end].rank == rank)
            ++end;
        while (next != ranked.end() && next->rank < rank)
            appendRanked();
        if (next != ranked.end() && next->rank == rank) {
            appendRanked();
        } else {
            ++overview->ranksEstimated_;
            for (std::size_t k = e; k < end; ++k)
                overview->append(estimate, estimated[k]);
        }
    }
    while (next != ranked.end())
        appendRanked();
    return overview;
}

std::optional<std::pair<std::int64_t, std::int64_t>>
OverviewTimeline::extentOf(const ProfilingResults& results, bool timedOnly) {
    std::int64_t origin = std::numeric_limits<std::int64_t>::max();
    std::int64_t end = std::numeric_limits<std::int64_t>::min();
    for (const RankRegion& row : results.rows) {
        if (row.summary.count == 0 || (timedOnly && !row.summary.hasTimes))
            continue;
        origin = std::min(origin, row.summary.startMinimum);
        end = std::max(end, row.summary.endMaximum);
    }
    if (origin > end)
        return std::nullopt;
    return std::pair(origin, end);
}

void OverviewTimeline::append(std::uint32_t rank, std::int64_t key,
                              const std::vector<std::vector<TimelineSpan>>& depths) {
    rankLanes_.push_back({rank, static_cast<std::uint32_t>(lanes_.size()),
                          static_cast<std::uint32_t>(depths.size()), key});
    for (std::size_t d = 0; d < depths.size(); ++d) {
        lanes_.push_back({rank, static_cast<std::uint32_t>(d),
                          static_cast<std::uint32_t>(spans_.size()),
                          static_cast<std::uint32_t>(depths[d].size()), key});
        spans_.insert(spans_.end(), depths[d].begin(), depths[d].end());
    }
}

void OverviewTimeline::append(const OverviewTimeline& other, const RankLanes& lanes) {
    rankLanes_.push_back(
        {lanes.rank, static_cast<std::uint32_t>(lanes_.size()), lanes.laneCount, lanes.key});
    for (std::uint32_t d = 0; d < lanes.laneCount; ++d) {
        const std::span<const TimelineSpan> spans = other.spans(lanes.firstLane + d);
        lanes_.push_back({lanes.rank, d, static_cast<std::uint32_t>(spans_.size()),
                          static_cast<std::uint32_t>(spans.size()), lanes.key});
        spans_.insert(spans_.end(), spans.begin(), spans.end());
    }
}

// Millions of spans at 10^9 calls: room for all of them at once.
void OverviewTimeline::reserveFor(std::span<const RankedLanes> ranks, std::size_t lanes,
                                  std::size_t spans) {
    for (const RankedLanes& rank : ranks)
        for (const OverviewKeyLanes& key : rank.lanes) {
            lanes += key.depths.size();
            for (const std::vector<TimelineSpan>& depth : key.depths)
                spans += depth.size();
        }
    reserve(lanes, spans);
}

void OverviewTimeline::reserve(std::size_t lanes, std::size_t spans) {
    lanes_.reserve(lanes);
    spans_.reserve(spans);
    // Filled while the overview is awaited: the pages mapped in one call
    // rather than one fault each, which costs most where faults trap to a
    // hypervisor.
    prefault(spans_.data(), spans_.data() + spans);
}

std::int64_t OverviewTimeline::bucketStartNs(std::size_t b) const {
    return OverviewBuckets::edgeOf(startNs_, std::max<std::int64_t>(endNs_ - startNs_, 1), buckets_,
                                   b);
}

std::span<const TimelineSpan> OverviewTimeline::spans(std::size_t lane) const {
    if (lane >= lanes_.size())
        return {};
    return std::span(spans_).subspan(lanes_[lane].begin, lanes_[lane].size);
}

bool OverviewTimeline::query(std::size_t lane, std::int64_t t0Ns, std::int64_t t1Ns, double,
                             std::vector<TimelineSpan>& out) const {
    out.clear();
    const std::span<const TimelineSpan> all = spans(lane);
    // Spans of a lane never overlap: by start, they are by end too.
    auto first =
        std::upper_bound(all.begin(), all.end(), t0Ns,
                         [](std::int64_t t, const TimelineSpan& s) { return t < s.endNs; });
    for (; first != all.end() && first->startNs < t1Ns; ++first)
        out.push_back(*first);
    return false;
}

std::optional<TimelineSpan> OverviewTimeline::hitTest(std::size_t, std::int64_t, double) const {
    return std::nullopt;
}

std::size_t OverviewTimeline::memoryBytes() const {
    return lanes_.capacity() * sizeof(TimelineLane) + spans_.capacity() * sizeof(TimelineSpan) +
           rankLanes_.memoryBytes();
}

} // namespace scope
