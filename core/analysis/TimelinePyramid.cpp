// SPDX-License-Identifier: GPL-3.0-or-later
#include "TimelinePyramid.h"

#include "PixelSearch.h"
#include "TimelineIndex.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace scope {
namespace {

using pixel_search::boundary;
using pixel_search::columnOf;
using pixel_search::partitionPoint;

std::int64_t reach(const TimelineSpan& s) {
    return reachOf(s.startNs, s.endNs);
}

// A stored span stands for one call when it holds one: only those can be a
// pixel wide on their own, as in TimelineIndex::query.
bool isWide(const TimelineSpan& s, double nsPerPixel) {
    return s.count == 1 && static_cast<double>(s.endNs - s.startNs) >= nsPerPixel;
}

TimelineSpan merged(std::span<const TimelineSpan> spans) {
    TimelineSpan m = spans.front();
    for (std::size_t i = 1; i < spans.size(); ++i) {
        m.endNs = spans[i].endNs;
        m.count += spans[i].count;
        if (spans[i].region != m.region)
            m.region = -1;
    }
    return m;
}

} // namespace

TimelinePyramid::TimelinePyramid(std::int64_t originNs, std::int64_t endNs,
                                 std::uint64_t budgetBytes)
    : originNs_(originNs), endNs_(std::max(originNs, endNs)), budgetBytes_(budgetBytes) {
    // Widths are the top width divided by powers of kFactor, so every
    // column boundary of a level is one of each finer level too.
    const double extent = static_cast<double>(endNs_ + 1 - originNs_);
    double width = std::max(1.0, extent / kTopColumns);
    do {
        levels_.push_back(Level{width, {}, {}});
        width /= kFactor;
    } while (width >= 1.0);
}

TimelinePyramid TimelinePyramid::build(const TimelineIndex& index, std::uint64_t budgetBytes) {
    TimelinePyramid pyramid(index.startNs(), index.endNs(), budgetBytes);
    if (!index.empty())
        pyramid.addRank(pyramid.computeRank(index, [](std::uint32_t e) { return e; }));
    return pyramid;
}

std::vector<double> TimelinePyramid::widths() const {
    std::vector<double> result;
    for (const Level& level : levels_)
        result.push_back(level.width);
    return result;
}

std::uint64_t TimelinePyramid::bytesLeft() const {
    const std::uint64_t used = memoryBytes();
    return used >= budgetBytes_ ? 0 : budgetBytes_ - used;
}

TimelinePyramid::RankPart TimelinePyramid::computeRank(const TimelineIndex& index,
                                                       const EventMap& toGlobal,
                                                       std::int64_t originNs, std::int64_t endNs,
                                                       std::span<const double> widths,
                                                       std::uint64_t bytesAllowed) {
    RankPart part;
    part.lanes.assign(index.lanes().begin(), index.lanes().end());
    const std::size_t laneBytes = part.lanes.size() * sizeof(std::span<const TimelineSpan>);
    std::vector<TimelineSpan> spans;
    for (const double width : widths) {
        std::vector<TimelineSpan> level;
        std::vector<std::uint32_t> sizes;
        for (std::size_t lane = 0; lane < part.lanes.size(); ++lane) {
            index.query(lane, originNs, endNs + 1, width, spans);
            sizes.push_back(static_cast<std::uint32_t>(spans.size()));
            level.insert(level.end(), spans.begin(), spans.end());
        }
        for (TimelineSpan& s : level)
            s.event = toGlobal(s.event);
        level.shrink_to_fit();
        const std::uint64_t bytes = level.size() * sizeof(TimelineSpan) + laneBytes;
        if (!part.levels.empty() && part.bytes + bytes > bytesAllowed)
            break;
        part.bytes += bytes;
        part.levels.push_back(std::move(level));
        part.laneSizes.push_back(std::move(sizes));
    }
    return part;
}

void TimelinePyramid::addRank(RankPart part) {
    const auto laneBase =
        static_cast<std::uint32_t>(lanes_.empty() ? 0 : lanes_.back().begin + lanes_.back().size);
    std::uint32_t begin = laneBase;
    for (TimelineLane lane : part.lanes) {
        lane.begin = begin;
        begin += lane.size;
        lanes_.push_back(lane);
    }
    while (levels_.size() > std::max<std::size_t>(part.levels.size(), 1))
        dropFinest();
    for (std::size_t l = 0; l < levels_.size(); ++l) {
        Level& level = levels_[l];
        auto spans = std::make_shared<const std::vector<TimelineSpan>>(std::move(part.levels[l]));
        std::size_t at = 0;
        for (const std::uint32_t size : part.laneSizes[l]) {
            level.lanes.push_back(std::span<const TimelineSpan>(*spans).subspan(at, size));
            at += size;
        }
        level.blocks.push_back(std::move(spans));
    }
    while (levels_.size() > 1 && memoryBytes() > budgetBytes_)
        dropFinest();
}

