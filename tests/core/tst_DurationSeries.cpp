// SPDX-License-Identifier: GPL-3.0-or-later
// Durations over time: the calls per rank in start order, their reduction to
// pixel columns and the rolling median, all worked out by hand.
#include "HandMadeRun.h"
#include "analysis/DurationSeries.h"
#include "model/Errors.h"

#include <QtTest>

#include <cmath>

using namespace scope;

namespace {

bool close(double got, double expectedNs) {
    return std::fabs(got - expectedNs * 1e-9) <= 1e-18;
}

// a: rank 0 starts 10, 110, 210, 310 ns lasting 10, 30, 5, 100 ns;
//    rank 1 starts 60, 260 ns lasting 20, 40 ns. Every start sits in the
//    middle of a 100 ns column, away from column edges.
ProfilingResults twoRanks() {
    return makeResults({{0, "a", {{10, 20}, {110, 140}, {210, 215}, {310, 410}}},
                        {1, "a", {{60, 80}, {260, 300}}},
                        {0, "b", {{0, 5}}}});
}

} // namespace

class TestDurationSeries : public QObject {
    Q_OBJECT
private slots:
    void callsPerRankFromRunStart() {
        const ProfilingResults r = twoRanks();
        const auto s = DurationSeries::of(r, *r.regionIndex("a"), {});
        QCOMPARE(s.ranks(), (std::vector<std::uint32_t>{0, 1}));
        QCOMPARE(s.begin(1), std::size_t(4));
        QCOMPARE(s.end(1), std::size_t(6));
        // The run starts at 0 ns (region b), so times are the raw starts.
        QVERIFY(close(s.starts()[1], 110));
        QVERIFY(close(s.durations()[3], 100));
        QVERIFY(close(s.starts()[5], 260));
        QVERIFY(close(s.durations()[5], 40));
        QVERIFY(close(s.shortest(), 5));
        QVERIFY(close(s.longest(), 100));
        QVERIFY(close(s.firstStart(), 10));
        QVERIFY(close(s.lastStart(), 310));
    }

    void selectedRanksOnly() {
        const ProfilingResults r = twoRanks();
        const auto s = DurationSeries::of(r, *r.regionIndex("a"), RankSelection({1}));
        QCOMPARE(s.ranks(), (std::vector<std::uint32_t>{1}));
        QCOMPARE(s.size(), std::size_t(2));
        QVERIFY(close(s.durations()[0], 20));
    }

    void recursiveCallsSortedByStart() {
        // The inner call [20, 30] is stored before the outer [10, 50]. The run
        // starts at 10 ns.
        const ProfilingResults r = makeResults({{0, "r", {{20, 30}, {10, 50}}}});
        const auto s = DurationSeries::of(r, 0, {});
        QVERIFY(close(s.starts()[0], 0));
        QVERIFY(close(s.durations()[0], 40));
        QVERIFY(close(s.starts()[1], 10));
        QVERIFY(close(s.durations()[1], 10));
    }

    void rollingMedianOfThree() {
        // Pooled in start order: 10, 20, 30, 5, 40, 100 ns. Windows of 3,
        // clipped at both ends: {10,20} 15, {10,20,30} 20, {20,30,5} 20,
        // {30,5,40} 30, {5,40,100} 40, {40,100} 70.
        const ProfilingResults r = twoRanks();
        const auto s = DurationSeries::of(r, *r.regionIndex("a"), {}, 3);
        const double expected[] = {15, 20, 20, 30, 40, 70};
        const double at[] = {10, 60, 110, 210, 260, 310};
        QCOMPARE(s.medians().size(), std::size_t(6));
        for (std::size_t i = 0; i < 6; ++i) {
            QVERIFY2(close(s.medians()[i], expected[i]), qPrintable(QString::number(i)));
            QVERIFY(close(s.medianStarts()[i], at[i]));
        }
    }

