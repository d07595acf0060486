// SPDX-License-Identifier: GPL-3.0-or-later
// OnDemandTimeline's parts: taken out for a kept index and put back from one.
#include "OnDemandTimeline.h"

#include "model/Errors.h"

#include <algorithm>
#include <bit>
#include <limits>
#include <map>
#include <stdexcept>

namespace scope {
namespace {

constexpr const char* kStep = "restoring the timeline from its index";

// The parts come from a file: each check keeps what restore() builds, and
// every later query, within the arrays it indexes.
class PartsCheck {
public:
    PartsCheck(const ProfilingResults& results, const OnDemandTimeline::Parts& parts)
        : results_(results), parts_(parts) {}

    void run() {
        checkRows();
        checkBlocks();
        checkLanes();
        checkSpans();
        checkTrees();
    }

private:
    [[noreturn]] void reject(const std::string& what) const {
        throw CorruptProfileError(results_.path, kStep, what);
    }

    void checkRows() {
        const std::vector<RankRegion>& rows = results_.rows;
        const std::size_t n = rows.size();
        if (parts_.exclusive.size() != n || parts_.rowSorted.size() != n ||
            parts_.rowLongest.size() != n || parts_.rowBlockBegin.size() != n + 1)
            reject("its rows are not the run's " + std::to_string(n));
        std::vector<char> listed(n, 0);
        for (std::size_t i = 0; i < parts_.rowsByOffset.size(); ++i) {
            const std::size_t row = parts_.rowsByOffset[i];
            if (row >= n || listed[row] || rows[row].summary.count == 0 ||
                (i > 0 && rows[parts_.rowsByOffset[i - 1]].offset > rows[row].offset))
                reject("its rows by offset are not the run's rows with calls");
            listed[row] = 1;
        }
        for (std::size_t row = 0; row < n; ++row) {
            const CallSummary& s = rows[row].summary;
            if (s.count == 0)
                continue;
            if (!listed[row])
                reject("its rows by offset are not the run's rows with calls");
            calls_ += s.count;
            eventEnd_ = std::max(eventEnd_, rows[row].offset + s.count);
            byRank_[rows[row].rank] += s.count;
            origin_ = std::min(origin_, s.startMinimum);
            end_ = std::max(end_, s.endMaximum);
        }
        if (calls_ >= std::numeric_limits<std::uint32_t>::max())
            reject("the run has more calls than a timeline holds");
        for (std::size_t row = 0; row < n; ++row)
            if (parts_.rowSorted[row] > 1 || parts_.rowLongest[row] < 0)
                reject("row " + std::to_string(row) + " is described wrongly");
    }

    void checkBlocks() const {
        const std::uint64_t per = parts_.blockCalls;
        if (per == 0 || !std::has_single_bit(per) || per > (std::uint64_t{1} << 30))
            reject("blocks of " + std::to_string(per) + " calls");
        const std::vector<std::size_t>& begin = parts_.rowBlockBegin;
        if (begin.front() != 0)
            reject("its blocks do not start at the first row");
        for (std::size_t row = 0; row < results_.rows.size(); ++row) {
            const std::uint64_t count = results_.rows[row].summary.count;
            if (begin[row + 1] < begin[row] ||
                begin[row + 1] - begin[row] != (count + per - 1) / per)
                reject("row " + std::to_string(row) + " has blocks for other calls");
        }
        const std::size_t blocks = begin.back();
        if (parts_.blockMinStart.size() != blocks || parts_.blockMaxReach.size() != blocks)
            reject("its blocks are not those of the rows");
        for (std::size_t row = 0; row < results_.rows.size(); ++row)
            for (std::size_t b = begin[row]; b < begin[row + 1]; ++b)
                if (parts_.blockMinStart[b] >= parts_.blockMaxReach[b] ||
                    (parts_.rowSorted[row] && b > begin[row] &&
                     parts_.blockMinStart[b - 1] > parts_.blockMinStart[b]))
                    reject("a block of row " + std::to_string(row) + " is not one of its calls");
    }

    void checkLanes() {
        const TimelinePyramid& pyramid = parts_.pyramid;
        const std::span<const TimelineLane> lanes = pyramid.lanes();
        if (calls_ == 0) {
            if (!lanes.empty() || pyramid.levels() != 0)
                reject("a timeline for a run without calls");
            return;
        }
        if (pyramid.originNs() != origin_ || pyramid.endNs() != end_ || pyramid.levels() == 0)
            reject("its level of detail spans another time than the run");
        if (parts_.startNs < origin_ || parts_.endNs > end_ || parts_.startNs > parts_.endNs)
            reject("it spans another time than the run");
        // Every call in one lane of its rank; lanes by rank (fromStored
        // checked their order and positions).
        std::map<std::uint32_t, std::uint64_t> inLanes;
        for (const TimelineLane& lane : lanes)
            inLanes[lane.rank] += lane.size;
        if (inLanes != byRank_)
            reject("its lanes do not hold the calls of the run's ranks");
        // One entry per (rank, key), its lanes those of the pyramid.
        const RankLaneTable& table = parts_.rankLanes;
        std::uint64_t next = 0;
        for (std::size_t i = 0; i < table.size(); ++i) {
            const RankLanes& entry = table[i];
            if (entry.firstLane != next || entry.laneCount == 0 ||
                entry.laneCount > lanes.size() - next)
                reject("its table of lanes does not follow the lanes");
            for (std::uint32_t d = 0; d < entry.laneCount; ++d) {
                const TimelineLane& lane = lanes[next + d];
                if (lane.rank != entry.rank || lane.key != entry.key || lane.depth != d)
                    reject("its table of lanes does not follow the lanes");
            }
            if (entry.firstLane + entry.laneCount < lanes.size() &&
                lanes[entry.firstLane + entry.laneCount].depth != 0)
                reject("its table of lanes leaves out a lane");
            next += entry.laneCount;
        }
        if (next != lanes.size())
            reject("its table of lanes leaves out a lane");
    }

