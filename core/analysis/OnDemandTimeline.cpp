// SPDX-License-Identifier: GPL-3.0-or-later
#include "OnDemandTimeline.h"

#include "TimelineIndex.h"
#include "base/MemoryBudget.h"
#include "base/ParallelFor.h"
#include "model/CallReader.h"
#include "model/Errors.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <thread>

namespace scope {
namespace {

// What a window's calls cost in memory: start, end, global index, the
// index's order, scratch and samples.
constexpr std::uint64_t kWindowBytesPerCall = 40;
// Calls per CallSource::read while a window is read: the newest request
// replaces an older read between two of them.
constexpr std::uint64_t kWindowPiece = 1 << 16;

// Whether the calls on disk carry thread/task lanes (threads-tasks-json.md).
bool sourceHasLanes(const ProfilingResults& results) {
    for (const RankRegion& row : results.rows)
        if (row.summary.count > 0)
            return results.onDemand->readLanes(row, 0, {});
    return false;
}

} // namespace

// A stretch of time with every call intersecting it, indexed like the run.
struct OnDemandTimeline::Window {
    std::int64_t t0 = 0; // queries within [t0, t1) are exact
    std::int64_t t1 = 0;
    ProfilingResults calls;
    std::vector<std::uint32_t> global; // run's event index per event of `calls`
    std::unique_ptr<TimelineIndex> index;
    std::size_t bytes = 0;
};

OnDemandTimeline::OnDemandTimeline(std::shared_ptr<const ProfilingResults> results,
                                   std::uint64_t budget)
    : results_(std::move(results)), budget_(budget == 0 ? MemoryBudget::defaultBytes() : budget),
      windowBudget_(budget_ / 8) {
    if (!results_ || !results_->onDemand)
        throw std::invalid_argument("OnDemandTimeline: the results have no calls read on demand");
}

OnDemandTimeline::~OnDemandTimeline() {
    {
        std::lock_guard lock(mutex_);
        stop_ = true;
        ++generation_;
    }
    changed_.notify_all();
    if (worker_.joinable())
        worker_.join();
}

std::optional<std::size_t> OnDemandTimeline::lane(std::uint32_t rank, std::uint32_t depth) const {
    return rankLanes_.lane(rank, depth);
}

std::optional<std::size_t> OnDemandTimeline::laneOf(std::uint32_t rank, std::int64_t key,
                                                    std::uint32_t depth) const {
    return rankLanes_.lane(rank, key, depth);
}

std::vector<std::uint32_t> OnDemandTimeline::ranks() const {
    return rankLanes_.ranks();
}

int OnDemandTimeline::maxDepth(std::uint32_t rank) const {
    return rankLanes_.maxDepth(rank);
}

int OnDemandTimeline::maxDepth() const {
    return rankLanes_.maxDepth();
}

std::optional<std::size_t> OnDemandTimeline::windowLane(const Window& window,
                                                        std::size_t lane) const {
    const TimelineLane& l = pyramid_.lanes()[lane];
    return window.index->laneOf(l.rank, l.key, l.depth);
}

bool OnDemandTimeline::query(std::size_t lane, std::int64_t t0Ns, std::int64_t t1Ns,
                             double nsPerPixel, std::vector<TimelineSpan>& out) const {
    out.clear();
    if (lane >= lanes().size() || t1Ns <= t0Ns || !(nsPerPixel > 0) || !std::isfinite(nsPerPixel))
        return true;
    if (pyramid_.levelFor(nsPerPixel)) {
        pyramid_.query(lane, t0Ns, t1Ns, nsPerPixel, out);
        return true;
    }
    if (const auto window = windowFor(t0Ns, t1Ns)) {
        if (const auto l = windowLane(*window, lane)) {
            window->index->query(*l, t0Ns, t1Ns, nsPerPixel, out);
            for (TimelineSpan& s : out)
                s.event = window->global[s.event];
        }
        return true;
    }
    const bool reading = request(t0Ns, t1Ns);
    pyramid_.query(lane, t0Ns, t1Ns, nsPerPixel, out);
    return !reading;
}

std::optional<TimelineSpan> OnDemandTimeline::hitTest(std::size_t lane, std::int64_t timeNs,
                                                      double nsPerPixel) const {
    if (lane >= lanes().size() || !(nsPerPixel > 0) || !std::isfinite(nsPerPixel))
        return std::nullopt;
    if (pyramid_.levelFor(nsPerPixel))
        return pyramid_.hitTest(lane, timeNs, nsPerPixel);
    // TimelineIndex::hitTest looks at the calls within half a pixel.
    const auto half = static_cast<std::int64_t>(nsPerPixel / 2);
    if (const auto window = windowFor(timeNs - half, timeNs + half + 1)) {
        const auto l = windowLane(*window, lane);
        if (!l)
            return std::nullopt;
        auto hit = window->index->hitTest(*l, timeNs, nsPerPixel);
        if (hit)
            hit->event = window->global[hit->event];
        return hit;
    }
    request(timeNs - half, timeNs + half + 1);
    return pyramid_.hitTest(lane, timeNs, nsPerPixel);
}

void OnDemandTimeline::setRefinedCallback(std::function<void()> callback) const {
    std::lock_guard lock(mutex_);
    refined_ = std::move(callback);
}

std::shared_ptr<const OnDemandTimeline::Window>
OnDemandTimeline::windowFor(std::int64_t t0Ns, std::int64_t t1Ns) const {
    std::lock_guard lock(mutex_);
    for (auto it = windows_.begin(); it != windows_.end(); ++it)
        if ((*it)->t0 <= t0Ns && t1Ns <= (*it)->t1) {
            windows_.splice(windows_.begin(), windows_, it);
            return windows_.front();
        }
    return nullptr;
}

bool OnDemandTimeline::request(std::int64_t t0Ns, std::int64_t t1Ns) const {
    std::unique_lock lock(mutex_);
    if (!error_.empty() || stop_)
        return false;
    if (tooDense_ && t0Ns <= tooDense_->first && tooDense_->second <= t1Ns)
        return false;
    auto covers = [&](const std::optional<Request>& r) {
        return r && r->from <= t0Ns && t1Ns <= r->to;
    };
    if (covers(reading_) || covers(pending_))
        return true;
    const std::int64_t half = (t1Ns - t0Ns) / 2;
    pending_ = Request{t0Ns, t1Ns, t0Ns - half, t1Ns + half};
    // A read still running for an older view is of no use any more.
    ++generation_;
    if (!worker_.joinable())
        worker_ = std::thread([this] { work(); });
    lock.unlock();
    changed_.notify_all();
    return true;
}

void OnDemandTimeline::work() const {
    std::unique_lock lock(mutex_);
    for (;;) {
        changed_.wait(lock, [&] { return stop_ || pending_; });
        if (stop_)
            return;
        const Request request = *pending_;
        pending_.reset();
        reading_ = request;
        const std::uint64_t generation = generation_.load();
        lock.unlock();

        std::shared_ptr<Window> window;
        bool tooDense = false;
        bool read = false;
        std::string error;
        try {
            window = readWindow(request, generation, tooDense);
        } catch (const std::exception& e) {
            error = reasonOf(e);
        }

        lock.lock();
        reading_.reset();
        if (window) {
            read = true;
            windowBytes_ += window->bytes;
            windows_.push_front(std::move(window));
            while (windows_.size() > 1 && windowBytes_ > windowBudget_) {
                windowBytes_ -= windows_.back()->bytes;
                windows_.pop_back();
            }
        }
        if (tooDense)
            tooDense_ = std::make_pair(request.t0, request.t1);
        if (!error.empty())
            error_ = error;
        const bool refined = read || tooDense || !error.empty();
        const std::function<void()> callback = refined ? refined_ : nullptr;
        changed_.notify_all();
        if (callback && generation == generation_.load()) {
            lock.unlock();
            callback();
            lock.lock();
        }
    }
}

std::vector<OnDemandTimeline::Piece> OnDemandTimeline::piecesFor(std::int64_t from,
                                                                 std::int64_t to) const {
    std::vector<Piece> pieces;
    for (const std::size_t row : rowsByOffset_) {
        const std::uint64_t count = results_->rows[row].summary.count;
        const std::size_t base = rowBlockBegin_[row];
        const std::size_t blocks = rowBlockBegin_[row + 1] - base;
        const std::int64_t* minStart = blockMinStart_.data() + base;
        const std::int64_t* maxReach = blockMaxReach_.data() + base;
        std::size_t lo = 0;
        std::size_t hi = blocks;
        if (rowSorted_[row]) {
            // Calls starting before from - longest end before `from`; the
            // block holding the last of them may hold later ones too.
            const std::int64_t earliest = from - rowLongest_[row];
            lo = static_cast<std::size_t>(std::lower_bound(minStart, minStart + blocks, earliest) -
                                          minStart);
            lo = lo > 0 ? lo - 1 : 0;
            hi = static_cast<std::size_t>(std::lower_bound(minStart, minStart + blocks, to) -
                                          minStart);
        }
        for (std::size_t b = lo; b < hi; ++b) {
            if (minStart[b] >= to || maxReach[b] <= from)
                continue;
            const std::uint64_t first = b * blockCalls_;
            const std::uint64_t n = std::min(blockCalls_, count - first);
            if (!pieces.empty() && pieces.back().row == row &&
                pieces.back().first + pieces.back().count == first)
                pieces.back().count += n;
            else
                pieces.push_back({row, first, n});
        }
    }
    return pieces;
}

std::shared_ptr<OnDemandTimeline::Window> OnDemandTimeline::readWindow(const Request& request,
                                                                       std::uint64_t generation,
                                                                       bool& tooDense) const {
    auto window = std::make_shared<Window>();
    window->t0 = request.from;
    window->t1 = request.to;
    std::vector<Piece> pieces = piecesFor(window->t0, window->t1);
    auto callsOf = [](const std::vector<Piece>& list) {
        std::uint64_t n = 0;
        for (const Piece& p : list)
            n += p.count;
        return n;
    };
    const bool lanes = sourceHasLanes(*results_);
    const std::uint64_t perCall = kWindowBytesPerCall + (lanes ? 16 : 0);
    if (callsOf(pieces) * perCall > windowBudget_) {
        window->t0 = request.t0;
        window->t1 = request.t1;
        pieces = piecesFor(window->t0, window->t1);
        if (callsOf(pieces) * perCall > windowBudget_) {
            tooDense = true;
            return nullptr;
        }
    }

    ProfilingResults& calls = window->calls;
    calls.path = results_->path;
    calls.eventsRead = true;
    calls.numRanks = results_->numRanks;
    // On both cores: reading is mostly decompressing chunks, and a window
    // finer than the pyramid may need nearly every chunk of the run.
    const std::vector<ReadGroup> groups =
        groupsOf(pieces, std::clamp(std::thread::hardware_concurrency(), 1u, 2u));
    const std::uint64_t total = callsOf(pieces);
    calls.events.starts.resize(total);
    calls.events.ends.resize(total);
    if (lanes) {
        calls.events.threadIds.resize(total);
        calls.events.taskIds.resize(total);
    }
    window->global.resize(total);
    std::vector<std::vector<RankRegion>> groupRows(groups.size());
    std::vector<std::uint64_t> kept(groups.size(), 0);
    std::atomic<bool> stale{false};
    parallelFor(
        groups.size(), static_cast<unsigned>(groups.size()), &stale,
        [&](std::size_t g, unsigned) {
            kept[g] = readGroup(pieces, groups[g], *window, groupRows[g], generation);
            if (generation != generation_.load())
                stale = true;
        },
        [] {});
    if (generation != generation_.load()) // a newer request came: this window is of no use
        return nullptr;
    // Each group wrote from where its pieces would start if no call were
    // left out; closing the gaps keeps the calls in piece order.
    std::uint64_t at = 0;
    for (std::size_t g = 0; g < groups.size(); ++g) {
        const std::uint64_t from = groups[g].out;
        auto move = [&](auto& column) {
            std::copy(column.begin() + static_cast<std::ptrdiff_t>(from),
                      column.begin() + static_cast<std::ptrdiff_t>(from + kept[g]),
                      column.begin() + static_cast<std::ptrdiff_t>(at));
        };
        move(calls.events.starts);
        move(calls.events.ends);
        if (!calls.events.threadIds.empty()) {
            move(calls.events.threadIds);
            move(calls.events.taskIds);
        }
        move(window->global);
        for (RankRegion& row : groupRows[g]) {
            row.offset = row.offset - from + at;
            calls.rows.push_back(row);
        }
        at += kept[g];
    }
    calls.events.starts.resize(at);
    calls.events.ends.resize(at);
    if (!calls.events.threadIds.empty()) {
        calls.events.threadIds.resize(at);
        calls.events.taskIds.resize(at);
    }
    window->global.resize(at);
    std::erase_if(calls.rows, [](const RankRegion& r) { return r.summary.count == 0; });
    window->index = std::make_unique<TimelineIndex>(calls, static_cast<unsigned>(groups.size()));
    window->bytes = calls.events.starts.capacity() * sizeof(std::int64_t) * 2 +
                    calls.events.threadIds.capacity() * sizeof(std::int64_t) * 2 +
                    window->global.capacity() * sizeof(std::uint32_t) +
                    calls.rows.capacity() * sizeof(RankRegion) + window->index->memoryBytes();
    return window;
}

std::vector<OnDemandTimeline::ReadGroup>
OnDemandTimeline::groupsOf(const std::vector<Piece>& pieces, std::size_t groups) {
    std::uint64_t total = 0;
    for (const Piece& p : pieces)
        total += p.count;
    // Split between rows only, so that a row's calls stay in one group.
    std::vector<ReadGroup> out;
    std::uint64_t before = 0;
    for (std::size_t i = 0; i < pieces.size(); ++i) {
        const bool rowStarts = i == 0 || pieces[i].row != pieces[i - 1].row;
        const bool due = before * groups >= total * out.size();
        if (rowStarts && (out.empty() || (due && out.size() < groups)))
            out.push_back({i, i, before});
        out.back().end = i + 1;
        before += pieces[i].count;
    }
    return out;
}

std::uint64_t OnDemandTimeline::readGroup(const std::vector<Piece>& pieces, const ReadGroup& group,
                                          Window& window, std::vector<RankRegion>& rows,
                                          std::uint64_t generation) const {
    // Pieces of neighbouring calls share chunks: one reader keeps them.
    const std::unique_ptr<CallReader> source = results_->onDemand->reader();
    std::int64_t* outStarts = window.calls.events.starts.data() + group.out;
    std::int64_t* outEnds = window.calls.events.ends.data() + group.out;
    const bool withLanes = !window.calls.events.threadIds.empty();
    std::int64_t* outThreads =
        withLanes ? window.calls.events.threadIds.data() + group.out : nullptr;
    std::int64_t* outTasks = withLanes ? window.calls.events.taskIds.data() + group.out : nullptr;
    std::vector<std::int64_t> lanes;
    std::uint32_t* outGlobal = window.global.data() + group.out;
    std::vector<std::int64_t> starts;
    std::vector<std::int64_t> ends;
    std::uint64_t kept = 0;
    for (std::size_t p = group.begin; p < group.end; ++p) {
        const Piece& piece = pieces[p];
        const RankRegion& row = results_->rows[piece.row];
        if (rows.empty() || piece.row != pieces[p - 1].row) {
            RankRegion local = row;
            local.offset = group.out + kept;
            local.summary.count = 0;
            local.details = RankRegion::kNoDetails;
            rows.push_back(local);
        }
        for (std::uint64_t done = 0; done < piece.count; done += kWindowPiece) {
            if (generation != generation_.load())
                return kept;
            const std::uint64_t n = std::min(kWindowPiece, piece.count - done);
            starts.resize(n);
            ends.resize(n);
            source->read(row, piece.first + done, starts, ends);
            if (withLanes) {
                lanes.resize(n);
                source->readLanes(row, piece.first + done, lanes);
            }
            for (std::uint64_t i = 0; i < n; ++i) {
                if (reachOf(starts[i], ends[i]) <= window.t0 || starts[i] >= window.t1)
                    continue;
                outStarts[kept] = starts[i];
                outEnds[kept] = ends[i];
                if (withLanes) {
                    outThreads[kept] = laneThread(lanes[i]);
                    outTasks[kept] = laneTask(lanes[i]);
                }
                outGlobal[kept] = static_cast<std::uint32_t>(row.offset + piece.first + done + i);
                ++kept;
                ++rows.back().summary.count;
            }
        }
    }
    return kept;
}

void OnDemandTimeline::waitIdle() const {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return stop_ || (!pending_ && !reading_); });
}

