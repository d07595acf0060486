// SPDX-License-Identifier: GPL-3.0-or-later
// Thread/task lanes (threads-tasks-json.md): the lane columns and tables read
// from schema 2 and 3 files, in process and through the read helper; nesting,
// exclusive times and call paths per lane; lane labels and sums (the trace
// exports: tst_LaneExports). Expected values are worked out by hand from the run
// LaneSpecs::threadsAndTasks describes.
#include "FixtureWriter.h"
#include "LaneSpecs.h"
#include "SampleSpecs.h"
#include "analysis/CallStack.h"
#include "analysis/CallTree.h"
#include "analysis/ExclusiveTime.h"
#include "analysis/LaneTable.h"
#include "analysis/OnDemandTimeline.h"
#include "analysis/TimelineIndex.h"
#include "format/ProfileReader.h"
#include "isolate/IsolatedReader.h"

#include <QTemporaryDir>
#include <QtTest>

#include <map>
#include <tuple>

using namespace scope;
using namespace scope::fixtures;

namespace {

const RankRegion& rowOf(const ProfilingResults& results, std::uint32_t rank,
                        const std::string& region) {
    for (const RankRegion& row : results.rows)
        if (row.rank == rank && results.regions[row.region] == region)
            return row;
    throw std::runtime_error("no row " + region + " on rank " + std::to_string(rank));
}

std::vector<std::int64_t> slice(const EventColumn& column, const RankRegion& row) {
    return {column.begin() + static_cast<std::ptrdiff_t>(row.offset),
            column.begin() + static_cast<std::ptrdiff_t>(row.offset + row.summary.count)};
}

using Tree = std::map<std::string, std::tuple<std::uint64_t, std::int64_t, std::int64_t>>;

Tree treeOf(const ProfilingResults& results, const RankSelection& ranks = {}) {
    const TimelineIndex index(results);
    const CallTree tree = CallTree::build(results, index, ranks, 1);
    Tree out;
    for (std::uint32_t n = 1; n < tree.size(); ++n)
        out[tree.pathText(n, results)] = {tree.calls[n], tree.inclusiveNs[n], tree.exclusiveNs[n]};
    return out;
}

} // namespace

class TestLanes : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    std::string path(const QString& name) const { return dir_.filePath(name).toStdString(); }

    ProfilingResults lanesRun(int schema = 3) {
        const std::string file = path(QStringLiteral("lanes-%1.h5").arg(schema));
        FixtureWriter::write(LaneSpecs::threadsAndTasks(schema), file);
        return readH5(file);
    }

