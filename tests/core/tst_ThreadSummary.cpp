// SPDX-License-Identifier: GPL-3.0-or-later
// The Threads view's numbers (threads-tasks-json.md §3) of the run
// LaneSpecs::threadsAndTasks describes, worked out by hand from its calls and
// tables; and the region table's await sums.
#include "FixtureWriter.h"
#include "HandMadeRun.h"
#include "LaneSpecs.h"
#include "analysis/RegionTable.h"
#include "analysis/ThreadSummary.h"
#include "format/ProfileReader.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace scope;
using namespace scope::fixtures;

class TestThreadSummary : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    std::string file_;

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        file_ = dir_.filePath(QStringLiteral("lanes.h5")).toStdString();
        FixtureWriter::write(LaneSpecs::threadsAndTasks(3), file_);
    }

    void threadsOfBothRanks() {
        const ProfilingResults results = readH5(file_);
        const ThreadSummary summary = ThreadSummary::build(results);
        const auto threads = summary.threads();
        QCOMPARE(threads.size(), std::size_t(6));
        // (rank, index) order although the tables hold rank 1 first.
        for (std::size_t i = 0; i < 6; ++i) {
            QCOMPARE(threads[i].rank, std::uint32_t(i / 3));
            QCOMPARE(threads[i].index, std::int64_t(i % 3));
        }
        for (std::uint32_t rank : {0u, 1u}) {
            const ThreadSummaryRow& main = threads[rank * 3];
            QCOMPARE(main.name, std::string("MainThread"));
            QCOMPARE(main.nativeId, std::int64_t(5000));
            QVERIFY(!main.daemon);
            QVERIFY(!main.wallNs); // end_ns -1: alive
            QCOMPARE(main.cpuNs, std::int64_t(400));
            // main, join; region time: main [0,1000] (join inside it).
            QCOMPARE(main.calls, std::optional<std::uint64_t>(2));
            QCOMPARE(main.regionNs, std::optional<std::int64_t>(1000));

            const ThreadSummaryRow& worker1 = threads[rank * 3 + 1];
            QCOMPARE(worker1.name, std::string("worker-1"));
            QCOMPARE(worker1.nativeId, std::int64_t(5001));
            QVERIFY(worker1.daemon);
            QCOMPARE(worker1.wallNs, std::optional<std::int64_t>(990 - 10));
            QCOMPARE(worker1.cpuNs, std::int64_t(401));
            // compute x2, Löser-ε; roots compute [200,800] + [850,950].
            QCOMPARE(worker1.calls, std::optional<std::uint64_t>(3));
            QCOMPARE(worker1.regionNs, std::optional<std::int64_t>(600 + 100));

            const ThreadSummaryRow& worker2 = threads[rank * 3 + 2];
            QCOMPARE(worker2.name, std::string("worker-2"));
            QCOMPARE(worker2.wallNs, std::optional<std::int64_t>(990 - 20));
            // compute, fetch x2, parse; roots: its own compute [400,500], and
            // on its tasks' lanes fetch [510,700] and fetch [550,900] (parse
            // inside it): 100 + 190 + 350.
            QCOMPARE(worker2.calls, std::optional<std::uint64_t>(4));
            QCOMPARE(worker2.regionNs, std::optional<std::int64_t>(640));
        }
    }

    void tasksOfOneRank() {
        const ProfilingResults results = readH5(file_);
        const ThreadSummary summary = ThreadSummary::build(results, RankSelection({1}));
        QCOMPARE(summary.threads().size(), std::size_t(3));
        QCOMPARE(summary.threads()[2].regionNs, std::optional<std::int64_t>(640));
        const auto tasks = summary.tasks();
        QCOMPARE(tasks.size(), std::size_t(2));
        const TaskSummaryRow& crawl = tasks[0];
        QCOMPARE(crawl.rank, std::uint32_t(1));
        QCOMPARE(crawl.name, std::string("Task-1"));
        QCOMPARE(crawl.coroName, std::string("main.<locals>.crawl"));
        QCOMPARE(crawl.kind, std::string("task"));
        QCOMPARE(crawl.thread, std::string("worker-2"));
        QCOMPARE(crawl.steps, std::int64_t(2));
        QCOMPARE(crawl.runningNs, std::int64_t(90));
        QCOMPARE(crawl.suspendedNs, std::int64_t(100));
        QCOMPARE(crawl.createdNs, std::int64_t(505));
        QCOMPARE(crawl.doneNs, std::optional<std::int64_t>(700));
        QCOMPARE(crawl.wallNs, std::optional<std::int64_t>(195));
        const TaskSummaryRow& page = tasks[1];
        QCOMPARE(page.name, std::string("Task-2"));
        QCOMPARE(page.steps, std::int64_t(3));
        QCOMPARE(page.suspendedNs, std::int64_t(250));
        QVERIFY(!page.doneNs);
        QVERIFY(!page.wallNs);
    }

    void summaryOnlyLeavesCallsUnknown() {
        const ProfilingResults results = readH5Summary(file_);
        const ThreadSummary summary = ThreadSummary::build(results);
        QCOMPARE(summary.threads().size(), std::size_t(6));
        QVERIFY(!summary.threads()[0].calls);
        QVERIFY(!summary.threads()[0].regionNs);
        QCOMPARE(summary.threads()[1].wallNs, std::optional<std::int64_t>(980));
        QCOMPARE(summary.tasks().size(), std::size_t(4));
    }

    // Built in memory: a nameless thread, a task with no thread, and a task
    // lane without a task_table row, which belongs to no thread.
    void fallbackNamesAndOrphanLanes() {
        ProfilingResults results =
            makeResults({{0, "a", {{0, 10}, {20, 50}, {60, 70}}}, {0, "b", {{30, 40}}}});
        results.events.threadIds.assign({0, 0, 0, 0});
        results.events.taskIds.assign({-1, 0, 7, 0});
        results.events.awaitNs.assign({0, 5, 0, 3});
        ThreadInfo thread;
        thread.index = 0;
        thread.startNs = 0;
        thread.endNs = 100;
        results.threads.push_back(thread);
        TaskInfo task;
        task.index = 0;
        task.threadIndex = -1;
        task.createdNs = 15;
        task.doneNs = 55;
        results.tasks.push_back(task);
        const ThreadSummary summary = ThreadSummary::build(results);
        QCOMPARE(summary.threads().size(), std::size_t(1));
        QCOMPARE(summary.threads()[0].name, std::string("thread 0"));
        QCOMPARE(summary.threads()[0].calls, std::optional<std::uint64_t>(4));
        // Only a [0,10] on the bare lane: task 0 has no thread, task 7 no row.
        QCOMPARE(summary.threads()[0].regionNs, std::optional<std::int64_t>(10));
        QCOMPARE(summary.tasks()[0].name, std::string("task 0"));
        QCOMPARE(summary.tasks()[0].thread, std::string());
        QCOMPARE(summary.tasks()[0].wallNs, std::optional<std::int64_t>(40));

        // Await per region: a 0 + 5 + 0, b 3 ns.
        QVERIFY(RegionTable::hasAwaitData(results));
        const auto rows = RegionTable::compute(results, {});
        QCOMPARE(rows[0].awaitSeconds, std::optional<double>(5e-9));
        QCOMPARE(rows[1].awaitSeconds, std::optional<double>(3e-9));
    }

    void regionAwaitSums() {
        const ProfilingResults results = readH5(file_);
        QVERIFY(RegionTable::hasAwaitData(results));
        const auto rows = RegionTable::compute(results, {});
        const auto awaitOf = [&](const char* name, const std::vector<RegionTableRow>& of) {
            for (const RegionTableRow& row : of)
                if (results.regions[row.region] == name)
                    return row.awaitSeconds;
            return std::optional<double>();
        };
        // fetch 100 + 250 per rank, parse 20 per rank.
        QVERIFY(std::fabs(*awaitOf("fetch", rows) - 700e-9) < 1e-18);
        QVERIFY(std::fabs(*awaitOf("parse", rows) - 40e-9) < 1e-18);
        QCOMPARE(awaitOf("main", rows), std::optional<double>(0.0));
        const auto rank0 = RegionTable::compute(results, RankSelection({0}));
        QVERIFY(std::fabs(*awaitOf("fetch", rank0) - 350e-9) < 1e-18);

        const ProfilingResults summaryOnly = readH5Summary(file_);
        QVERIFY(!RegionTable::hasAwaitData(summaryOnly));
        QVERIFY(!awaitOf("fetch", RegionTable::compute(summaryOnly, {})));
    }
};

QTEST_GUILESS_MAIN(TestThreadSummary)
#include "tst_ThreadSummary.moc"
