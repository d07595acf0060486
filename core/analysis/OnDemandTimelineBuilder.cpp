// SPDX-License-Identifier: GPL-3.0-or-later
#include "OnDemandTimelineBuilder.h"

#include "ExclusiveTime.h"
#include "PartialTimeline.h"
#include "StartOrder.h"
#include "TimelineIndex.h"
#include "base/MemoryBudget.h"
#include "model/CallReader.h"
#include "model/Errors.h"

#include <algorithm>
#include <limits>
#include <map>
#include <memory>
#include <stdexcept>
#include <thread>

namespace scope {
namespace {

// What building a rank costs per call: its start and end, the index's order,
// the sort's scratch and the samples (and orderBytesPerCall).
constexpr std::uint64_t kBuildBytesPerCall = 32;
// Calls per CallSource::read while a rank is built (a check for cancel between).
constexpr std::uint64_t kBuildPiece = 1 << 20;

} // namespace

void OnDemandTimeline::Builder::prepare(OnDemandTimeline& t) {
    const std::vector<RankRegion>& rows = t.results_->rows;
    std::uint64_t calls = 0;
    std::int64_t origin = std::numeric_limits<std::int64_t>::max();
    std::int64_t end = std::numeric_limits<std::int64_t>::min();
    for (std::size_t i = 0; i < rows.size(); ++i) {
        t.exclusive_.push_back(rows[i].summary.total);
        if (rows[i].summary.count == 0)
            continue;
        t.rowsByOffset_.push_back(i);
        calls += rows[i].summary.count;
        origin = std::min(origin, rows[i].summary.startMinimum);
        end = std::max(end, rows[i].summary.endMaximum);
    }
    if (calls >= std::numeric_limits<std::uint32_t>::max())
        throw std::length_error(t.results_->path + ": the timeline holds at most 2^32 - 1 calls, " +
                                "the file has " + std::to_string(calls));
    std::sort(t.rowsByOffset_.begin(), t.rowsByOffset_.end(),
              [&](std::size_t a, std::size_t b) { return rows[a].offset < rows[b].offset; });
    // Block hulls within their share: coarser blocks read more calls per window.
    const std::uint64_t budget = t.budget_;
    while ((calls / t.blockCalls_ + rows.size()) * 2 * sizeof(std::int64_t) > budget / 32 &&
           t.blockCalls_ < (std::uint64_t{1} << 30))
        t.blockCalls_ *= 2;
    t.rowBlockBegin_.push_back(0);
    for (const RankRegion& row : rows)
        t.rowBlockBegin_.push_back(t.rowBlockBegin_.back() +
                                   (row.summary.count + t.blockCalls_ - 1) / t.blockCalls_);
    t.blockMinStart_.resize(t.rowBlockBegin_.back());
    t.blockMaxReach_.resize(t.rowBlockBegin_.back());
    t.rowSorted_.assign(rows.size(), 1);
    t.rowLongest_.assign(rows.size(), 0);
    if (calls > 0)
        t.pyramid_ = TimelinePyramid(origin, end, budget / 8);
}

OnDemandTimeline::Builder::Builder(OnDemandTimeline& timeline, const ReadControl& control,
                                   TimelineSnapshots snapshots,
                                   std::span<const std::uint32_t> ranks)
    : t_(timeline), control_(control), snapshots_(std::move(snapshots)),
      shown_(std::chrono::steady_clock::now()) {
    std::map<std::uint32_t, std::vector<std::size_t>> byRank;
    for (const std::size_t row : t_.rowsByOffset_)
        byRank[t_.results_->rows[row].rank].push_back(row);
    for (auto& [rank, rows] : byRank) {
        Job job{rank, std::move(rows), 0};
        for (const std::size_t row : job.rows)
            job.calls += t_.results_->rows[row].summary.count;
        totalCalls_ += job.calls;
        if (ranks.empty() || std::binary_search(ranks.begin(), ranks.end(), rank))
            jobs_.push_back(std::move(job));
    }
    if (!ranks.empty() &&
        (jobs_.size() != ranks.size() || !std::is_sorted(ranks.begin(), ranks.end())))
        throw std::invalid_argument("OnDemandTimeline: the ranks to build are not ascending "
                                    "ranks with calls");
    for (const Job& job : jobs_)
        jobCalls_ += job.calls;
    if (!jobs_.empty())
        lanes_ =
            t_.results_->onDemand->readLanes(t_.results_->rows[jobs_.front().rows.front()], 0, {});
    const std::uint64_t budget = t_.budget_;
    const std::uint64_t cache = std::min(t_.results_->onDemand->cacheLimitBytes(), budget / 2);
    const std::uint64_t reserved = budget / 8 + budget / 8 + budget / 32 + cache;
    buildBudget_ = std::max(budget > reserved ? budget - reserved : 0, budget / 8);
}

void OnDemandTimeline::Builder::run() {
    fixedShares_ = false;
    start();
}

std::vector<OnDemandTimeline::RankBuild> OnDemandTimeline::Builder::runRanks() {
    fixedShares_ = true;
    builds_.resize(jobs_.size());
    start();
    return std::move(builds_);
}

void OnDemandTimeline::Builder::start() {
    for (std::size_t j = 0; j < jobs_.size(); ++j)
        if (const Job& job = jobs_[j]; cost(j) > buildBudget_)
            throw ProfileError(
                t_.results_->path, "building the timeline",
                "rank " + std::to_string(job.rank) + " has " + std::to_string(job.calls) +
                    " calls, whose nesting needs " + MemoryBudget::format(cost(j)) +
                    " at once; the memory budget of " + MemoryBudget::format(t_.budget_) +
                    " leaves " + MemoryBudget::format(buildBudget_) +
                    " for it. Open the run with a larger memory budget.");
    const unsigned threads = static_cast<unsigned>(
        std::clamp<std::size_t>(std::min(std::thread::hardware_concurrency(), 2u), 1,
                                std::max<std::size_t>(jobs_.size(), 1)));
    std::vector<std::thread> workers;
    for (unsigned i = 1; i < threads; ++i)
        workers.emplace_back([this] { work(); });
    work();
    for (std::thread& worker : workers)
        worker.join();
    if (error_)
        std::rethrow_exception(error_);
}

void OnDemandTimeline::Builder::work() {
    for (;;) {
        std::size_t j = 0;
        {
            std::unique_lock lock(mutex_);
            changed_.wait(lock, [&] {
                return error_ || next_ == jobs_.size() || inFlight_ == 0 ||
                       inFlight_ + cost(next_) <= buildBudget_;
            });
            if (error_ || next_ == jobs_.size())
                return;
            j = next_++;
            inFlight_ += cost(j);
        }
        try {
            RankBuild built = buildRank(jobs_[j]);
            std::unique_lock lock(mutex_);
            changed_.wait(lock, [&] { return error_ || committed_ == j; });
            if (error_)
                return;
            handOn(j, std::move(built));
            inFlight_ -= cost(j);
            done_ += jobs_[j].calls;
            if (control_.progress)
                control_.progress(double(done_) / double(std::max<std::uint64_t>(jobCalls_, 1)),
                                  "building the timeline");
        } catch (...) {
            std::lock_guard lock(mutex_);
            if (!error_)
                error_ = std::current_exception();
        }
        changed_.notify_all();
    }
}

void OnDemandTimeline::Builder::handOn(std::size_t j, RankBuild build) {
    if (fixedShares_) {
        builds_[j] = std::move(build);
        ++committed_;
        return;
    }
    commit(t_, std::move(build));
    ++committed_;
    showSnapshot();
}

std::uint64_t OnDemandTimeline::Builder::cost(std::size_t job) const {
    return jobs_[job].calls *
           (kBuildBytesPerCall + (lanes_ ? 16 : 0) + orderBytesPerCall(jobs_[job].rows.size()));
}

void OnDemandTimeline::Builder::checkCancel() const {
    if (control_.cancel && control_.cancel->load())
        throw ReadCancelled(t_.results_->path, "building the timeline", "cancelled");
    std::lock_guard lock(mutex_);
    if (error_)
        throw ReadCancelled(t_.results_->path, "building the timeline", "stopped");
}

OnDemandTimeline::RankBuild OnDemandTimeline::Builder::buildRank(const Job& job) {
    const ProfilingResults& results = *t_.results_;
    RankBuild build;
    build.rank = job.rank;
    ProfilingResults local;
    local.path = results.path;
    local.eventsRead = true;
    local.events.starts.resize(job.calls);
    local.events.ends.resize(job.calls);
    // Thread/task lanes: each a stack of its own, as in a run read into memory.
    const bool lanes = lanes_;
    if (lanes) {
        local.events.threadIds.resize(job.calls);
        local.events.taskIds.resize(job.calls);
    }
    std::vector<std::int64_t> keys;
    // A rank's rows mostly lie side by side and share chunks: one reader keeps them.
    const std::unique_ptr<CallReader> reader = results.onDemand->reader();
    std::uint64_t at = 0;
    for (const std::size_t r : job.rows) {
        const RankRegion& row = results.rows[r];
        for (std::uint64_t done = 0; done < row.summary.count; done += kBuildPiece) {
            checkCancel();
            const std::uint64_t n = std::min(kBuildPiece, row.summary.count - done);
            reader->read(row, done, std::span(local.events.starts).subspan(at + done, n),
                         std::span(local.events.ends).subspan(at + done, n));
            if (!lanes)
                continue;
            keys.resize(n);
            reader->readLanes(row, done, keys);
            for (std::uint64_t i = 0; i < n; ++i) {
                local.events.threadIds[at + done + i] = laneThread(keys[i]);
                local.events.taskIds[at + done + i] = laneTask(keys[i]);
            }
        }
        RankBuild::Row& measured = build.rows.emplace_back();
        measured.row = r;
        measureBlocks(measured, std::span(local.events.starts).subspan(at, row.summary.count),
                      std::span(local.events.ends).subspan(at, row.summary.count));
        RankRegion copy = row;
        copy.offset = at;
        copy.details = RankRegion::kNoDetails;
        local.rows.push_back(copy);
        at += row.summary.count;
    }
    const TimelineIndex index(local, 1);
    const std::vector<std::int64_t> exclusive = exclusivePerRow(local, index);
    for (std::size_t i = 0; i < job.rows.size(); ++i)
        build.rows[i].exclusive = exclusive[i];

    auto toGlobal = [&](std::uint32_t e) {
        const auto it = std::upper_bound(
            local.rows.begin(), local.rows.end(), std::uint64_t{e},
            [](std::uint64_t value, const RankRegion& row) { return value < row.offset; });
        const std::size_t i = static_cast<std::size_t>(it - local.rows.begin()) - 1;
        return static_cast<std::uint32_t>(results.rows[job.rows[i]].offset + e -
                                          local.rows[i].offset);
    };
    std::vector<double> widths;
    std::uint64_t allowed = 0;
    if (fixedShares_) {
        // Of the whole budget, by the rank's calls alone: no other rank's
        // build, nor when it was added, changes this rank's part.
        widths = t_.pyramid_.widths();
        allowed = static_cast<std::uint64_t>(
            double(t_.pyramid_.budgetBytes()) *
            (double(job.calls) / double(std::max<std::uint64_t>(totalCalls_, 1))));
    } else {
        // The rank's share of what is left, by its calls: taking all that is
        // left, the first ranks kept levels that later ranks then made the
        // pyramid drop, and how many levels stayed depended on the timing.
        std::lock_guard lock(mutex_);
        widths = t_.pyramid_.widths();
        const double share =
            double(job.calls) / double(std::max<std::uint64_t>(totalCalls_ - done_, 1));
        allowed =
            static_cast<std::uint64_t>(double(t_.pyramid_.bytesLeft()) * std::min(share, 1.0));
    }
    // The rank's call paths while its nesting is at hand: the call tree of
    // any selection is then a merge of these, without reading a call.
    build.tree = CallTree::build(local, index, {}, 1, control_.cancel);
    checkCancel();
    build.part = TimelinePyramid::computeRank(index, toGlobal, t_.pyramid_.originNs(),
                                              t_.pyramid_.endNs(), widths, allowed);
    build.startNs = index.startNs();
    build.endNs = index.endNs();
    return build;
}

void OnDemandTimeline::Builder::measureBlocks(RankBuild::Row& row,
                                              std::span<const std::int64_t> starts,
                                              std::span<const std::int64_t> ends) const {
    const std::uint64_t blockCalls = t_.blockCalls_;
    const std::size_t blocks = (starts.size() + blockCalls - 1) / blockCalls;
    row.blockMinStart.resize(blocks);
    row.blockMaxReach.resize(blocks);
    std::int64_t longest = 0;
    bool sorted = true;
    for (std::size_t i = 0; i < starts.size(); ++i) {
        const std::size_t b = i / blockCalls;
        const std::int64_t reach = reachOf(starts[i], ends[i]);
        if (i % blockCalls == 0) {
            row.blockMinStart[b] = starts[i];
            row.blockMaxReach[b] = reach;
        }
        row.blockMinStart[b] = std::min(row.blockMinStart[b], starts[i]);
        row.blockMaxReach[b] = std::max(row.blockMaxReach[b], reach);
        longest = std::max(longest, reach - starts[i]);
        sorted = sorted && (i == 0 || starts[i - 1] <= starts[i]);
    }
    row.sorted = sorted ? 1 : 0;
    row.longest = longest;
}

void OnDemandTimeline::Builder::commit(OnDemandTimeline& t, RankBuild build) {
    const std::vector<RankRegion>& rows = t.results_->rows;
    auto misfit = [&](const std::string& why) {
        return CorruptProfileError(t.results_->path, "assembling the timeline",
                                   "the build of rank " + std::to_string(build.rank) + " " + why);
    };
    for (const RankBuild::Row& row : build.rows) {
        if (row.row >= rows.size() || rows[row.row].rank != build.rank ||
            rows[row.row].summary.count == 0)
            throw misfit("names a row that is not one of the rank's rows with calls");
        const std::size_t base = t.rowBlockBegin_[row.row];
        const std::size_t blocks = t.rowBlockBegin_[row.row + 1] - base;
        if (row.blockMinStart.size() != blocks || row.blockMaxReach.size() != blocks)
            throw misfit("has " + std::to_string(row.blockMinStart.size()) +
                         " block hulls for a row of " + std::to_string(blocks));
    }
    const TimelinePyramid::RankPart& part = build.part;
    bool fits =
        part.levels.size() == part.laneSizes.size() && (part.lanes.empty() || !part.levels.empty());
    for (std::size_t l = 0; fits && l < part.levels.size(); ++l) {
        std::uint64_t spans = 0;
        for (const std::uint32_t size : part.laneSizes[l])
            spans += size;
        fits = part.laneSizes[l].size() == part.lanes.size() && spans == part.levels[l].size();
    }
    if (!fits)
        throw misfit("has pyramid levels that do not fit its lanes");

    for (RankBuild::Row& row : build.rows) {
        const std::size_t base = t.rowBlockBegin_[row.row];
        std::copy(row.blockMinStart.begin(), row.blockMinStart.end(),
                  t.blockMinStart_.begin() + static_cast<std::ptrdiff_t>(base));
        std::copy(row.blockMaxReach.begin(), row.blockMaxReach.end(),
                  t.blockMaxReach_.begin() + static_cast<std::ptrdiff_t>(base));
        t.rowSorted_[row.row] = row.sorted;
        t.rowLongest_[row.row] = row.longest;
        t.exclusive_[row.row] = row.exclusive;
    }
    const auto firstLane = static_cast<std::uint32_t>(t.pyramid_.lanes().size());
    // One entry per thread/task lane of the rank (its lanes are by key, then depth).
    const std::vector<TimelineLane>& lanes = build.part.lanes;
    for (std::size_t l = 0; l < lanes.size();) {
        std::size_t end = l;
        while (end < lanes.size() && lanes[end].key == lanes[l].key)
            ++end;
        t.rankLanes_.push_back({build.rank, firstLane + static_cast<std::uint32_t>(l),
                                static_cast<std::uint32_t>(end - l), lanes[l].key});
        l = end;
    }
    t.pyramid_.addRank(std::move(build.part));
    t.rankTrees_.push_back(std::move(build.tree));
    const bool first = t.rankTrees_.size() == 1;
    t.startNs_ = first ? build.startNs : std::min(t.startNs_, build.startNs);
    t.endNs_ = first ? build.endNs : std::max(t.endNs_, build.endNs);
}

void OnDemandTimeline::Builder::showSnapshot() {
    const auto now = std::chrono::steady_clock::now();
    if (!snapshots_.show || committed_ == jobs_.size() || now - shown_ < snapshots_.every)
        return;
    shown_ = now;
    snapshots_.show(
        std::make_shared<const PartialTimeline>(t_.pyramid_, t_.rankLanes_, jobs_.size()));
}

std::shared_ptr<const OnDemandTimeline>
OnDemandTimeline::build(std::shared_ptr<const ProfilingResults> results, std::uint64_t memoryBudget,
                        const ReadControl& control, TimelineSnapshots snapshots) {
    std::shared_ptr<OnDemandTimeline> timeline(
        new OnDemandTimeline(std::move(results), memoryBudget));
    Builder::prepare(*timeline);
    Builder(*timeline, control, std::move(snapshots)).run();
    return timeline;
}

} // namespace scope
