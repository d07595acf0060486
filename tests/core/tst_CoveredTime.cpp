// SPDX-License-Identifier: GPL-3.0-or-later
// The time a region covered (its outermost calls), and the table's Share and
// imbalance built on it, against values worked out by hand.
#include "HandMadeRun.h"
#include "analysis/CallTree.h"
#include "analysis/CoveredTime.h"
#include "analysis/RegionTable.h"
#include "analysis/TimelineIndex.h"

#include <QtTest>

using namespace scope;

namespace {

// main [0,200]; fib [0,100] > fib [10,90] > fib [20,80]; fib [120,150].
// fib's Total counts every call: 100 + 80 + 60 + 30 = 270 ns, more than the
// run (200 ns). Its outermost calls cover 100 + 30 = 130 ns.
ProfilingResults recursiveRun() {
    return makeResults({{0, "main", {{0, 200}}},
                        {0, "fib", {{0, 100}, {10, 90}, {20, 80}, {120, 150}}},
                        {0, "solve", {{160, 170}, {180, 190}}}});
}

const RegionTableRow& rowOf(const std::vector<RegionTableRow>& rows, const ProfilingResults& r,
                            const char* name) {
    return rows[*r.regionIndex(name)];
}

} // namespace

class TestCoveredTime : public QObject {
    Q_OBJECT
private slots:
    void outermostCallsOnly() {
        const ProfilingResults r = recursiveRun();
        QCOMPARE(CoveredTime::ofRow(r, *r.row(*r.regionIndex("fib"), 0)), std::int64_t(130));
        QCOMPARE(CoveredTime::ofRow(r, *r.row(*r.regionIndex("solve"), 0)), std::int64_t(20));
    }

    void shareOfARecursiveRegionStaysWithinTheRun() {
        const ProfilingResults r = recursiveRun();
        const auto rows = RegionTable::compute(r, {});
        const RegionTableRow& fib = rowOf(rows, r, "fib");
        // Total and Avg stay scope-profiler's sums over every call.
        QCOMPARE(fib.stats.total, 270e-9);
        QCOMPARE(fib.stats.count, std::uint64_t(4));
        QVERIFY(fib.recursive);
        QCOMPARE(*fib.wall, 130e-9);
        QCOMPARE(fib.shareOfRun, 130.0 / 200.0);
        const RegionTableRow& solve = rowOf(rows, r, "solve");
        QVERIFY(!solve.recursive);
        QCOMPARE(*solve.wall, solve.stats.total);
        QCOMPARE(solve.shareOfRun, 20.0 / 200.0);
        for (const RegionTableRow& row : rows)
            QVERIFY(row.shareOfRun <= 1.0);
    }

    void agreesWithTheCallTree() {
        // The call tree's outermost fib nodes hold the same 130 ns.
        const ProfilingResults r = recursiveRun();
        const TimelineIndex index(r);
        const CallTree tree = CallTree::build(r, index);
        const std::vector<bool> outermost = tree.outermostOfRegion();
        const auto fib = static_cast<std::int32_t>(*r.regionIndex("fib"));
        std::int64_t covered = 0;
        for (std::uint32_t n = 1; n < tree.size(); ++n)
            if (tree.region[n] == fib && outermost[n])
                covered += tree.inclusiveNs[n];
        QCOMPARE(covered, std::int64_t(130));
        const auto rows = RegionTable::compute(r, {});
        QCOMPARE(rowOf(rows, r, "fib").shareOfRun,
                 static_cast<double>(covered) / static_cast<double>(tree.runNs));
    }

    void callsOfOneRegionOnTwoLanesAreNotNested() {
        // compute on thread 0 [0,50] and thread 1 [10,60], stored grouped by
        // thread and not by start: two lanes, 100 ns covered, no recursion.
        ProfilingResults r = makeResults({{0, "compute", {{10, 60}, {0, 50}}}});
        r.events.threadIds.assign({1, 0});
        r.events.taskIds.assign({-1, -1});
        QCOMPARE(CoveredTime::ofRow(r, r.rows[0]), std::int64_t(100));
        QVERIFY(!RegionTable::compute(r, {})[0].recursive);
        // On one lane the same calls overlap: the union, 60 ns.
        r.events.threadIds.assign({0, 0});
        QCOMPARE(CoveredTime::ofRow(r, r.rows[0]), std::int64_t(60));
    }

    void unknownWithoutCallsInMemory() {
        ProfilingResults r = recursiveRun();
        r.eventsRead = false; // a summary-only read
        const auto rows = RegionTable::compute(r, {}, nullptr, false);
        const RegionTableRow& fib = rowOf(rows, r, "fib");
        QVERIFY(!fib.wall);
        QVERIFY(!fib.recursive);
        QCOMPARE(fib.shareOfRun, 270.0 / 200.0);
    }

    void imbalanceCountsRanksWithoutCalls() {
        // io on rank 0 only (30 ns) of 3 ranks: mean 10 ns, 3×; solve on
        // ranks 0 and 1 (10 and 30 ns): mean 40 / 3, so 30 / (40 / 3) = 2.25.
        const ProfilingResults r = makeResults({{0, "main", {{0, 100}}},
                                                {0, "io", {{10, 40}}},
                                                {0, "solve", {{50, 60}}},
                                                {1, "main", {{0, 100}}},
                                                {1, "solve", {{50, 80}}},
                                                {2, "main", {{0, 100}}}});
        const auto rows = RegionTable::compute(r, {});
        QCOMPARE(rowOf(rows, r, "io").loadImbalance, 3.0);
        QCOMPARE(rowOf(rows, r, "io").selectedRanks, 3u);
        QCOMPARE(rowOf(rows, r, "solve").loadImbalance, 2.25);
        QCOMPARE(rowOf(rows, r, "main").loadImbalance, 1.0);
        const auto firstTwo = RegionTable::compute(r, RankSelection::parse("0-1"));
        QCOMPARE(rowOf(firstTwo, r, "io").loadImbalance, 2.0);
        QCOMPARE(rowOf(firstTwo, r, "solve").loadImbalance, 1.5);
    }
};

QTEST_GUILESS_MAIN(TestCoveredTime)
#include "tst_CoveredTime.moc"
