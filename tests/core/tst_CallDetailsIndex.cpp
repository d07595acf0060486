// SPDX-License-Identifier: GPL-3.0-or-later
// CallDetails: a clicked call's place, times, caller and callees, worked out
// by hand from the runs of HandMadeRun.h and a run of two threads.
#include "HandMadeRun.h"
#include "analysis/CallDetails.h"
#include "analysis/TimelineIndex.h"

#include <QtTest>

using namespace scope;

class TestCallDetailsIndex : public QObject {
    Q_OBJECT
private slots:
    void nestingOfOneRank();
    void fewestChildrenKept();
    void lanesNestApart();
    void unknownEvent();
};

// Events: 0 main [0,100]; 1 solve [10,60], 2 solve [70,90]; 3 rhs [20,30],
// 4 rhs [40,50]; 5 io [92,98].
void TestCallDetailsIndex::nestingOfOneRank() {
    const ProfilingResults results = twoLevelRun();
    const TimelineIndex index(results);

    const auto main = CallDetails::of(index, 0);
    QVERIFY(main);
    QCOMPARE(main->region, 0);
    QCOMPARE(main->rank, 0u);
    QCOMPARE(main->depth, 0u);
    QCOMPARE(main->startNs, 0);
    QCOMPARE(main->durationNs, 100);
    QCOMPARE(main->exclusiveNs, 100 - 50 - 20 - 6);
    QVERIFY(!main->parent);
    QVERIFY(!main->awaitNs);
    QCOMPARE(main->childCount, std::size_t{3});
    QCOMPARE(main->topChildren, (std::vector<std::uint32_t>{1, 2, 5}));

    const auto solve = CallDetails::of(index, 1);
    QVERIFY(solve);
    QCOMPARE(solve->depth, 1u);
    QCOMPARE(solve->parent, std::optional<std::uint32_t>(0));
    QCOMPARE(solve->childCount, std::size_t{2});
    QCOMPARE(solve->exclusiveNs, 50 - 10 - 10);
    QCOMPARE(solve->position, std::size_t{0});

    const auto rhs = CallDetails::of(index, 4);
    QVERIFY(rhs);
    QCOMPARE(rhs->depth, 2u);
    QCOMPARE(rhs->parent, std::optional<std::uint32_t>(1));
    QCOMPARE(rhs->childCount, std::size_t{0});
    QCOMPARE(rhs->exclusiveNs, 10);
    QCOMPARE(rhs->position, std::size_t{1});

    const auto io = CallDetails::of(index, 5);
    QVERIFY(io);
    QCOMPARE(io->parent, std::optional<std::uint32_t>(0));
    QCOMPARE(io->position, std::size_t{2}); // after both solves
    QCOMPARE(io->startNs, 92);
    QCOMPARE(io->endNs, 98);
}

void TestCallDetailsIndex::fewestChildrenKept() {
    const ProfilingResults results = twoLevelRun();
    const TimelineIndex index(results);
    const auto main = CallDetails::of(index, 0, 2);
    QVERIFY(main);
    QCOMPARE(main->childCount, std::size_t{3});
    QCOMPARE(main->topChildren, (std::vector<std::uint32_t>{1, 2}));
}

// Thread 0: main [0,100]; thread 1: work [10,50] > inner [20,30]. Overlapping
// calls of two threads do not nest; work awaited 15 ns.
void TestCallDetailsIndex::lanesNestApart() {
    ProfilingResults results =
        makeResults({{0, "main", {{0, 100}}}, {0, "work", {{10, 50}}}, {0, "inner", {{20, 30}}}});
    results.events.threadIds.assign({0, 1, 1});
    results.events.awaitNs.assign({0, 15, 0});
    const TimelineIndex index(results);

    const auto main = CallDetails::of(index, 0);
    QVERIFY(main);
    QCOMPARE(main->laneKey, std::int64_t{-2});
    QCOMPARE(main->childCount, std::size_t{0});
    QCOMPARE(main->exclusiveNs, 100);
    QVERIFY(!main->awaitNs); // outside a task, nothing awaited

    const auto work = CallDetails::of(index, 1);
    QVERIFY(work);
    QCOMPARE(work->laneKey, std::int64_t{-3});
    QCOMPARE(work->depth, 0u);
    QVERIFY(!work->parent);
    QCOMPARE(work->awaitNs, std::optional<std::int64_t>(15));
    QCOMPARE(work->childCount, std::size_t{1});
    QCOMPARE(work->exclusiveNs, 40 - 10);

    const auto inner = CallDetails::of(index, 2);
    QVERIFY(inner);
    QCOMPARE(inner->depth, 1u);
    QCOMPARE(inner->parent, std::optional<std::uint32_t>(1));
}

void TestCallDetailsIndex::unknownEvent() {
    const ProfilingResults results = twoLevelRun();
    const TimelineIndex index(results);
    QVERIFY(!CallDetails::of(index, 6));
}

QTEST_APPLESS_MAIN(TestCallDetailsIndex)
#include "tst_CallDetailsIndex.moc"
