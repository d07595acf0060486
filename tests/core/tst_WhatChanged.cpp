// SPDX-License-Identifier: GPL-3.0-or-later
// WhatChanged: verdicts on runs with known effects (KnownEffectRuns.h), the
// LMDI split on hand-computed cases, call-path shares on hand-made nested
// runs, renamed regions and the findings' sentences.
#include "HandMadeRun.h"
#include "KnownEffectRuns.h"
#include "analysis/CallTree.h"
#include "analysis/TimelineIndex.h"
#include "base/ReadControl.h"
#include "compare/ChangeExplanation.h"
#include "compare/PathShares.h"
#include "compare/WhatChanged.h"
#include "model/Errors.h"

#include <QtTest>

#include <atomic>
#include <cmath>

using namespace scope;

namespace {

const RegionChange* find(const DiffReport& report, const std::string& name) {
    for (const RegionChange& change : report.regions)
        if (change.name == name)
            return &change;
    return nullptr;
}

DiffReport compare(const ProfilingResults& a, const ProfilingResults& b,
                   ComparisonMetric statistic = ComparisonMetric::Total) {
    const ProfilingResults* before[] = {&a};
    const ProfilingResults* after[] = {&b};
    WhatChangedOptions options;
    options.statistic = statistic;
    return WhatChanged::compute(before, after, options);
}

bool near(double actual, double expected, double tolerance = 1e-9) {
    return std::abs(actual - expected) <= tolerance * std::max(1.0, std::abs(expected));
}

SideFactors factors(double calls, double total, double ranks, double value) {
    SideFactors f;
    f.calls = calls;
    f.totalSeconds = total;
    f.ranks = ranks;
    f.value = value;
    return f;
}

CallTree treeOf(const ProfilingResults& run) {
    const TimelineIndex index(run);
    return CallTree::build(run, index);
}

} // namespace

class WhatChangedTest : public QObject {
    Q_OBJECT

private slots:
    void knownEffectsGetTheirVerdicts() {
        const ProfilingResults a = known::baseline();
        const ProfilingResults b = known::other();
        const DiffReport report = compare(a, b);
        QCOMPARE(report.correction, std::string("holm"));
        QCOMPARE(report.baselineFiles, std::vector<std::string>{"base.h5"});
        QCOMPARE(report.otherFiles, std::vector<std::string>{"other.h5"});
        QCOMPARE(report.regions.size(), std::size_t(6)); // old_name folded into new_name

        const RegionChange* solve = find(report, "solve");
        QVERIFY(solve);
        QCOMPARE(solve->verdict, Verdict::Slower);
        QVERIFY(*solve->changePercent > 4.5 && *solve->changePercent < 5.5);
        QVERIFY(*solve->ciLowPercent < *solve->changePercent);
        QVERIFY(*solve->ciHighPercent > *solve->changePercent);
        QVERIFY(*solve->ciLowPercent > 3.0 && *solve->ciHighPercent < 7.0);
        QVERIFY(*solve->pValue < 0.001);
        // 2,000 calls on both sides: ln(1) = 0, all of it is time per call.
        QCOMPARE(solve->explained.calls, 0.0);
        QVERIFY(near(solve->explained.perCall, *solve->other - *solve->baseline));
        QVERIFY(solve->perCallData);
        // No callees: all of the change is solve's own time.
        QCOMPARE(solve->paths.size(), std::size_t(1));
        QCOMPARE(solve->paths[0].path, std::string("solve"));
        QVERIFY(near(solve->paths[0].share, 1.0));
        QCOMPARE(solve->imbalancePattern, std::string("unknown")); // one rank

        const RegionChange* assemble = find(report, "assemble");
        QVERIFY(assemble);
        QCOMPARE(assemble->verdict, Verdict::Slower);
        QVERIFY(*assemble->changePercent > 18.0 && *assemble->changePercent < 22.0);
        const double delta = *assemble->other - *assemble->baseline;
        QVERIFY(std::abs(assemble->explained.calls - delta) < 0.05 * delta);
        QVERIFY(near(assemble->explained.calls + assemble->explained.perCall, delta));

        const RegionChange* noisy = find(report, "noisy");
        QVERIFY(noisy);
        QCOMPARE(noisy->verdict, Verdict::Unchanged);
        QVERIFY(noisy->pValue && *noisy->pValue >= 0.01);

        const RegionChange* fresh = find(report, "fresh");
        QVERIFY(fresh);
        QCOMPARE(fresh->verdict, Verdict::New);
        QVERIFY(!fresh->baseline && fresh->other && !fresh->changePercent && !fresh->pValue);
        QCOMPARE(fresh->explained.calls, *fresh->other); // from no calls to 40

        const RegionChange* gone = find(report, "gone");
        QVERIFY(gone);
        QCOMPARE(gone->verdict, Verdict::Removed);
        QVERIFY(gone->baseline && !gone->other);

        QVERIFY(!find(report, "old_name"));
        const RegionChange* renamed = find(report, "new_name");
        QVERIFY(renamed);
        QCOMPARE(renamed->renamedFrom, std::optional<std::string>("old_name"));
        QCOMPARE(renamed->verdict, Verdict::Unchanged);
        QVERIFY(renamed->baseline && renamed->other);

        // Changed by |change| (assemble 200 x 8 µs = 1.6 ms before solve's
        // 2,000 x 0.5 µs = 1 ms), then new and removed, then unchanged.
        QCOMPARE(report.regions[0].name, std::string("assemble"));
        QCOMPARE(report.regions[1].name, std::string("solve"));
        QCOMPARE(report.regions[2].name, std::string("fresh")); // 160 µs
        QCOMPARE(report.regions[3].name, std::string("gone"));  // 100 µs
        QCOMPARE(report.regions[4].verdict, Verdict::Unchanged);
        QCOMPARE(report.regions[5].verdict, Verdict::Unchanged);

        const std::vector<std::string> found = WhatChanged::findings(report);
        QCOMPARE(found.size(), std::size_t(5)); // noisy is no finding
        QVERIFY(found[1].starts_with("`solve` is 5."));
        QVERIFY(found[1].ends_with("calls unchanged; 100 % of it in `solve` itself"));
        QCOMPARE(found[4],
                 std::string("`old_name` is now `new_name` (same source line), unchanged"));
    }