    void checkSpans() const {
        const TimelinePyramid& pyramid = parts_.pyramid;
        const auto regions = static_cast<std::int64_t>(results_.regions.size());
        for (std::size_t level = 0; level < pyramid.levels(); ++level)
            for (std::size_t lane = 0; lane < pyramid.lanes().size(); ++lane)
                for (const TimelineSpan& span : pyramid.spans(level, lane))
                    if (span.region >= regions || span.event >= eventEnd_)
                        reject("a span of lane " + std::to_string(lane) +
                               " points outside the run");
    }

    void checkTrees() const {
        const std::vector<std::uint32_t> ranks = parts_.rankLanes.ranks();
        if (parts_.rankTrees.size() != ranks.size())
            reject(std::to_string(parts_.rankTrees.size()) + " call trees for " +
                   std::to_string(ranks.size()) + " ranks");
        for (const CallTree& tree : parts_.rankTrees)
            checkTree(tree);
    }

    void checkTree(const CallTree& t) const {
        const std::size_t n = t.size();
        if (n == 0 || n >= CallTree::kNone || t.region.size() != n || t.depth.size() != n ||
            t.calls.size() != n || t.inclusiveNs.size() != n || t.exclusiveNs.size() != n ||
            t.maxRankInclusiveNs.size() != n || t.ranksWithCalls.size() != n ||
            t.parent[0] != CallTree::kNone)
            reject("a call tree whose nodes do not fit together");
        const auto regions = static_cast<std::int64_t>(results_.regions.size());
        for (std::size_t node = 1; node < n; ++node)
            if (t.parent[node] >= node || t.region[node] < 0 || t.region[node] >= regions)
                reject("a call tree with a node outside the run");
        const bool finished = !t.childBegin.empty() || !t.childCount.empty();
        if (finished && (t.childBegin.size() != n || t.childCount.size() != n))
            reject("a call tree whose nodes do not fit together");
        for (std::size_t node = 0; finished && node < n; ++node)
            if (t.childBegin[node] > t.children.size() ||
                t.childCount[node] > t.children.size() - t.childBegin[node])
                reject("a call tree whose children lie outside it");
        for (const std::uint32_t child : t.children)
            if (child >= n)
                reject("a call tree whose children lie outside it");
    }

    const ProfilingResults& results_;
    const OnDemandTimeline::Parts& parts_;
    std::uint64_t calls_ = 0;
    std::uint64_t eventEnd_ = 0;
    std::map<std::uint32_t, std::uint64_t> byRank_;
    std::int64_t origin_ = std::numeric_limits<std::int64_t>::max();
    std::int64_t end_ = std::numeric_limits<std::int64_t>::min();
};

} // namespace

OnDemandTimeline::Parts OnDemandTimeline::parts() const {
    Parts p;
    p.pyramid = pyramid_;
    p.rankLanes = rankLanes_;
    p.startNs = startNs_;
    p.endNs = endNs_;
    p.exclusive = exclusive_;
    p.rankTrees = rankTrees_;
    p.blockCalls = blockCalls_;
    p.rowBlockBegin = rowBlockBegin_;
    p.blockMinStart = blockMinStart_;
    p.blockMaxReach = blockMaxReach_;
    p.rowSorted = rowSorted_;
    p.rowLongest = rowLongest_;
    p.rowsByOffset = rowsByOffset_;
    return p;
}

std::shared_ptr<const OnDemandTimeline>
OnDemandTimeline::restore(std::shared_ptr<const ProfilingResults> results,
                          std::uint64_t memoryBudget, Parts parts) {
    std::shared_ptr<OnDemandTimeline> timeline(
        new OnDemandTimeline(std::move(results), memoryBudget));
    OnDemandTimeline& t = *timeline;
    PartsCheck(*t.results_, parts).run();
    t.pyramid_ = std::move(parts.pyramid);
    t.rankLanes_ = std::move(parts.rankLanes);
    t.startNs_ = parts.startNs;
    t.endNs_ = parts.endNs;
    t.exclusive_ = std::move(parts.exclusive);
    t.rankTrees_ = std::move(parts.rankTrees);
    t.blockCalls_ = parts.blockCalls;
    t.rowBlockBegin_ = std::move(parts.rowBlockBegin);
    t.blockMinStart_ = std::move(parts.blockMinStart);
    t.blockMaxReach_ = std::move(parts.blockMaxReach);
    t.rowSorted_ = std::move(parts.rowSorted);
    t.rowLongest_ = std::move(parts.rowLongest);
    t.rowsByOffset_ = std::move(parts.rowsByOffset);
    return timeline;
}

} // namespace scope
