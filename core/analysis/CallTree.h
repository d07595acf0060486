// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ProfilingResults.h"
#include "model/RankSelection.h"

#include <atomic>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace scope {

class TimelineIndex;

// Two calls of one rank that overlap without nesting (a begin/end mismatch
// in a C or Fortran program): the inner one starts inside the outer one and
// ends after it.
struct CallOverlap {
    std::uint32_t rank = 0;
    std::int32_t outerRegion = -1;
    std::int64_t outerStartNs = 0;
    std::int64_t outerEndNs = 0;
    std::int32_t innerRegion = -1;
    std::int64_t innerStartNs = 0;
    std::int64_t innerEndNs = 0;

    // "rank 2: 'solve' [1.5 ms, 4 ms] and 'io' [3 ms, 6 ms] overlap without
    // nesting", times from the run's first start.
    std::string describe(const ProfilingResults& results) const;
};

// The calls of the selected ranks aggregated per call path (root → … →
// region), as profilers' call trees show them: node 0 is the root (the whole
// selection, no region); every other node is one path, with the calls that
// ended it pooled over the ranks. A path is a node's chain of regions, so
// recursion gives deeper paths (fib > fib > fib) and no time is counted twice
// within a path. Per-node values are flat arrays indexed by node.
struct CallTree {
    static constexpr std::uint32_t kRoot = 0;
    static constexpr std::uint32_t kNone = 0xffffffffu;

    std::vector<std::uint32_t> parent;            // kNone for the root
    std::vector<std::int32_t> region;             // index into results.regions; -1 for the root
    std::vector<std::uint32_t> depth;             // root 0, top-level paths 1
    std::vector<std::uint64_t> calls;             // root: top-level calls
    std::vector<std::int64_t> inclusiveNs;        // summed durations; root: top-level sum
    std::vector<std::int64_t> exclusiveNs;        // inclusive minus directly nested calls
    std::vector<std::int64_t> maxRankInclusiveNs; // the slowest rank's inclusive time
    std::vector<std::uint32_t> ranksWithCalls;    // ranks that reached the path
    // The selection's ranks in the run, those without calls included: the
    // denominator of imbalance() (0 in hand-made trees: ranksWithCalls).
    std::uint32_t selectedRanks = 0;
    // Children of node n: children[childBegin[n] .. childBegin[n] + childCount[n]),
    // costliest (inclusive) first. Filled by finish().
    std::vector<std::uint32_t> childBegin;
    std::vector<std::uint32_t> childCount;
    std::vector<std::uint32_t> children;

    // The denominator of "% of run": the summed run time of the selected
    // ranks (RegionTable::runTime), in ns.
    std::int64_t runNs = 0;
    // The first overlap met and how many there were; the tree is still built
    // (see build()).
    std::optional<CallOverlap> firstOverlap;
    std::uint64_t overlaps = 0;

    std::size_t size() const { return parent.size(); }
    std::span<const std::uint32_t> childrenOf(std::uint32_t node) const {
        return std::span<const std::uint32_t>(children).subspan(childBegin[node], childCount[node]);
    }
    // Slowest rank's inclusive time ÷ mean over the selected ranks, those that
    // never reached the path counting 0 (1 = balanced, 0 without calls), as
    // the region table's imbalance.
    double imbalance(std::uint32_t node) const;
    // The regions from the top-level call down to `node`.
    std::vector<std::int32_t> path(std::uint32_t node) const;
    // Region names joined by " > ".
    std::string pathText(std::uint32_t node, const ProfilingResults& results) const;

    // Adds a node below `parentNode` (or finds the one with that region);
    // for builders and hand-made trees, before finish().
    std::uint32_t child(std::uint32_t parentNode, std::int32_t childRegion);
    // Builds the child lists; call once the values are in.
    void finish();
    // An empty tree to build on: just the root, not finished.
    static CallTree rootOnly();

    // Nesting per rank, or per thread/task lane of a rank in a run with lane
    // columns, as scope-profiler rebuilds it (the timeline index's lanes:
    // calls by start, longer first; a call's parent is the innermost earlier
    // call of the same lane still open; a zero-length call encloses the next call
    // sharing its start), never the stored call/parent ids. A call that
    // overlaps its parent without nesting is kept below it, its time counted
    // against the parent's exclusive time only up to the parent's end, and
    // reported in firstOverlap. Ranks are built on `threads` threads (0: one
    // per core). Throws EventsUnavailable without per-call data; returns an
    // empty, finished tree once `cancel` is set.
    static CallTree build(const ProfilingResults& results, const TimelineIndex& index,
                          const RankSelection& ranks = {}, unsigned threads = 0,
                          const std::atomic<bool>* cancel = nullptr);

    // One finished tree of several built apart (ranks, threads) from the
    // `ranks` of `results`: nodes matched by path, calls and times summed,
    // the slowest rank's time the largest, ranksWithCalls and overlaps
    // summed, the first overlap that of the first tree having one, runNs
    // the selection's run time. Trees may be finished or not.
    static CallTree merge(std::span<const CallTree* const> trees, const ProfilingResults& results,
                          const RankSelection& ranks);
    // merge() of the per-rank trees (`rankTrees[i]` of rank `treeRanks[i]`)
    // of the selected ranks; empty and finished once `cancel` is set.
    static CallTree mergeRanks(std::span<const std::uint32_t> treeRanks,
                               std::span<const CallTree> rankTrees, const ProfilingResults& results,
                               const RankSelection& ranks, const std::atomic<bool>* cancel);

    // Which calls end the call path `path` (regions from the top level
    // down), on the selected ranks: one flag per event of results.events,
    // for the timeline to highlight exactly the calls of a chosen node.
    static std::vector<bool> callsOnPath(const ProfilingResults& results,
                                         const TimelineIndex& index, const RankSelection& ranks,
                                         std::span<const std::int32_t> path);

    // The bottom-up view: the top level holds every region with the time
    // spent in it (exclusive) and its calls, pooled over all its paths; below
    // a region are its callers, then their callers, each with the part of the
    // time that was spent under that chain of callers. Chains stop after
    // kMaxBottomUpDepth callers (the levels shown keep their exact times):
    // each node walks its chain, depth² steps on a deep recursion.
    static constexpr std::uint32_t kMaxBottomUpDepth = 256;
    CallTree bottomUp() const;
    // Per node: no caller on its path is of its region.
    std::vector<bool> outermostOfRegion() const;
};

} // namespace scope