    void noiseAloneChangesNothing() {
        for (const std::uint64_t seed : {3, 4, 5}) {
            const ProfilingResults a = known::baseline(1);
            const ProfilingResults b = known::noiseOnly(seed);
            for (const RegionChange& change : compare(a, b).regions)
                QVERIFY2(change.verdict == Verdict::Unchanged, change.name.c_str());
        }
    }

    void summaryOnlyRunsUseTheTotals() {
        ProfilingResults a = known::baseline();
        ProfilingResults b = known::other();
        a.eventsRead = false;
        b.eventsRead = false;
        const DiffReport report = compare(a, b);
        const RegionChange* solve = find(report, "solve");
        QVERIFY(solve);
        QVERIFY(!solve->perCallData);
        QVERIFY(!solve->pValue && !solve->ciLowPercent && !solve->ciHighPercent);
        QCOMPARE(solve->verdict, Verdict::Slower); // 5 % > the 1 % threshold
        QVERIFY(solve->paths.empty());
        QCOMPARE(find(report, "fresh")->verdict, Verdict::New);
    }

    void tooFewCallsUseTheTotals() {
        // setup: 1 call of 100 ns against 1 of 150 ns; the exact test of 1
        // call against 1 can never go below p = 1 (2 of 2 arrangements), so
        // the +50 % must come from the totals. io: 1 call against 1 of 100.5
        // ns, +0.5 %, below the 1 % threshold: unchanged.
        const ProfilingResults a = makeResults({{0, "setup", {{0, 100}}}, {0, "io", {{200, 400}}}});
        const ProfilingResults b = makeResults({{0, "setup", {{0, 150}}}, {0, "io", {{200, 401}}}});
        const DiffReport report = compare(a, b);
        const RegionChange* setup = find(report, "setup");
        QVERIFY(setup);
        QVERIFY(setup->perCallData);
        QVERIFY(setup->tooFewCalls);
        QVERIFY(!setup->pValue && !setup->ciLowPercent);
        QCOMPARE(setup->verdict, Verdict::Slower);
        QVERIFY(near(*setup->changePercent, 50.0));
        const RegionChange* io = find(report, "io");
        QVERIFY(io->tooFewCalls);
        QCOMPARE(io->verdict, Verdict::Unchanged);
        const std::vector<std::string> found = WhatChanged::findings(report);
        QCOMPARE(found.size(), std::size_t{1});
        QVERIFY(found[0].starts_with("`setup` is 50.0 % slower (too few calls to test)"));
    }