private slots:
    void readsColumnsAndTables_data() {
        QTest::addColumn<int>("schema");
        QTest::addColumn<bool>("fixedStrings");
        QTest::newRow("schema 2") << 2 << false;
        QTest::newRow("schema 3") << 3 << false;
        QTest::newRow("schema 3, fixed-length strings") << 3 << true;
    }
    void readsColumnsAndTables() {
        QFETCH(int, schema);
        QFETCH(bool, fixedStrings);
        FixtureSpec spec = LaneSpecs::threadsAndTasks(schema);
        if (fixedStrings)
            spec.strings = StringStorage::Fixed;
        const std::string file = path(QStringLiteral("read-%1.h5").arg(QTest::currentDataTag()));
        FixtureWriter::write(spec, file);
        const ProfilingResults results = readH5(file);
        const EventColumns& events = results.events;
        QVERIFY(events.hasLanes());
        QVERIFY(events.hasAwait());
        QCOMPARE(events.taskIds.size(), events.size());

        const RankRegion& compute = rowOf(results, 1, "compute");
        QCOMPARE(slice(events.starts, compute), (std::vector<std::int64_t>{2200, 2850, 2400}));
        QCOMPARE(slice(events.threadIds, compute), (std::vector<std::int64_t>{1, 1, 2}));
        QCOMPARE(slice(events.taskIds, compute), (std::vector<std::int64_t>{-1, -1, -1}));
        const RankRegion& fetch = rowOf(results, 0, "fetch");
        QCOMPARE(slice(events.taskIds, fetch), (std::vector<std::int64_t>{0, 1}));
        QCOMPARE(slice(events.awaitNs, fetch), (std::vector<std::int64_t>{100, 250}));
        QCOMPARE(events.lane(fetch.offset + 1), std::int64_t{1});
        QCOMPARE(events.lane(compute.offset + 2), std::int64_t{-4});

        // Written rank 1 first: selected by rank, in (rank, index) order.
        QCOMPARE(results.threads.size(), std::size_t{6});
        QCOMPARE(results.threads[0].rank, 0u);
        QCOMPARE(results.threads[2].name, std::string("worker-2"));
        QCOMPARE(results.threads[2].index, std::int64_t{2});
        QCOMPARE(results.threads[2].nativeId, std::int64_t{5002});
        QCOMPARE(results.threads[2].daemon, true);
        QCOMPARE(results.threads[0].endNs, std::int64_t{-1});
        QCOMPARE(results.threads[4].rank, 1u);
        QCOMPARE(results.tasks.size(), std::size_t{4});
        const TaskInfo& page = results.tasks[1];
        QCOMPARE(page.rank, 0u);
        QCOMPARE(page.name, std::string("Task-2"));
        QCOMPARE(page.coroName, std::string("crawler.fetch_page"));
        QCOMPARE(page.kind, std::string("task"));
        QCOMPARE(page.threadIndex, std::int64_t{2});
        QCOMPARE(page.suspendedNs, std::int64_t{250});
        QCOMPARE(page.doneNs, std::int64_t{-1});
        QVERIFY(results.warnings.empty());
    }

    // The read helper hands the lane columns and tables back unchanged.
    void crossesTheReadHelper() {
        const std::string file = path("isolated.h5");
        FixtureWriter::write(LaneSpecs::threadsAndTasks(3), file);
        ReadRequest request;
        request.worker = SCOPE_READ_WORKER_EXE;
        const ProfilingResults isolated = readIsolated(file, request);
        const ProfilingResults local = readH5(file);
        QVERIFY(isolated.events.threadIds == local.events.threadIds);
        QVERIFY(isolated.events.taskIds == local.events.taskIds);
        QVERIFY(isolated.events.awaitNs == local.events.awaitNs);
        QCOMPARE(isolated.threads.size(), std::size_t{6});
        QCOMPARE(isolated.tasks.size(), std::size_t{4});
        for (std::size_t i = 0; i < 6; ++i) {
            QCOMPARE(isolated.threads[i].name, local.threads[i].name);
            QCOMPARE(isolated.threads[i].cpuNs, local.threads[i].cpuNs);
            QCOMPARE(isolated.threads[i].daemon, local.threads[i].daemon);
        }
        for (std::size_t i = 0; i < 4; ++i) {
            QCOMPARE(isolated.tasks[i].coroName, local.tasks[i].coroName);
            QCOMPARE(isolated.tasks[i].runningNs, local.tasks[i].runningNs);
        }
    }

    // Events past the memory budget stay on disk; the lane columns are read
    // through for damage and the statistics are unchanged.
    void streamedRead() {
        const std::string file = path("streamed.h5");
        FixtureWriter::write(LaneSpecs::threadsAndTasks(3), file);
        ReadRequest request;
        request.memoryBudget = 64;
        const ProfilingResults streamed = readH5(file, request);
        QVERIFY(streamed.onDemand != nullptr);
        QCOMPARE(streamed.threads.size(), std::size_t{6});
        QCOMPARE(rowOf(streamed, 0, "compute").summary.total, std::int64_t{800});
        QCOMPARE(rowOf(streamed, 1, "fetch").summary.total, std::int64_t{540});
    }

    // A run read on demand nests per lane too: its per-rank trees, exclusive
    // times and the windows read for the timeline.
    void onDemandNestsPerLane() {
        const std::string file = path("on-demand.h5");
        FixtureWriter::write(LaneSpecs::threadsAndTasks(3), file);
        ReadRequest request;
        request.memoryBudget = 64;
        auto streamed = std::make_shared<const ProfilingResults>(readH5(file, request));
        QVERIFY(streamed->onDemand != nullptr);
        const auto timeline = OnDemandTimeline::build(streamed, 64 << 20, {});
        const CallTree tree = timeline->callTree();
        QCOMPARE(tree.overlaps, std::uint64_t{0});
        Tree got;
        for (std::uint32_t n = 1; n < tree.size(); ++n)
            got[tree.pathText(n, *streamed)] = {tree.calls[n], tree.inclusiveNs[n],
                                                tree.exclusiveNs[n]};
        const Tree expected{
            {"main", {2, 2000, 200}},     {"main > join", {2, 1800, 1800}},
            {"compute", {6, 1600, 1000}}, {"compute > Löser-ε", {2, 600, 600}},
            {"fetch", {4, 1080, 960}},    {"fetch > parse", {2, 120, 120}},
        };
        QVERIFY(got == expected);
        const auto& exclusive = timeline->exclusiveByRow();
        for (std::size_t i = 0; i < streamed->rows.size(); ++i)
            if (streamed->regions[streamed->rows[i].region] == "compute")
                QCOMPARE(exclusive[i].value_or(-1), std::int64_t{500});
        QCOMPARE(timeline->maxDepth(0), 1);
        QCOMPARE(timeline->laneKeys(1), (std::vector<std::int64_t>{-4, -3, -2, 0, 1}));
        QCOMPARE(timeline->ranks(), (std::vector<std::uint32_t>{0, 1}));
        const auto workerTwo = timeline->laneOf(1, -4, 0);
        QVERIFY(workerTwo.has_value());
        QVERIFY(!timeline->laneOf(1, -4, 1).has_value());
        std::vector<TimelineSpan> spans;
        if (!timeline->query(*workerTwo, 2000, 3000, 0.001, spans)) {
            timeline->waitIdle();
            QVERIFY(timeline->query(*workerTwo, 2000, 3000, 0.001, spans));
        }
        QCOMPARE(spans.size(), std::size_t{1});
        QCOMPARE(spans[0].startNs, std::int64_t{2400});
        QCOMPARE(spans[0].endNs, std::int64_t{2500});
    }

    void filesWithoutLanesAreUnchanged() {
        const std::string file = path("standard.h5");
        FixtureWriter::write(SampleSpecs::standard(3), file);
        const ProfilingResults results = readH5(file);
        QVERIFY(!results.events.hasLanes());
        QVERIFY(results.events.threadIds.empty());
        QVERIFY(results.events.awaitNs.empty());
        QVERIFY(results.threads.empty());
        QVERIFY(results.tasks.empty());
        QCOMPARE(results.events.lane(0), std::int64_t{-1});
        const TimelineIndex index(results);
        for (const TimelineLane& lane : index.lanes())
            QCOMPARE(lane.key, std::int64_t{-1});
        QVERIFY(LaneTable::build(results).empty());
        QVERIFY(LaneTable::keysOf(results, 0).empty());
    }

    void timelineLanesPerThreadAndTask() {
        const ProfilingResults results = lanesRun();
        const TimelineIndex index(results);
        QCOMPARE(index.laneKeys(0), (std::vector<std::int64_t>{-4, -3, -2, 0, 1}));
        // (key, depth) -> calls, rank 0.
        std::map<std::pair<std::int64_t, std::uint32_t>, std::uint32_t> sizes;
        for (const TimelineLane& lane : index.lanes())
            if (lane.rank == 0)
                sizes[{lane.key, lane.depth}] = lane.size;
        const std::map<std::pair<std::int64_t, std::uint32_t>, std::uint32_t> expected{
            {{-4, 0}, 1}, {{-3, 0}, 2}, {{-3, 1}, 1}, {{-2, 0}, 1},
            {{-2, 1}, 1}, {{0, 0}, 1},  {{1, 0}, 1},  {{1, 1}, 1}};
        QVERIFY(sizes == expected);
        QCOMPARE(index.maxDepth(0), 1);
        QCOMPARE(index.maxDepth(), 1);
        QCOMPARE(index.ranks(), (std::vector<std::uint32_t>{0, 1}));
        const auto workerTwo = index.laneOf(0, -4, 0);
        QVERIFY(workerTwo.has_value());
        const auto calls = index.laneEvents(*workerTwo);
        QCOMPARE(calls.size(), std::size_t{1});
        QCOMPARE(results.events.starts[calls[0]], std::int64_t{400});
        QVERIFY(!index.laneOf(0, -4, 1).has_value());
        // Per lane the calls are in start order.
        const auto workerOne = index.laneEvents(*index.laneOf(0, -3, 0));
        QCOMPARE(results.events.starts[workerOne[0]], std::int64_t{200});
        QCOMPARE(results.events.starts[workerOne[1]], std::int64_t{850});
    }

    void callTreePerLane() {
        const ProfilingResults results = lanesRun();
        const TimelineIndex index(results);
        const CallTree tree = CallTree::build(results, index, {}, 1);
        // Overlaps across lanes are normal, never reported.
        QCOMPARE(tree.overlaps, std::uint64_t{0});
        const Tree expected{
            {"main", {2, 2000, 200}},     {"main > join", {2, 1800, 1800}},
            {"compute", {6, 1600, 1000}}, {"compute > Löser-ε", {2, 600, 600}},
            {"fetch", {4, 1080, 960}},    {"fetch > parse", {2, 120, 120}},
        };
        const Tree got = treeOf(results);
        QVERIFY2(got == expected, qPrintable(QString::number(got.size()) + " paths"));
        QVERIFY(got.find("main > join > compute > Löser-ε > compute") == got.end());
        const Tree rankOne = treeOf(results, RankSelection({1}));
        QCOMPARE(std::get<0>(rankOne.at("compute")), std::uint64_t{3});
        QCOMPARE(std::get<2>(rankOne.at("fetch")), std::int64_t{480});

        // The calls on a path are those of its lane's stack.
        const auto region = [&](const char* name) {
            return static_cast<std::int32_t>(
                std::find(results.regions.begin(), results.regions.end(), name) -
                results.regions.begin());
        };
        const std::vector<std::int32_t> loeser{region("compute"), region("Löser-ε")};
        const auto on = CallTree::callsOnPath(results, index, {}, loeser);
        QCOMPARE(std::count(on.begin(), on.end(), true), 2);
        QVERIFY(on[rowOf(results, 0, "Löser-ε").offset]);
        const std::vector<std::int32_t> underJoin{region("main"), region("join"),
                                                  region("compute")};
        const auto none = CallTree::callsOnPath(results, index, {}, underJoin);
        QCOMPARE(std::count(none.begin(), none.end(), true), 0);
    }

    // The same calls without lane columns nest per rank: worker-2's compute
    // lands under worker-1's Löser-ε, and the tasks' fetch calls overlap.
    void perRankNestingDiffers() {
        ProfilingResults results = lanesRun();
        results.events.threadIds.clear();
        results.events.taskIds.clear();
        results.events.awaitNs.clear();
        const Tree got = treeOf(results, RankSelection({0}));
        QVERIFY(got.find("main > join > compute > Löser-ε > compute") != got.end());
        QVERIFY(got.find("compute > Löser-ε") == got.end());
        const TimelineIndex index(results);
        QVERIFY(CallTree::build(results, index, {}, 1).overlaps > 0);
    }

    void exclusiveTimesPerLane() {
        const ProfilingResults results = lanesRun(2);
        const TimelineIndex index(results);
        const std::vector<std::int64_t> fromIndex = exclusivePerRow(results, index);
        const CallStack stack = CallStack::build(results);
        QVERIFY(!stack.fromIds);
        const std::vector<std::int64_t> fromStack = stack.exclusivePerRow(results);
        const std::map<std::string, std::int64_t> expected{{"main", 100},    {"join", 900},
                                                           {"compute", 500}, {"Löser-ε", 300},
                                                           {"fetch", 480},   {"parse", 60}};
        for (std::size_t i = 0; i < results.rows.size(); ++i) {
            const std::string& name = results.regions[results.rows[i].region];
            QCOMPARE(fromIndex[i], expected.at(name));
            QCOMPARE(fromStack[i], expected.at(name));
        }
        // worker-2's compute is a root of its lane, parse a child in Task-2.
        const RankRegion& compute = rowOf(results, 0, "compute");
        QCOMPARE(stack.depth[compute.offset + 2], 0);
        QCOMPARE(stack.parent[compute.offset + 2], std::int64_t{-1});
        const RankRegion& parse = rowOf(results, 0, "parse");
        QCOMPARE(stack.parent[parse.offset],
                 static_cast<std::int64_t>(rowOf(results, 0, "fetch").offset + 1));
    }

    void laneLabelsAndSums() {
        const ProfilingResults results = lanesRun();
        const LaneTable table = LaneTable::build(results);
        QCOMPARE(table.lanes().size(), std::size_t{10});
        struct Row {
            std::int64_t lane;
            const char* label;
            std::uint64_t calls;
            std::int64_t rootNs;
            std::int64_t awaitNs;
        };
        const Row expected[] = {{-4, "worker-2", 1, 100, 0},
                                {-3, "worker-1", 3, 700, 0},
                                {-2, "MainThread", 2, 1000, 0},
                                {0, "Task-1 (crawl) on worker-2", 1, 190, 100},
                                {1, "Task-2 (fetch_page) on worker-2", 2, 350, 250}};
        for (std::uint32_t rank = 0; rank < 2; ++rank)
            for (std::size_t k = 0; k < 5; ++k) {
                const LaneSummary& got = table.lanes()[rank * 5 + k];
                QCOMPARE(got.rank, rank);
                QCOMPARE(got.lane, expected[k].lane);
                QCOMPARE(got.label, std::string(expected[k].label));
                QCOMPARE(got.calls, expected[k].calls);
                QCOMPARE(got.rootNs, expected[k].rootNs);
                QCOMPARE(got.awaitNs, expected[k].awaitNs);
            }
        QCOMPARE(LaneTable::build(results, RankSelection({1})).lanes().size(), std::size_t{5});
        QCOMPARE(LaneTable::keysOf(results, 1), (std::vector<std::int64_t>{-4, -3, -2, 0, 1}));
    }

    void labelFallbacks() {
        ProfilingResults results = lanesRun();
        QCOMPARE(LaneTable::label(results, 0, -1), std::string("unknown lane"));
        QCOMPARE(LaneTable::label(results, 0, 7), std::string("task 7"));
        QCOMPARE(LaneTable::label(results, 0, -12), std::string("thread 10"));
        results.threads.clear();
        QCOMPARE(LaneTable::label(results, 0, -3), std::string("thread 1"));
        QCOMPARE(LaneTable::label(results, 1, 1), std::string("Task-2 (fetch_page) on thread 2"));
        results.tasks.clear();
        QCOMPARE(LaneTable::label(results, 1, 1), std::string("task 1"));
    }
};

QTEST_GUILESS_MAIN(TestLanes)
#include "tst_Lanes.moc"