    void defaultWindowCoversFewCalls() {
        // Six calls in a window of 101: every median is that of all six,
        // (20 + 30) / 2 = 25 ns.
        const ProfilingResults r = twoRanks();
        const auto s = DurationSeries::of(r, *r.regionIndex("a"), {});
        for (double m : s.medians())
            QVERIFY(close(m, 25));
    }

    void reducedPerRankAndColumn() {
        // Columns of 100 ns from 0 to 400 ns.
        const ProfilingResults r = twoRanks();
        const auto s = DurationSeries::of(r, *r.regionIndex("a"), {}, 3);
        const auto red = s.reduce(0, 400e-9, 4);
        QCOMPARE(red.series, std::size_t(2));
        // Rank 0: one call per column.
        for (std::size_t c = 0; c < 4; ++c)
            QCOMPARE(red.count[red.at(0, c)], 1u);
        QVERIFY(close(red.maximum[red.at(0, 3)], 100));
        // Rank 1: columns 0 and 2.
        QCOMPARE(red.count[red.at(1, 1)], 0u);
        QCOMPARE(red.count[red.at(1, 3)], 0u);
        QVERIFY(close(red.minimum[red.at(1, 2)], 40));
        // Medians 15, 20 in column 0; 20 in 1; 30, 40 in 2; 70 in 3.
        QCOMPARE(red.medianCount[0], 2u);
        QVERIFY(close(red.medianLow[0], 15));
        QVERIFY(close(red.medianHigh[0], 20));
        QVERIFY(close(red.medianLow[2], 30));
        QVERIFY(close(red.medianHigh[2], 40));
        QVERIFY(close(red.medianHigh[3], 70));
    }

    void pooledReduction() {
        // One row for all ranks: column 0 holds 10 and 20 ns, column 2 5 and 40 ns.
        const ProfilingResults r = twoRanks();
        const auto s = DurationSeries::of(r, *r.regionIndex("a"), {});
        const auto red = s.reduce(0, 400e-9, 4, true);
        QCOMPARE(red.series, std::size_t(1));
        QCOMPARE(red.count[0], 2u);
        QVERIFY(close(red.minimum[0], 10));
        QVERIFY(close(red.maximum[0], 20));
        QCOMPARE(red.count[2], 2u);
        QVERIFY(close(red.minimum[2], 5));
        QVERIFY(close(red.maximum[2], 40));
    }

    void zoomedWindowSkipsOutsideCalls() {
        // [105, 265] ns in two columns of 80 ns: rank 0's calls at 110 ns
        // (30) and 210 ns (5), rank 1's at 260 ns (40); the rest is outside.
        const ProfilingResults r = twoRanks();
        const auto s = DurationSeries::of(r, *r.regionIndex("a"), {});
        const auto red = s.reduce(105e-9, 265e-9, 2);
        QCOMPARE(red.count[red.at(0, 0)], 1u);
        QVERIFY(close(red.minimum[red.at(0, 0)], 30));
        QCOMPARE(red.count[red.at(0, 1)], 1u);
        QVERIFY(close(red.maximum[red.at(0, 1)], 5));
        QCOMPARE(red.count[red.at(1, 0)], 0u);
        QCOMPARE(red.count[red.at(1, 1)], 1u);
        QVERIFY(close(red.maximum[red.at(1, 1)], 40));
        QCOMPARE(red.medianCount[0] + red.medianCount[1], 3u);
        QCOMPARE(red.columnOf(300e-9), std::size_t(2)); // outside
        QCOMPARE(red.columnOf(265e-9), std::size_t(1)); // t1 is in the last column
    }

    void summaryOnlyThrows() {
        ProfilingResults r = twoRanks();
        r.eventsRead = false;
        QVERIFY_THROWS_EXCEPTION(EventsUnavailable, DurationSeries::of(r, 0, {}));
    }
};

QTEST_APPLESS_MAIN(TestDurationSeries)
#include "tst_DurationSeries.moc"
