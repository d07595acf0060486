// SPDX-License-Identifier: GPL-3.0-or-later
#include "RemoteTimeline.h"

#include "RemoteExchange.h"
#include "analysis/PartialTimeline.h"
#include "isolate/WorkerMessage.h"
#include "model/Errors.h"

#include <algorithm>
#include <chrono>
#include <limits>

namespace scope {
namespace {

// Bounds the answers kept when the budget does not.
constexpr std::uint64_t kKeptBytes = 64ull << 20;
// A zoom asks for half a view width on either side too, so that a short pan
// stays inside what arrived. Not more: a helper reading on demand widens the
// window it reads again, within its budget for windows.
constexpr std::int64_t kMarginDivisor = 2;
// One paint asks lane by lane: a short wait lets all of its lanes go as one.
constexpr auto kGather = std::chrono::milliseconds(15);

std::int64_t saturatedAdd(std::int64_t a, std::int64_t b) {
    std::int64_t sum = 0;
    if (__builtin_add_overflow(a, b, &sum))
        return b > 0 ? std::numeric_limits<std::int64_t>::max()
                     : std::numeric_limits<std::int64_t>::min();
    return sum;
}

} // namespace

RemoteTimeline::RemoteTimeline(std::shared_ptr<const PartialTimeline> coarse,
                               std::vector<CallTree> rankTrees,
                               std::shared_ptr<RemoteExchange> exchange, std::size_t regions,
                               std::uint64_t maxBytes)
    : coarse_(std::move(coarse)), rankTrees_(std::move(rankTrees)), exchange_(std::move(exchange)),
      regions_(regions), maxBytes_(maxBytes),
      keptBytes_(static_cast<std::size_t>(maxBytes == 0 ? kKeptBytes
                                                        : std::min(kKeptBytes, maxBytes / 4))),
      worker_([this] { work(); }) {}

RemoteTimeline::~RemoteTimeline() {
    {
        const std::lock_guard lock(mutex_);
        stop_ = true;
    }
    stopping_ = true;
    changed_.notify_all();
    worker_.join();
}

std::span<const TimelineLane> RemoteTimeline::lanes() const {
    return coarse_->lanes();
}
std::optional<std::size_t> RemoteTimeline::lane(std::uint32_t rank, std::uint32_t depth) const {
    return coarse_->lane(rank, depth);
}
std::vector<std::int64_t> RemoteTimeline::laneKeys(std::uint32_t rank) const {
    return coarse_->laneKeys(rank);
}
std::optional<std::size_t> RemoteTimeline::laneOf(std::uint32_t rank, std::int64_t key,
                                                  std::uint32_t depth) const {
    return coarse_->laneOf(rank, key, depth);
}
std::vector<std::uint32_t> RemoteTimeline::ranks() const {
    return coarse_->ranks();
}
int RemoteTimeline::maxDepth(std::uint32_t rank) const {
    return coarse_->maxDepth(rank);
}
int RemoteTimeline::maxDepth() const {
    return coarse_->maxDepth();
}
bool RemoteTimeline::empty() const {
    return coarse_->empty();
}
std::int64_t RemoteTimeline::startNs() const {
    return coarse_->startNs();
}
std::int64_t RemoteTimeline::endNs() const {
    return coarse_->endNs();
}

bool RemoteTimeline::query(std::size_t lane, std::int64_t t0Ns, std::int64_t t1Ns,
                           double nsPerPixel, std::vector<TimelineSpan>& out) const {
    if (coarse_->query(lane, t0Ns, t1Ns, nsPerPixel, out))
        return true;
    if (const auto window = windowFor(lane, t0Ns, t1Ns, nsPerPixel)) {
        window->spansOf(lane, t0Ns, t1Ns, out);
        return true;
    }
    ask(lane, t0Ns, t1Ns, nsPerPixel);
    const std::lock_guard lock(mutex_);
    return !error_.empty(); // nothing better will come
}

std::optional<TimelineSpan> RemoteTimeline::hitTest(std::size_t lane, std::int64_t timeNs,
                                                    double nsPerPixel) const {
    const auto half = static_cast<std::int64_t>(nsPerPixel / 2);
    const std::int64_t t0 = saturatedAdd(timeNs, -half);
    const std::int64_t t1 = saturatedAdd(timeNs, half + 1);
    std::vector<TimelineSpan> near;
    if (coarse_->query(lane, t0, t1, nsPerPixel, near))
        return coarse_->hitTest(lane, timeNs, nsPerPixel);
    const auto window = windowFor(lane, t0, t1, nsPerPixel);
    if (!window)
        return coarse_->hitTest(lane, timeNs, nsPerPixel);
    // As TimelineIndex::hitTest, from the spans: the call at least a pixel
    // wide under the cursor, else what is within half a pixel, merged.
    window->spansOf(lane, t0, t1, near);
    const auto wide = [&](const TimelineSpan& s) {
        return s.count == 1 && static_cast<double>(s.endNs - s.startNs) >= nsPerPixel;
    };
    for (const TimelineSpan& span : near)
        if (span.startNs <= timeNs && timeNs < reachOf(span.startNs, span.endNs) && wide(span))
            return span;
    std::size_t a = 0;
    std::size_t b = near.size();
    if (a == b)
        return std::nullopt;
    if (b - a > 1 && wide(near[a]))
        ++a;
    if (b - a > 1 && wide(near[b - 1]))
        --b;
    TimelineSpan merged = near[a];
    merged.endNs = near[b - 1].endNs;
    for (std::size_t i = a + 1; i < b; ++i) {
        merged.count += near[i].count;
        if (near[i].region != merged.region)
            merged.region = -1;
    }
    return merged;
}

CallTree RemoteTimeline::callTree(const ProfilingResults& results, const RankSelection& ranks,
                                  const std::atomic<bool>* cancel) const {
    return CallTree::mergeRanks(coarse_->ranks(), rankTrees_, results, ranks, cancel);
}

void RemoteTimeline::setRefinedCallback(std::function<void()> callback) const {
    const std::lock_guard lock(mutex_);
    refined_ = std::move(callback);
}

std::string RemoteTimeline::readError() const {
    const std::lock_guard lock(mutex_);
    return error_;
}

std::uint64_t RemoteTimeline::bytesReceived() const {
    return exchange_->bytesReceived();
}

void RemoteTimeline::waitIdle() const {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return stop_ || (!pending_ && !asking_); });
}