void TimelinePyramid::dropFinest() {
    levels_.pop_back();
}

std::span<const TimelineSpan> TimelinePyramid::spans(std::size_t level, std::size_t lane) const {
    return levelSpans(levels_[levels_.size() - 1 - level], lane);
}

std::optional<std::size_t> TimelinePyramid::levelFor(double nsPerPixel) const {
    for (std::size_t level = 0; level < levels_.size(); ++level) {
        const std::size_t next = level + 1;
        if (width(level) <= nsPerPixel && (next == levels_.size() || width(next) > nsPerPixel))
            return level;
    }
    return std::nullopt;
}

const TimelinePyramid::Level* TimelinePyramid::levelForQuery(double nsPerPixel) const {
    if (levels_.empty() || !(nsPerPixel > 0) || !std::isfinite(nsPerPixel))
        return nullptr;
    const std::optional<std::size_t> level = levelFor(nsPerPixel);
    return &levels_[levels_.size() - 1 - level.value_or(0)];
}

void TimelinePyramid::query(std::size_t lane, std::int64_t t0Ns, std::int64_t t1Ns,
                            double nsPerPixel, std::vector<TimelineSpan>& out) const {
    out.clear();
    const Level* level = levelForQuery(nsPerPixel);
    if (!level || t1Ns <= t0Ns)
        return;
    const std::span<const TimelineSpan> spans = levelSpans(*level, lane);
    auto startsBefore = [&](std::int64_t t) {
        return [&spans, t](std::size_t i) { return spans[i].startNs < t; };
    };
    std::size_t k =
        partitionPoint(0, spans.size(), [&](std::size_t i) { return reach(spans[i]) <= t0Ns; });
    const std::size_t stop = partitionPoint(k, spans.size(), startsBefore(t1Ns));
    // TimelineIndex::query's loop, with stored spans for calls.
    while (k < stop) {
        if (isWide(spans[k], nsPerPixel)) {
            out.push_back(spans[k++]);
            continue;
        }
        const double column = columnOf(spans[k].startNs, t0Ns, nsPerPixel);
        const std::int64_t columnEnd = boundary(t0Ns, column + 1, nsPerPixel);
        std::size_t j = partitionPoint(k + 1, stop, startsBefore(columnEnd));
        if (j - 1 > k && isWide(spans[j - 1], nsPerPixel))
            --j;
        out.push_back(merged(spans.subspan(k, j - k)));
        k = j;
    }
}

std::optional<TimelineSpan> TimelinePyramid::hitTest(std::size_t lane, std::int64_t timeNs,
                                                     double nsPerPixel) const {
    const Level* level = levelForQuery(nsPerPixel);
    if (!level)
        return std::nullopt;
    const std::span<const TimelineSpan> spans = levelSpans(*level, lane);
    auto firstReaching = [&](std::int64_t t) {
        return partitionPoint(0, spans.size(), [&](std::size_t i) { return reach(spans[i]) <= t; });
    };
    const std::size_t under = firstReaching(timeNs);
    if (under < spans.size() && spans[under].startNs <= timeNs && isWide(spans[under], nsPerPixel))
        return spans[under];
    const auto half = static_cast<std::int64_t>(nsPerPixel / 2);
    std::size_t a = firstReaching(timeNs - half);
    std::size_t b = partitionPoint(
        a, spans.size(), [&](std::size_t i) { return spans[i].startNs <= timeNs + half; });
    if (a == b)
        return std::nullopt;
    if (b - a > 1 && isWide(spans[a], nsPerPixel))
        ++a;
    if (b - a > 1 && isWide(spans[b - 1], nsPerPixel))
        --b;
    return merged(spans.subspan(a, b - a));
}

std::vector<TimelinePyramid::StoredLevel> TimelinePyramid::stored() const {
    std::vector<StoredLevel> result;
    result.reserve(levels_.size());
    for (const Level& level : levels_) {
        StoredLevel out;
        out.width = level.width;
        out.laneBegin.reserve(lanes_.size() + 1);
        std::size_t total = 0;
        for (std::size_t lane = 0; lane < lanes_.size(); ++lane)
            total += levelSpans(level, lane).size();
        out.spans.reserve(total);
        for (std::size_t lane = 0; lane < lanes_.size(); ++lane) {
            out.laneBegin.push_back(out.spans.size());
            const std::span<const TimelineSpan> spans = levelSpans(level, lane);
            out.spans.insert(out.spans.end(), spans.begin(), spans.end());
        }
        out.laneBegin.push_back(out.spans.size());
        result.push_back(std::move(out));
    }
    return result;
}

