// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A small run index written out by hand, every field set to a value of its
// own: two ranks, two regions, six calls, a delta-encoded plan with stored
// and inline datasets, and a timeline whose pyramid, lanes and call trees
// are consistent with those calls.
#include "analysis/CallTree.h"
#include "analysis/TimelinePyramid.h"
#include "index/RunIndex.h"

#include <cstdint>
#include <vector>

inline scope::RankRegion handMadeRow(std::uint32_t region, std::uint32_t rank, std::uint64_t offset,
                                     std::uint64_t count, std::int64_t startMinimum) {
    scope::RankRegion row;
    row.region = region;
    row.rank = rank;
    row.offset = offset;
    scope::CallSummary& s = row.summary;
    s.count = count;
    s.total = 10 * static_cast<std::int64_t>(count) + rank;
    s.minimum = 9;
    s.maximum = 11 + rank;
    s.first = 10;
    s.last = 11;
    s.startMinimum = startMinimum;
    s.endMaximum = startMinimum + 100;
    s.gpuCount = rank;
    s.gpuTotal = 3 * rank;
    s.mean = 10.25 + rank;
    s.m2 = 0.5 * static_cast<double>(count);
    return row;
}

inline scope::RunIndex handMadeIndex() {
    using namespace scope;
    RunIndex index;
    index.key.file = FileIdentity{41, 42, 4096, 1'700'000'000'123'456'789};
    index.key.headHash = 0x1234'5678'9abc'def0ull;
    index.key.tailHash = 0x0fed'cba9'8765'4321ull;

    ProfilingResults& r = index.results;
    r.path = "/runs/hand-made.h5";
    r.schemaVersion = 2;
    r.numRanks = 2;
    r.metadata.entries = {{"program", std::string("solver")},
                          {"ranks", std::int64_t{2}},
                          {"dt", 0.125},
                          {"argv", std::vector<std::string>{"solver", "--fast"}}};
    r.regions = {"main", "solve"};
    r.rows = {handMadeRow(0, 0, 0, 2, 0), handMadeRow(0, 1, 2, 1, 5), handMadeRow(1, 0, 3, 3, 20)};
    r.rows[0].exclusiveNs = 4;
    r.rowDetails.push_back(RowDetails{{"solver.cpp", 17, "solve();"}, {"hot"}, "{\"k\":1}"});
    r.rows[2].details = 0;
    r.warnings = {"a warning"};
    r.damaged.push_back({1, "io", "chunk 3 does not decompress"});
    r.threads.push_back(ThreadInfo{0, 0, 140, 1401, false, 0, -1, 77, "MainThread"});
    r.tasks.push_back(TaskInfo{0, 3, 0, 5, 90, 4, 60, 25, "task", "fetch", "fetch_coro"});
    r.perfEvents.push_back(PerfEventSet{0, "solve", 3, {"cycles"}, {123456}});
    r.finalize();

    EventPlan& plan = index.plan;
    plan.readsEvents = true;
    plan.deltaEncoded = true;
    plan.columnLengths[0] = 6;
    plan.columnLengths[1] = 6;
    PlannedDataset starts;
    starts.column = EventColumnId::Starts;
    starts.length = 6;
    starts.chunkElements = 4;
    starts.chunkCount = 2;
    starts.pipeline = {true, 0, ChunkCompression::Zstd, 1};
    starts.name = "events/start_deltas";
    PlannedDataset ends;
    ends.column = EventColumnId::Ends;
    ends.length = 6;
    ends.isInline = true;
    ends.name = "events/durations";
    plan.datasets = {starts, ends};
    plan.chunks = {{100, 30, 0}, {130, 20, 2}};
    plan.inlineValues.assign({10, 11, 12, 13, 14, 15});
    plan.file = index.key.file;
    index.checkpoints = {{0}, {0}, {0}};

    OnDemandTimeline::Parts& t = index.timeline;
    // Rank 0: main at depth 0 (two calls), solve nested at depth 1 (three);
    // rank 1: one call of main.
    const std::vector<TimelineLane> lanes = {{0, 0, 0, 2, -1}, {0, 1, 2, 3, -1}, {1, 0, 5, 1, -1}};
    const TimelinePyramid shape(0, 120, 1 << 20);
    TimelinePyramid::StoredLevel level;
    level.width = shape.widths().front();
    level.spans = {{0, 50, 0, 0, 2}, {20, 40, 1, 3, 2}, {45, 48, 1, 5, 1}, {5, 60, 0, 2, 1}};
    level.laneBegin = {0, 1, 3, 4};
    t.pyramid = TimelinePyramid::fromStored(0, 120, 1 << 20, lanes, {level});
    t.rankLanes.push_back({0, 0, 2, -1});
    t.rankLanes.push_back({1, 2, 1, -1});
    t.startNs = 0;
    t.endNs = 120;
    t.exclusive = {5, std::nullopt, 7};
    for (std::uint32_t rank = 0; rank < 2; ++rank) {
        CallTree tree = CallTree::rootOnly();
        const std::uint32_t main = tree.child(CallTree::kRoot, 0);
        tree.calls[main] = 2 - rank;
        tree.inclusiveNs[main] = 100 + rank;
        tree.exclusiveNs[main] = 40;
        tree.maxRankInclusiveNs[main] = 100 + rank;
        tree.ranksWithCalls[main] = 1;
        if (rank == 0) {
            const std::uint32_t solve = tree.child(main, 1);
            tree.calls[solve] = 3;
            tree.inclusiveNs[solve] = 60;
            tree.exclusiveNs[solve] = 60;
            tree.maxRankInclusiveNs[solve] = 60;
            tree.ranksWithCalls[solve] = 1;
            tree.firstOverlap = CallOverlap{0, 0, 0, 50, 1, 45, 55};
            tree.overlaps = 1;
        }
        tree.selectedRanks = 1;
        tree.runNs = 120;
        tree.finish();
        t.rankTrees.push_back(std::move(tree));
    }
    t.blockCalls = 2;
    t.rowBlockBegin = {0, 1, 2, 4};
    t.blockMinStart = {0, 5, 20, 45};
    t.blockMaxReach = {60, 50, 41, 48};
    t.rowSorted = {1, 1, 0};
    t.rowLongest = {50, 45, 20};
    t.rowsByOffset = {0, 1, 2};
    return index;
}