std::shared_ptr<const RemoteWindow> RemoteTimeline::windowFor(std::size_t lane, std::int64_t t0,
                                                              std::int64_t t1,
                                                              double nsPerPixel) const {
    const std::lock_guard lock(mutex_);
    for (auto at = windows_.begin(); at != windows_.end(); ++at)
        if ((*at)->serves(lane, t0, t1, nsPerPixel)) {
            windows_.splice(windows_.begin(), windows_, at);
            return windows_.front();
        }
    return nullptr;
}

void RemoteTimeline::ask(std::size_t lane, std::int64_t t0, std::int64_t t1,
                         double nsPerPixel) const {
    const std::lock_guard lock(mutex_);
    if (!error_.empty() || stop_ || (asking_ && asking_->serves(lane, t0, t1, nsPerPixel)))
        return;
    const auto index = static_cast<std::uint32_t>(lane);
    if (pending_ && pending_->t0Ns <= t0 && t1 <= pending_->t1Ns &&
        pending_->nsPerPixel == nsPerPixel) {
        auto at = std::lower_bound(pending_->lanes.begin(), pending_->lanes.end(), index);
        if (at == pending_->lanes.end() || *at != index)
            pending_->lanes.insert(at, index);
        return;
    }
    const std::int64_t margin = saturatedAdd(t1, -t0) / kMarginDivisor;
    RemoteWindow request;
    request.t0Ns = std::max(saturatedAdd(t0, -margin), coarse_->startNs());
    request.t1Ns = std::min(saturatedAdd(t1, margin), saturatedAdd(coarse_->endNs(), 1));
    request.t0Ns = std::min(request.t0Ns, t0);
    request.t1Ns = std::max(request.t1Ns, t1);
    request.nsPerPixel = nsPerPixel;
    request.lanes = {index};
    // The newest zoom replaces one not yet asked: the view has moved on.
    pending_ = std::move(request);
    changed_.notify_all();
}

void RemoteTimeline::work() {
    std::unique_lock lock(mutex_);
    while (true) {
        changed_.wait(lock, [&] { return stop_ || pending_.has_value(); });
        if (stop_)
            return;
        lock.unlock();
        std::this_thread::sleep_for(kGather);
        lock.lock();
        if (stop_)
            return;
        asking_ = std::move(pending_);
        pending_.reset();
        const RemoteWindow request = *asking_;
        lock.unlock();

        std::shared_ptr<const RemoteWindow> answer;
        std::string error;
        try {
            isolate::WorkerMessage message;
            message.kind = isolate::WorkerMessage::Kind::Window;
            message.text = request.encodeRequest();
            const std::string bytes = exchange_->ask(message, maxBytes_, &stopping_);
            answer = std::make_shared<const RemoteWindow>(RemoteWindow::decodeAnswer(
                bytes, request, exchange_->url().text(), regions_, maxBytes_));
        } catch (const std::exception& failure) {
            error = reasonOf(failure);
        }

        lock.lock();
        if (stop_)
            return;
        if (answer) {
            windows_.push_front(answer);
            std::size_t kept = 0;
            for (auto at = windows_.begin(); at != windows_.end();) {
                kept += (*at)->bytes();
                at = at != windows_.begin() && kept > keptBytes_ ? windows_.erase(at)
                                                                 : std::next(at);
            }
        } else {
            error_ = error;
            pending_.reset();
        }
        // Idle only once the view was told: waitIdle() then sees its effect.
        const std::function<void()> refined = refined_;
        lock.unlock();
        if (refined)
            refined();
        lock.lock();
        asking_.reset();
        changed_.notify_all();
    }
}

} // namespace scope
