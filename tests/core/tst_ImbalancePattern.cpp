// SPDX-License-Identifier: GPL-3.0-or-later
// Imbalance patterns of hand-made runs, one of each kind, with the time
// balancing would recover worked out by hand.
#include "HandMadeRun.h"
#include "MemoryCallSource.h"
#include "analysis/ImbalancePattern.h"

#include <QtTest>

#include <functional>

using namespace scope;

namespace {

// `ranks` ranks, each with main [0, 800], so the run's span is 800 ns and 8
// windows are [0,100), [100,200), ... [700,800]. In window w rank r calls
// "work" once at [100w, 100w + d(r, w)] (no call where d is 0).
ProfilingResults windowedRun(std::uint32_t ranks,
                             const std::function<std::int64_t(std::uint32_t, int)>& d) {
    std::vector<Row> rows;
    for (std::uint32_t r = 0; r < ranks; ++r) {
        rows.push_back({r, "main", {{0, 800}}});
        Calls calls;
        for (int w = 0; w < 8; ++w)
            if (d(r, w) > 0)
                calls.push_back({100 * w, 100 * w + d(r, w)});
        if (!calls.empty())
            rows.push_back({r, "work", calls});
    }
    return makeResults(rows);
}

ImbalancePattern workOf(const ProfilingResults& run, const RankSelection& ranks = {}) {
    return ImbalancePattern::of(run, *run.regionIndex("work"), ranks, 8);
}

using Ranks = std::vector<std::uint32_t>;

} // namespace

class TestImbalancePattern : public QObject {
    Q_OBJECT
private slots:
    // Rank 2 takes 20 ns, the others 10 ns, in every window: per window
    // max 20, mean 12.5, so 8 x 7.5 = 60 ns to recover.
    void staticRankTwiceAsLong() {
        const ImbalancePattern p =
            workOf(windowedRun(4, [](std::uint32_t r, int) { return r == 2 ? 20 : 10; }));
        QCOMPARE(p.kind, ImbalanceKind::Static);
        QCOMPARE(p.name(), std::string_view("static"));
        QCOMPARE(p.slowRanks, Ranks{2});
        QCOMPARE(p.windows, std::size_t(8));
        QCOMPARE(p.activeWindows, std::size_t(8));
        QVERIFY(qFuzzyCompare(p.recoverableSeconds, 60e-9));
        QCOMPARE(p.describe(),
                 std::string("static — rank 2 slow in every window; balancing would recover "
                             "60.0 ns"));
    }

    // Ranks 3 and 7 of 8 take 20 ns, the others 10: mean 12.5, 7.5 ns per window.
    void staticTwoRanks() {
        const ImbalancePattern p =
            workOf(windowedRun(8, [](std::uint32_t r, int) { return r == 3 || r == 7 ? 20 : 10; }));
        QCOMPARE(p.kind, ImbalanceKind::Static);
        QCOMPARE(p.slowRanks, (Ranks{3, 7}));
        QVERIFY(qFuzzyCompare(p.recoverableSeconds, 60e-9));
        QCOMPARE(p.describe(),
                 std::string("static — ranks 3, 7 slow in every window; balancing would "
                             "recover 60.0 ns"));
    }

    // Window w: rank w % 4 takes 20 ns, the others 10. Every rank totals
    // 2 x 20 + 6 x 10 = 100 ns (the totals look balanced), yet every window
    // waits 7.5 ns for its slow rank: 60 ns.
    void rotatingSlowRank() {
        const ProfilingResults run = windowedRun(
            4, [](std::uint32_t r, int w) { return r == std::uint32_t(w % 4) ? 20 : 10; });
        const ImbalancePattern p = workOf(run);
        QCOMPARE(p.kind, ImbalanceKind::Rotating);
        QCOMPARE(p.slowRanks, (Ranks{0, 1, 2, 3}));
        QVERIFY(qFuzzyCompare(p.recoverableSeconds, 60e-9));
        QVERIFY(qFuzzyCompare(run.loadImbalance(*run.regionIndex("work")), 1.0));
    }

    // Rank 1 takes 10 + 4w ns in window w, the others 10: max - mean =
    // (10 + 4w) - (40 + 4w) / 4 = 3w, a straight line from 0 to 21 ns;
    // 3 x (0 + 1 + ... + 7) = 84 ns to recover.
    void growingImbalance() {
        const ImbalancePattern p =
            workOf(windowedRun(4, [](std::uint32_t r, int w) { return r == 1 ? 10 + 4 * w : 10; }));
        QCOMPARE(p.kind, ImbalanceKind::Growing);
        QVERIFY(qFuzzyCompare(p.recoverableSeconds, 84e-9));
        QVERIFY(std::abs(p.growthFromSeconds) < 1e-15);
        QVERIFY(qFuzzyCompare(p.growthToSeconds, 21e-9));
        // Window 0 is a four-way tie, which goes to rank 0.
        QCOMPARE(p.slowRanks, (Ranks{1, 0}));
    }