    void severalRunsPerSideTestAcrossRuns() {
        const ProfilingResults a1 = known::baseline(1), a2 = known::baseline(3),
                               a3 = known::baseline(5);
        const ProfilingResults b1 = known::other(2), b2 = known::other(4), b3 = known::other(6);
        const ProfilingResults* before[] = {&a1, &a2, &a3};
        const ProfilingResults* after[] = {&b1, &b2, &b3};
        const DiffReport report = WhatChanged::compute(before, after, {});
        QCOMPARE(report.baselineFiles.size(), std::size_t(3));
        const RegionChange* solve = find(report, "solve");
        QCOMPARE(solve->verdict, Verdict::Slower);
        QVERIFY(solve->repeatsFor1Percent.has_value());
        // The baseline is the mean of the three runs' totals.
        const double mean = (a1.pooled(0).total + a2.pooled(0).total + a3.pooled(0).total) / 3.0;
        QVERIFY(near(*solve->baseline, mean));
        QCOMPARE(find(report, "noisy")->verdict, Verdict::Unchanged);
    }

    void lmdiSplitsTotalExactly() {
        // 10 calls of 1 s -> 12 calls of 1.5 s: L(18, 10) = 8 / ln 1.8 =
        // 13.6103802; calls L ln 1.2 = 2.4814657, per call L ln 1.5 = 5.5185343.
        const ChangeSplit split = ChangeExplanation::split(
            ComparisonMetric::Total, factors(10, 10, 1, 10), factors(12, 18, 1, 18));
        QVERIFY(near(split.calls, 2.481465711023788));
        QVERIFY(near(split.perCall, 5.518534288976217));
        QCOMPARE(split.imbalance, 0.0);
        QCOMPARE(split.calls + split.perCall + split.imbalance, 8.0);
    }

    void lmdiSplitsThePerRankStatistics() {
        // Rank mean: 8 calls, 8 s on 2 ranks (4 s) -> 12 calls, 18 s on 4
        // ranks (4.5 s); calls per rank 4 -> 3, per call 1 -> 1.5 s.
        // L(4.5, 4) = 0.5 / ln 1.125; calls L ln 0.75, per call L ln 1.5.
        const ChangeSplit mean = ChangeExplanation::split(
            ComparisonMetric::RankMean, factors(8, 8, 2, 4), factors(12, 18, 4, 4.5));
        QVERIFY(near(mean.calls, -1.221237298090428));
        QVERIFY(near(mean.perCall, 1.7212372980904276));
        QVERIFY(near(mean.calls + mean.perCall, 0.5, 1e-15));
        // Slowest rank 5 s -> 6 s: imbalance 5 / 4 -> 6 / 4.5; L(6, 5) = 1 /
        // ln 1.2; calls L ln 0.75, per call L ln 1.5, imbalance L ln(16/15).
        const ChangeSplit slowest = ChangeExplanation::split(
            ComparisonMetric::SlowestRank, factors(8, 8, 2, 5), factors(12, 18, 4, 6));
        QVERIFY(near(slowest.calls, -1.577882931182385));
        QVERIFY(near(slowest.perCall, 2.2239010857415438));
        QVERIFY(near(slowest.imbalance, 0.35398184544084094));
        QVERIFY(near(slowest.calls + slowest.perCall + slowest.imbalance, 1.0, 1e-15));
    }

    void slowestRankSplitFromTwoRanks() {
        // Baseline: rank 0 two calls of 30 ns, rank 1 two of 10 ns: slowest
        // 60 ns, calls per rank 2, 20 ns per call, imbalance 60 / 40 = 1.5.
        // Other: both ranks two calls of 40 ns: slowest 80 ns, 40 ns per
        // call, imbalance 1. L(80, 60) = 20 / ln(4/3) = 69.52119 ns; per call
        // L ln 2 = 48.18842 ns, imbalance L ln(2/3) = -28.18842 ns, calls 0.
        const ProfilingResults a =
            makeResults({{0, "r", {{0, 30}, {40, 70}}}, {1, "r", {{0, 10}, {20, 30}}}});
        const ProfilingResults b =
            makeResults({{0, "r", {{0, 40}, {50, 90}}}, {1, "r", {{0, 40}, {50, 90}}}});
        const DiffReport report = compare(a, b, ComparisonMetric::SlowestRank);
        QCOMPARE(report.statistic, ComparisonMetric::SlowestRank);
        const RegionChange* r = find(report, "r");
        QVERIFY(r);
        QVERIFY(near(*r->baseline, 60e-9));
        QVERIFY(near(*r->other, 80e-9));
        QVERIFY(std::abs(r->explained.calls) < 1e-20);
        QVERIFY(std::abs(r->explained.perCall - 48.18841679306419e-9) < 1e-15);
        QVERIFY(std::abs(r->explained.imbalance + 28.188416793064192e-9) < 1e-15);
    }

