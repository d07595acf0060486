// SPDX-License-Identifier: GPL-3.0-or-later
#include "CallTree.h"

#include "EventSelection.h"
#include "RegionTable.h"
#include "TimelineIndex.h"
#include "base/DurationFormat.h"
#include "base/ParallelFor.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <thread>
#include <utility>

namespace scope {
namespace {

// One thread's tree of the ranks it built, merged into the result after.
struct PartialTree {
    CallTree tree = CallTree::rootOnly();
    std::vector<std::int64_t> rankInclusive; // of the rank being built, per node
    std::vector<std::uint32_t> touched;      // nodes the rank reached
    std::optional<CallOverlap> firstOverlap;
    std::uint64_t overlaps = 0;
};

void grow(CallTree& t) {
    t.calls.push_back(0);
    t.inclusiveNs.push_back(0);
    t.exclusiveNs.push_back(0);
    t.maxRankInclusiveNs.push_back(0);
    t.ranksWithCalls.push_back(0);
}

// The children of one parent by region, for a lane's run of calls under
// it: a scan of the parent's child list per call cost most of building the
// tree when a step holds a hundred kernels. A stamp per region makes moving
// to the next parent free.
class ChildMemo {
public:
    std::uint32_t find(CallTree& tree, std::uint32_t parentNode, std::int32_t region) {
        if (parentNode != parent_) {
            parent_ = parentNode;
            ++generation_;
        }
        const auto slot = static_cast<std::size_t>(region + 1);
        if (slot >= node_.size()) {
            node_.resize(slot + 1, CallTree::kNone);
            stamp_.resize(slot + 1, 0);
        }
        if (stamp_[slot] != generation_) {
            stamp_[slot] = generation_;
            node_[slot] = tree.child(parentNode, region);
        }
        return node_[slot];
    }

private:
    std::uint32_t parent_ = CallTree::kNone;
    std::uint64_t generation_ = 0;
    std::vector<std::uint32_t> node_;
    std::vector<std::uint64_t> stamp_;
};

// The calls of one rank, lane by lane: depth 0 hangs below the root, a call
// of depth d below the call of depth d - 1 of its thread/task lane that
// started last at or before it (calls of one lane never overlap, so that is
// its enclosing call). The index orders a rank's lanes by thread/task lane,
// then depth, so the lane before one of depth d > 0 is its depth d - 1.
void buildRank(const ProfilingResults& results, const TimelineIndex& index,
               std::span<const TimelineLane> lanes, PartialTree& out) {
    const auto& starts = results.events.starts;
    const auto& ends = results.events.ends;
    CallTree& tree = out.tree;
    std::vector<std::uint32_t> upper; // node of each call of the lane above
    std::vector<std::uint32_t> current;
    std::span<const std::uint32_t> upperEvents;
    std::vector<bool> reached;
    ChildMemo memo;
    for (std::size_t l = 0; l < lanes.size(); ++l) {
        const TimelineLane& lane = lanes[l];
        const std::size_t laneIndex = static_cast<std::size_t>(&lane - index.lanes().data());
        const auto events = index.laneEvents(laneIndex);
        current.assign(events.size(), CallTree::kRoot);
        std::size_t p = 0;
        for (std::size_t k = 0; k < events.size(); ++k) {
            const std::uint32_t e = events[k];
            const std::int64_t start = starts[e];
            const std::int64_t end = std::max(ends[e], start);
            std::uint32_t parentNode = CallTree::kRoot;
            if (lane.depth > 0 && !upperEvents.empty()) {
                while (p + 1 < upperEvents.size() && starts[upperEvents[p + 1]] <= start)
                    ++p;
                parentNode = upper[p];
                const std::uint32_t outer = upperEvents[p];
                const std::int64_t outerEnd = std::max(ends[outer], starts[outer]);
                if (end > outerEnd) {
                    if (out.overlaps++ == 0)
                        out.firstOverlap =
                            CallOverlap{lane.rank, index.regionOf(outer), starts[outer],
                                        outerEnd,  index.regionOf(e),     start,
                                        end};
                }
                // The parent loses what the call spent inside it, never more.
                tree.exclusiveNs[parentNode] -= std::min(end, outerEnd) - start;
            }
            const std::uint32_t node = memo.find(tree, parentNode, index.regionOf(e));
            current[k] = node;
            const std::int64_t ns = end - start;
            ++tree.calls[node];
            tree.inclusiveNs[node] += ns;
            tree.exclusiveNs[node] += ns;
            if (node >= reached.size())
                reached.resize(tree.size(), false);
            if (!reached[node]) {
                reached[node] = true;
                out.touched.push_back(node);
            }
            if (node >= out.rankInclusive.size())
                out.rankInclusive.resize(tree.size(), 0);
            out.rankInclusive[node] += ns;
        }
        upper.swap(current);
        upperEvents = events;
    }
    // Fold the rank into the per-rank columns.
    for (const std::uint32_t node : out.touched) {
        tree.maxRankInclusiveNs[node] =
            std::max(tree.maxRankInclusiveNs[node], out.rankInclusive[node]);
        ++tree.ranksWithCalls[node];
        out.rankInclusive[node] = 0;
    }
    out.touched.clear();
}

} // namespace

std::string CallOverlap::describe(const ProfilingResults& results) const {
    const double origin = static_cast<double>(results.minimumStartNs.value_or(0));
    const auto at = [origin](std::int64_t ns) {
        return formatDuration((static_cast<double>(ns) - origin) * 1e-9);
    };
    const auto name = [&results](std::int32_t region) {
        return region >= 0 && static_cast<std::size_t>(region) < results.regions.size()
                   ? "'" + results.regions[static_cast<std::size_t>(region)] + "'"
                   : std::string("a call");
    };
    return "rank " + std::to_string(rank) + ": " + name(outerRegion) + " [" + at(outerStartNs) +
           ", " + at(outerEndNs) + "] and " + name(innerRegion) + " [" + at(innerStartNs) + ", " +
           at(innerEndNs) + "] overlap without nesting";
}

double CallTree::imbalance(std::uint32_t node) const {
    if (ranksWithCalls[node] == 0 || inclusiveNs[node] <= 0)
        return 0.0;
    const double ranks = std::max(selectedRanks, ranksWithCalls[node]);
    const double mean = static_cast<double>(inclusiveNs[node]) / ranks;
    return static_cast<double>(maxRankInclusiveNs[node]) / mean;
}

std::vector<std::int32_t> CallTree::path(std::uint32_t node) const {
    std::vector<std::int32_t> regions;
    for (std::uint32_t n = node; n != kRoot && n != kNone; n = parent[n])
        regions.push_back(region[n]);
    std::reverse(regions.begin(), regions.end());
    return regions;
}

std::string CallTree::pathText(std::uint32_t node, const ProfilingResults& results) const {
    std::string text;
    for (const std::int32_t r : path(node)) {
        if (!text.empty())
            text += " > ";
        text += r >= 0 ? results.regions[static_cast<std::size_t>(r)] : std::string("?");
    }
    return text;
}

std::uint32_t CallTree::child(std::uint32_t parentNode, std::int32_t childRegion) {
    // Before finish() the children are found by a scan of the nodes created
    // under the parent; childBegin holds each node's first child and
    // childCount its next sibling meanwhile (linked lists, no allocation).
    if (childBegin.size() < size()) {
        childBegin.resize(size(), kNone);
        childCount.resize(size(), kNone);
    }
    std::uint32_t n = childBegin[parentNode];
    for (; n != kNone; n = childCount[n])
        if (region[n] == childRegion)
            return n;
    n = static_cast<std::uint32_t>(size());
    parent.push_back(parentNode);
    region.push_back(childRegion);
    depth.push_back(depth[parentNode] + 1);
    childBegin.push_back(kNone);
    childCount.push_back(childBegin[parentNode]);
    childBegin[parentNode] = n;
    grow(*this);
    return n;
}

CallTree CallTree::rootOnly() {
    CallTree tree;
    tree.parent.push_back(kNone);
    tree.region.push_back(-1);
    tree.depth.push_back(0);
    tree.childBegin.push_back(kNone);
    tree.childCount.push_back(kNone);
    grow(tree);
    return tree;
}

void CallTree::finish() {
    const std::size_t n = size();
    std::vector<std::uint32_t> count(n, 0);
    for (std::size_t i = 1; i < n; ++i)
        ++count[parent[i]];
    childBegin.assign(n, 0);
    std::exclusive_scan(count.begin(), count.end(), childBegin.begin(), std::uint32_t{0});
    childCount.assign(n, 0);
    children.assign(n > 0 ? n - 1 : 0, 0);
    for (std::size_t i = 1; i < n; ++i)
        children[childBegin[parent[i]] + childCount[parent[i]]++] = static_cast<std::uint32_t>(i);
    for (std::size_t i = 0; i < n; ++i) {
        auto begin = children.begin() + childBegin[i];
        std::stable_sort(begin, begin + childCount[i], [this](std::uint32_t a, std::uint32_t b) {
            return inclusiveNs[a] > inclusiveNs[b];
        });
    }
    // The root stands for everything at the top level.
    calls[kRoot] = 0;
    inclusiveNs[kRoot] = 0;
    maxRankInclusiveNs[kRoot] = 0;
    for (const std::uint32_t c : childrenOf(kRoot)) {
        calls[kRoot] += calls[c];
        inclusiveNs[kRoot] += inclusiveNs[c];
        ranksWithCalls[kRoot] = std::max(ranksWithCalls[kRoot], ranksWithCalls[c]);
    }
    exclusiveNs[kRoot] = 0;
}

CallTree CallTree::build(const ProfilingResults& results, const TimelineIndex& index,
                         const RankSelection& ranks, unsigned threads,
                         const std::atomic<bool>* cancel) {
    requireEvents(results, "the call tree");
    // The lanes of each selected rank: consecutive in the index, by
    // thread/task lane, then depth.
    std::vector<std::span<const TimelineLane>> rankLanes;
    const auto lanes = index.lanes();
    for (std::size_t l = 0; l < lanes.size();) {
        std::size_t end = l;
        while (end < lanes.size() && lanes[end].rank == lanes[l].rank)
            ++end;
        if (ranks.contains(lanes[l].rank))
            rankLanes.push_back(lanes.subspan(l, end - l));
        l = end;
    }
    if (threads == 0)
        threads = std::max(1u, std::thread::hardware_concurrency());
    threads = std::min<unsigned>(threads,
                                 static_cast<unsigned>(std::max<std::size_t>(rankLanes.size(), 1)));
    std::vector<PartialTree> partial(threads);
    parallelFor(
        rankLanes.size(), threads, cancel,
        [&](std::size_t item, unsigned worker) {
            buildRank(results, index, rankLanes[item], partial[worker]);
        },
        [] {});
    if (cancel != nullptr && cancel->load()) {
        CallTree empty = rootOnly();
        empty.finish();
        return empty;
    }

    std::vector<const CallTree*> trees;
    for (PartialTree& part : partial) {
        part.tree.firstOverlap = part.firstOverlap;
        part.tree.overlaps = part.overlaps;
        trees.push_back(&part.tree);
    }
    return merge(trees, results, ranks);
}

CallTree CallTree::mergeRanks(std::span<const std::uint32_t> treeRanks,
                              std::span<const CallTree> rankTrees, const ProfilingResults& results,
                              const RankSelection& ranks, const std::atomic<bool>* cancel) {
    const auto cancelled = [cancel] { return cancel != nullptr && cancel->load(); };
    std::vector<const CallTree*> trees;
    for (std::size_t i = 0; i < treeRanks.size() && i < rankTrees.size() && !cancelled(); ++i)
        if (ranks.contains(treeRanks[i]))
            trees.push_back(&rankTrees[i]);
    if (cancelled())
        return merge({}, results, ranks);
    return merge(trees, results, ranks);
}

CallTree CallTree::merge(std::span<const CallTree* const> trees, const ProfilingResults& results,
                         const RankSelection& ranks) {
    // A tree's nodes come after their parents, so one pass in node order
    // maps each onto the result.
    CallTree tree = rootOnly();
    std::vector<std::uint32_t> map;
    for (const CallTree* t : trees) {
        map.assign(t->size(), kRoot);
        for (std::uint32_t n = 1; n < t->size(); ++n) {
            const std::uint32_t m = tree.child(map[t->parent[n]], t->region[n]);
            map[n] = m;
            tree.calls[m] += t->calls[n];
            tree.inclusiveNs[m] += t->inclusiveNs[n];
            tree.exclusiveNs[m] += t->exclusiveNs[n];
            tree.maxRankInclusiveNs[m] =
                std::max(tree.maxRankInclusiveNs[m], t->maxRankInclusiveNs[n]);
            tree.ranksWithCalls[m] += t->ranksWithCalls[n];
        }
        if (t->overlaps > 0 && tree.overlaps == 0)
            tree.firstOverlap = t->firstOverlap;
        tree.overlaps += t->overlaps;
    }
    tree.finish();
    // The run time comes from the rows' summaries: a tree built from one
    // rank's calls knows nothing of the other ranks' rows.
    tree.runNs =
        static_cast<std::int64_t>(std::llround(RegionTable::runTime(results, ranks) * 1e9));
    tree.selectedRanks = static_cast<std::uint32_t>(results.rankCount(ranks));
    return tree;
}

std::vector<bool> CallTree::callsOnPath(const ProfilingResults& results, const TimelineIndex& index,
                                        const RankSelection& ranks,
                                        std::span<const std::int32_t> path) {
    std::vector<bool> on(results.events.size(), false);
    if (path.empty())
        return on;
    const auto& starts = results.events.starts;
    // Per rank, lane by lane down to the path's depth: a call is on the
    // path's prefix when its region matches and its parent's call was.
    std::vector<bool> upper;
    std::vector<bool> current;
    for (const std::uint32_t rank : index.ranks()) {
        if (!ranks.contains(rank))
            continue;
        // Each thread/task lane of the rank is a stack of its own.
        for (const std::int64_t key : index.laneKeys(rank)) {
            std::span<const std::uint32_t> upperEvents;
            for (std::uint32_t depth = 0; depth < path.size(); ++depth) {
                const auto lane = index.laneOf(rank, key, depth);
                if (!lane)
                    break;
                const auto events = index.laneEvents(*lane);
                current.assign(events.size(), false);
                std::size_t p = 0;
                for (std::size_t k = 0; k < events.size(); ++k) {
                    bool prefix = true;
                    if (depth > 0) {
                        while (p + 1 < upperEvents.size() &&
                               starts[upperEvents[p + 1]] <= starts[events[k]])
                            ++p;
                        prefix = !upperEvents.empty() && upper[p];
                    }
                    current[k] = prefix && index.regionOf(events[k]) == path[depth];
                    if (current[k] && depth + 1 == path.size())
                        on[events[k]] = true;
                }
                upper.swap(current);
                upperEvents = events;
            }
        }
    }
    return on;
}

std::vector<bool> CallTree::outermostOfRegion() const {
    if (size() == 0)
        return {};
    // One walk down the tree with a count per region of the calls open
    // above: linear, where asking each node's ancestors is depth² on a deep
    // recursion. Parents come before their children in node order.
    std::vector<std::uint32_t> firstChild(size(), kNone);
    std::vector<std::uint32_t> nextSibling(size(), kNone);
    for (std::uint32_t n = static_cast<std::uint32_t>(size()) - 1; n >= 1; --n) {
        nextSibling[n] = firstChild[parent[n]];
        firstChild[parent[n]] = n;
    }
    std::int32_t regions = 0;
    for (const std::int32_t r : region)
        regions = std::max(regions, r + 1);
    std::vector<std::uint32_t> open(static_cast<std::size_t>(regions), 0);
    std::vector<bool> outermost(size(), true);
    // (node, entered): a node is left once its children are done.
    std::vector<std::pair<std::uint32_t, bool>> stack{{kRoot, false}};
    while (!stack.empty()) {
        auto [n, entered] = stack.back();
        stack.pop_back();
        const bool counted = n != kRoot && region[n] >= 0;
        if (entered) {
            if (counted)
                --open[static_cast<std::size_t>(region[n])];
            continue;
        }
        if (counted) {
            outermost[n] = open[static_cast<std::size_t>(region[n])] == 0;
            ++open[static_cast<std::size_t>(region[n])];
        }
        stack.emplace_back(n, true);
        for (std::uint32_t c = firstChild[n]; c != kNone; c = nextSibling[c])
            stack.emplace_back(c, false);
    }
    return outermost;
}

CallTree CallTree::bottomUp() const {
    CallTree up = rootOnly();
    const std::vector<bool> outermost = outermostOfRegion();
    for (std::uint32_t n = 1; n < size(); ++n) {
        // Outermost occurrence of its region on its path: its inclusive time
        // is not already inside an enclosing call of the same region.
        std::uint32_t node = kRoot;
        std::uint32_t level = 0;
        for (std::uint32_t a = n; a != kRoot && level < kMaxBottomUpDepth; a = parent[a], ++level) {
            node = up.child(node, region[a]);
            up.calls[node] += calls[n];
            up.exclusiveNs[node] += exclusiveNs[n];
            if (outermost[n])
                up.inclusiveNs[node] += inclusiveNs[n];
        }
    }
    up.runNs = runNs;
    up.selectedRanks = selectedRanks;
    up.finish();
    up.calls[kRoot] = calls[kRoot];
    up.inclusiveNs[kRoot] = inclusiveNs[kRoot];
    return up;
}

} // namespace scope