    // Only rank 0 calls it, 50 ns per window, of 4 ranks: mean 12.5,
    // 8 x 37.5 = 300 ns.
    void serialisingRankZero() {
        const ImbalancePattern p =
            workOf(windowedRun(4, [](std::uint32_t r, int) { return r == 0 ? 50 : 0; }));
        QCOMPARE(p.kind, ImbalanceKind::Serialising);
        QCOMPARE(p.slowRanks, Ranks{0});
        QVERIFY(qFuzzyCompare(p.recoverableSeconds, 300e-9));
        QCOMPARE(p.describe(), std::string("serialising — rank 0 works while the others wait in "
                                           "every window it runs; balancing would recover "
                                           "300 ns"));
    }

    // The others call it too, for 2 ns (4 % of rank 0's 50): mean
    // (50 + 3 x 2) / 4 = 14, 8 x 36 = 288 ns.
    void serialisingWithIdleCalls() {
        const ImbalancePattern p =
            workOf(windowedRun(4, [](std::uint32_t r, int) { return r == 0 ? 50 : 2; }));
        QCOMPARE(p.kind, ImbalanceKind::Serialising);
        QVERIFY(qFuzzyCompare(p.recoverableSeconds, 288e-9));
    }

    // Rank 3 takes 51 ns, the others 50: 0.75 ns per window, 6 ns of a mean
    // of 8 x 50.25 = 402 ns, 1.5 %.
    void balanced() {
        const ImbalancePattern p =
            workOf(windowedRun(4, [](std::uint32_t r, int) { return r == 3 ? 51 : 50; }));
        QCOMPARE(p.kind, ImbalanceKind::Balanced);
        QCOMPARE(p.name(), std::string_view("balanced"));
        QVERIFY(qFuzzyCompare(p.recoverableSeconds, 6e-9));
        const ProfilingResults run = windowedRun(4, [](std::uint32_t, int) { return 10; });
        const ImbalancePattern main = ImbalancePattern::of(run, *run.regionIndex("main"), {}, 8);
        QCOMPARE(main.kind, ImbalanceKind::Balanced);
        QCOMPARE(main.recoverableSeconds, 0.0);
    }

    // main [0,100] on ranks 0 and 1, two windows [0,50) and [50,100].
    // work: rank 0 [20,70] (30 ns in the first window, 20 in the second),
    // rank 1 [60,70] (10 in the second). Window 0: max 30, mean 15 -> 15;
    // window 1: max 20, mean 15 -> 5. 20 ns in all.
    void recoverableSplitsCallsAcrossWindows() {
        const ProfilingResults run = makeResults({{0, "main", {{0, 100}}},
                                                  {1, "main", {{0, 100}}},
                                                  {0, "work", {{20, 70}}},
                                                  {1, "work", {{60, 70}}}});
        const ImbalancePattern p = ImbalancePattern::of(run, *run.regionIndex("work"), {}, 2);
        QVERIFY(qFuzzyCompare(p.recoverableSeconds, 20e-9));
        QCOMPARE(p.windows, std::size_t(2));
    }

    // Selecting ranks 0, 1 and 3 leaves the slow rank 2 out: all equal.
    void followsTheRankSelection() {
        const ProfilingResults run =
            windowedRun(4, [](std::uint32_t r, int) { return r == 2 ? 20 : 10; });
        const ImbalancePattern p = workOf(run, RankSelection({0, 1, 3}));
        QCOMPARE(p.kind, ImbalanceKind::Balanced);
        QCOMPARE(p.recoverableSeconds, 0.0);
    }

    void callsReadOnDemandGiveTheSame() {
        const ProfilingResults run = testing::MemoryCallSource::onDemand(
            windowedRun(4, [](std::uint32_t r, int) { return r == 2 ? 20 : 10; }));
        QVERIFY(!run.eventsRead);
        const ImbalancePattern p = workOf(run);
        QCOMPARE(p.kind, ImbalanceKind::Static);
        QVERIFY(qFuzzyCompare(p.recoverableSeconds, 60e-9));
    }

    void unknownWithoutCallsOrRanks() {
        ProfilingResults run =
            windowedRun(4, [](std::uint32_t r, int) { return r == 2 ? 20 : 10; });
        QCOMPARE(workOf(run, RankSelection({2})).kind, ImbalanceKind::Unknown);
        std::atomic<bool> cancel{true};
        QCOMPARE(ImbalancePattern::of(run, *run.regionIndex("work"), {}, 8, &cancel).kind,
                 ImbalanceKind::Unknown);
        run.events = EventColumns();
        run.eventsRead = false; // summary-only
        const ImbalancePattern p = workOf(run);
        QCOMPARE(p.kind, ImbalanceKind::Unknown);
        QCOMPARE(p.name(), std::string_view("unknown"));
        QCOMPARE(p.recoverableSeconds, 0.0);
    }
};

QTEST_APPLESS_MAIN(TestImbalancePattern)
#include "tst_ImbalancePattern.moc"