    void perCallAndCallStatisticsAreNotSplit() {
        const ChangeSplit average = ChangeExplanation::split(
            ComparisonMetric::Average, factors(10, 10, 1, 1.0), factors(12, 18, 1, 1.5));
        QCOMPARE(average.perCall, 0.5);
        QCOMPARE(average.calls, 0.0);
        const ChangeSplit calls = ChangeExplanation::split(
            ComparisonMetric::Calls, factors(10, 10, 1, 10), factors(12, 18, 1, 12));
        QCOMPARE(calls.calls, 2.0);
        QCOMPARE(calls.perCall, 0.0);
        // The per-call change the sentence quotes: exp(part / L) - 1 = 1.5 - 1.
        QVERIFY(near(*ChangeExplanation::factorChange(5.518534288976217, 10, 18), 0.5));
    }

    void pathSharesFollowTheExclusiveTime() {
        // Baseline: twoLevelRun (solve 50 ns self, solve > rhs 20 ns). Other:
        // main [0,130] > solve [10,90] > rhs [20,40] [50,70]; solve [100,120];
        // io [122,128]: solve self 100 - 40 = 60 ns (+10), rhs 40 ns (+20).
        const ProfilingResults a = twoLevelRun();
        const ProfilingResults b = makeResults({{0, "main", {{0, 130}}},
                                                {0, "solve", {{10, 90}, {100, 120}}},
                                                {0, "rhs", {{20, 40}, {50, 70}}},
                                                {0, "io", {{122, 128}}}});
        const CallTree ta = treeOf(a);
        const CallTree tb = treeOf(b);
        const RelativePaths before = PathShares::below(ta, a, *a.regionIndex("solve"), "solve");
        QCOMPARE(before.size(), std::size_t(2));
        QVERIFY(near(before.at("solve"), 50e-9));
        QVERIFY(near(before.at("solve > rhs"), 20e-9));
        const RelativePaths after = PathShares::below(tb, b, *b.regionIndex("solve"), "solve");
        const std::vector<PathShare> shares = PathShares::shares(before, after);
        QCOMPARE(shares.size(), std::size_t(2));
        QCOMPARE(shares[0].path, std::string("solve > rhs"));
        QVERIFY(near(shares[0].share, 2.0 / 3.0));
        QVERIFY(near(shares[0].deltaSeconds, 20e-9));
        QCOMPARE(shares[1].path, std::string("solve"));
        QVERIFY(near(shares[1].share, 1.0 / 3.0));
        // main: its own 24 ns and io's 6 ns did not move, so they are not listed.
        const std::vector<PathShare> main =
            PathShares::shares(PathShares::below(ta, a, *a.regionIndex("main"), "main"),
                               PathShares::below(tb, b, *b.regionIndex("main"), "main"));
        QCOMPARE(main.size(), std::size_t(2));
        QCOMPARE(main[0].path, std::string("main > solve > rhs"));
        QCOMPARE(main[1].path, std::string("main > solve"));
    }

    void deepRecursionIsFoldedBelowSixLevels() {
        // f nested 10 deep on one rank, [i, 100 - i] for i = 0..9: 2 ns
        // exclusive on every level but the innermost, [9, 91], with 82 ns.
        // Levels 0-6 keep their own paths; 7, 8 and 9 fold into one, 2 + 2 +
        // 82 = 86 ns. Together the 100 ns of the outermost call.
        Calls calls;
        for (std::int64_t i = 0; i < 10; ++i)
            calls.emplace_back(i, 100 - i);
        const ProfilingResults run = makeResults({{0, "f", calls}});
        const RelativePaths paths = PathShares::below(treeOf(run), run, 0, "f");
        QCOMPARE(paths.size(), std::size_t{8});
        std::string path = "f";
        for (int level = 0; level <= 6; ++level) {
            QVERIFY2(paths.contains(path), path.c_str());
            QVERIFY(near(paths.at(path), 2e-9));
            path += " > f";
        }
        const std::string folded = "f > f > f > f > f > f > f > \u2026";
        QVERIFY(paths.contains(folded));
        QVERIFY(near(paths.at(folded), 86e-9));
    }