std::size_t OnDemandTimeline::windowBytes() const {
    std::lock_guard lock(mutex_);
    return windowBytes_;
}

std::size_t OnDemandTimeline::memoryBytes() const {
    return pyramid_.memoryBytes() + windowBytes() +
           (blockMinStart_.capacity() + blockMaxReach_.capacity() + rowLongest_.capacity()) *
               sizeof(std::int64_t) +
           rowBlockBegin_.capacity() * sizeof(std::size_t) + rowSorted_.capacity() +
           exclusive_.capacity() * sizeof(std::optional<std::int64_t>) + treeBytes();
}

std::size_t OnDemandTimeline::treeBytes() const {
    std::size_t bytes = rankTrees_.capacity() * sizeof(CallTree);
    for (const CallTree& t : rankTrees_)
        bytes += t.parent.capacity() * sizeof(std::uint32_t) * 3 + // parent, childBegin, childCount
                 t.children.capacity() * sizeof(std::uint32_t) +
                 t.region.capacity() * sizeof(std::int32_t) +
                 t.depth.capacity() * sizeof(std::uint32_t) +
                 t.calls.capacity() * sizeof(std::uint64_t) +
                 t.inclusiveNs.capacity() * sizeof(std::int64_t) * 3 + // + exclusive, max rank
                 t.ranksWithCalls.capacity() * sizeof(std::uint32_t);
    return bytes;
}

CallTree OnDemandTimeline::callTree(const RankSelection& ranks,
                                    const std::atomic<bool>* cancel) const {
    return CallTree::mergeRanks(rankLanes_.ranks(), rankTrees_, *results_, ranks, cancel);
}

std::string OnDemandTimeline::readError() const {
    std::lock_guard lock(mutex_);
    return error_;
}

} // namespace scope