TimelinePyramid TimelinePyramid::fromStored(std::int64_t originNs, std::int64_t endNs,
                                            std::uint64_t budgetBytes,
                                            std::vector<TimelineLane> lanes,
                                            std::vector<StoredLevel> levels) {
    const auto reject = [](const std::string& what) {
        throw std::invalid_argument("the timeline's level of detail: " + what);
    };
    // The constructor takes endNs + 1 - originNs: it must fit.
    std::int64_t extent = 0;
    if (endNs < originNs || endNs == std::numeric_limits<std::int64_t>::max() ||
        __builtin_sub_overflow(endNs + 1, originNs, &extent))
        reject("it ends before it starts or spans more than a timeline can");
    std::uint64_t position = 0;
    for (std::size_t i = 0; i < lanes.size(); ++i) {
        const TimelineLane& lane = lanes[i];
        if (lane.begin != position)
            reject("lane " + std::to_string(i) + " does not follow the lane before it");
        position += lane.size;
        if (position > std::numeric_limits<std::uint32_t>::max())
            reject("its lanes hold more calls than a timeline can");
        const bool sameStack =
            i > 0 && lanes[i - 1].rank == lane.rank && lanes[i - 1].key == lane.key;
        const bool after = i == 0 || lanes[i - 1].rank < lane.rank ||
                           (lanes[i - 1].rank == lane.rank && lanes[i - 1].key < lane.key);
        if (sameStack ? lane.depth != lanes[i - 1].depth + 1 : !after || lane.depth != 0)
            reject("lane " + std::to_string(i) + " is out of order");
    }
    // An empty pyramid (a run without calls) has no levels at all.
    TimelinePyramid pyramid = lanes.empty() && levels.empty()
                                  ? TimelinePyramid()
                                  : TimelinePyramid(originNs, endNs, budgetBytes);
    pyramid.originNs_ = originNs;
    pyramid.endNs_ = endNs;
    pyramid.budgetBytes_ = budgetBytes;
    if (levels.size() > pyramid.levels_.size() || (!lanes.empty() && levels.empty()))
        reject(std::to_string(levels.size()) + " levels where " +
               std::to_string(pyramid.levels_.size()) + " are possible");
    for (std::size_t l = 0; l < levels.size(); ++l) {
        StoredLevel& stored = levels[l];
        // Exact: the widths are computed the same way on both sides.
        if (stored.width != pyramid.levels_[l].width)
            reject("level " + std::to_string(l) + " has a width of another run");
        if (stored.laneBegin.size() != lanes.size() + 1 || stored.laneBegin.front() != 0 ||
            stored.laneBegin.back() != stored.spans.size())
            reject("level " + std::to_string(l) + " does not hold its lanes");
        for (std::size_t lane = 0; lane < lanes.size(); ++lane) {
            const std::uint64_t begin = stored.laneBegin[lane];
            const std::uint64_t end = stored.laneBegin[lane + 1];
            if (end < begin || end > stored.spans.size())
                reject("level " + std::to_string(l) + " does not hold its lanes");
            std::uint64_t calls = 0;
            for (std::uint64_t k = begin; k < end; ++k) {
                const TimelineSpan& span = stored.spans[k];
                calls += span.count;
                if (span.count == 0 || span.region < -1 ||
                    (k > begin && span.startNs < stored.spans[k - 1].startNs))
                    reject("a span of lane " + std::to_string(lane) + " at level " +
                           std::to_string(l) + " is not one of its calls");
            }
            if (calls > lanes[lane].size)
                reject("lane " + std::to_string(lane) + " at level " + std::to_string(l) +
                       " holds more calls than the lane");
        }
    }
    pyramid.levels_.resize(levels.size());
    for (std::size_t l = 0; l < levels.size(); ++l) {
        Level& level = pyramid.levels_[l];
        auto spans = std::make_shared<const std::vector<TimelineSpan>>(std::move(levels[l].spans));
        for (std::size_t lane = 0; lane < lanes.size(); ++lane)
            level.lanes.push_back(std::span<const TimelineSpan>(*spans).subspan(
                levels[l].laneBegin[lane],
                levels[l].laneBegin[lane + 1] - levels[l].laneBegin[lane]));
        level.blocks.push_back(std::move(spans));
    }
    pyramid.lanes_ = std::move(lanes);
    return pyramid;
}

TimelinePyramid TimelinePyramid::trimmed(std::uint64_t maxBytes) const {
    TimelinePyramid copy = *this;
    while (copy.levels_.size() > 1 && copy.memoryBytes() > maxBytes)
        copy.dropFinest();
    return copy;
}

std::size_t TimelinePyramid::memoryBytes() const {
    std::size_t bytes = lanes_.capacity() * sizeof(TimelineLane);
    for (const Level& level : levels_) {
        bytes +=
            level.lanes.capacity() * sizeof(std::span<const TimelineSpan>) +
            level.blocks.capacity() * (sizeof(level.blocks[0]) + sizeof(std::vector<TimelineSpan>));
        for (const auto& block : level.blocks)
            bytes += block->capacity() * sizeof(TimelineSpan);
    }
    return bytes;
}

} // namespace scope