    void pathsBeyondTheFifthAreFolded() {
        const RelativePaths after{{"r > a", 8.0}, {"r > b", 7.0},  {"r > c", 6.0}, {"r > d", 5.0},
                                  {"r > e", 4.0}, {"r > f", -1.0}, {"r > g", 1.0}, {"r > h", 2.0}};
        const std::vector<PathShare> shares = PathShares::shares({}, after);
        // Sum 32; f, g, h fold into 2 / 32.
        QCOMPARE(shares.size(), std::size_t(6));
        QCOMPARE(shares[0].path, std::string("r > a"));
        QVERIFY(near(shares[0].share, 8.0 / 32.0));
        QCOMPARE(shares[4].path, std::string("r > e"));
        QCOMPARE(shares[5].path, std::string(PathShares::kOtherPaths));
        QVERIFY(near(shares[5].share, 2.0 / 32.0));
        double sum = 0.0;
        for (const PathShare& s : shares)
            sum += s.share;
        QVERIFY(near(sum, 1.0));
        QVERIFY(PathShares::shares(after, after).empty()); // nothing moved
    }

    void findingsReadAsSentences() {
        DiffReport report;
        RegionChange solve;
        solve.name = "solve";
        solve.baseline = 1.0;
        solve.other = 1.051;
        solve.changePercent = 5.1;
        solve.ciLowPercent = 4.2;
        solve.ciHighPercent = 6.0;
        solve.pValue = 0.0004;
        solve.verdict = Verdict::Slower;
        solve.explained.perCall = 0.051; // calls stay 0: the same number of calls
        solve.paths = {{"solve > rhs.eval", 0.8, 0.0408}, {"solve", 0.2, 0.0102}};
        RegionChange io;
        io.name = "io";
        io.other = 475e-6;
        io.verdict = Verdict::New;
        RegionChange gone;
        gone.name = "gone";
        gone.baseline = 0.1;
        gone.verdict = Verdict::Removed;
        RegionChange same;
        same.name = "same";
        same.baseline = same.other = 1.0;
        RegionChange renamed = same;
        renamed.name = "new";
        renamed.renamedFrom = "old";
        report.regions = {solve, io, gone, same, renamed};
        const std::vector<std::string> found = WhatChanged::findings(report);
        QCOMPARE(found.size(), std::size_t(4));
        QCOMPARE(found[0],
                 std::string("`solve` is 5.1 % slower (95 % CI 4.2\u20136.0 %, p < 0.001): "
                             "per-call time +5.1 %, calls unchanged; 80 % of it in "
                             "`solve > rhs.eval`"));
        QCOMPARE(found[1], std::string("`io` is new (475 \u00b5s)"));
        QCOMPARE(found[2], std::string("`gone` was removed (100 ms before)"));
        QCOMPARE(found[3], std::string("`old` is now `new` (same source line), unchanged"));
        QCOMPARE(WhatChanged::findings(report, 2).size(), std::size_t(2));

        // 10 -> 12 calls of 1 s: +20 %, all of it calls; p 0.004 printed as such.
        RegionChange more;
        more.name = "assemble";
        more.baseline = 10.0;
        more.other = 12.0;
        more.changePercent = 20.0;
        more.pValue = 0.004;
        more.verdict = Verdict::Slower;
        more.explained.calls = 2.0;
        report.regions = {more};
        QCOMPARE(WhatChanged::findings(report)[0],
                 std::string("`assemble` is 20.0 % slower (p = 0.004): per-call time unchanged, "
                             "calls +20.0 %"));
    }

    void defaultStatisticFollowsTheRankCounts() {
        ProfilingResults one = known::baseline();
        ProfilingResults two = known::other();
        const ProfilingResults* same[] = {&one, &two};
        QCOMPARE(WhatChanged::defaultStatistic(same), ComparisonMetric::Total);
        two.numRanks = 2;
        QCOMPARE(WhatChanged::defaultStatistic(same), ComparisonMetric::SlowestRank);
    }

    void cancelStopsAndProgressEnds() {
        const ProfilingResults a = known::baseline();
        const ProfilingResults b = known::other();
        const ProfilingResults* before[] = {&a};
        const ProfilingResults* after[] = {&b};
        std::atomic<bool> cancel{true};
        ReadControl control;
        control.cancel = &cancel;
        QVERIFY_THROWS_EXCEPTION(ReadCancelled, WhatChanged::compute(before, after, {}, &control));
        cancel = false;
        double last = -1.0;
        control.progress = [&](double fraction, std::string_view) { last = fraction; };
        WhatChanged::compute(before, after, {}, &control);
        QCOMPARE(last, 1.0);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 WhatChanged::compute({}, after, {}, nullptr));
    }
};

QTEST_GUILESS_MAIN(WhatChangedTest)
#include "tst_WhatChanged.moc"
