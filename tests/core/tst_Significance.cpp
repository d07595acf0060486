// SPDX-License-Identifier: GPL-3.0-or-later
// Significance of a region's change: the per-call sample of a run, the test
// with the other side scaled by the call counts, the bootstrap interval's
// coverage, the test across runs, repeats needed and Holm's correction.
// Expected values are worked by hand or from textbook formulas evaluated
// independently (noted where they are used), never by this code.
#include "HandMadeRun.h"
#include "MemoryCallSource.h"
#include "compare/Significance.h"
#include "model/RankSelection.h"

#include <QtTest>

#include <cmath>
#include <random>
#include <vector>

using namespace scope;

namespace {

// Calls drawn from a log-normal around exp(mu) ns, as one rank's sample.
RegionSample lognormalSample(std::mt19937_64& random, std::size_t calls, double mu, double sigma,
                             std::size_t selectedRanks = 1) {
    std::lognormal_distribution<double> duration(mu, sigma);
    RegionSample sample;
    sample.perCallData = true;
    sample.selectedRanks = selectedRanks;
    sample.durationsNs.resize(calls);
    for (std::int64_t& d : sample.durationsNs)
        d = static_cast<std::int64_t>(std::llround(duration(random)));
    sample.ranks = {0};
    sample.rankBegin = {0, calls};
    return sample;
}

RegionSample fixedSample(std::vector<std::vector<std::int64_t>> perRank) {
    RegionSample sample;
    sample.perCallData = true;
    sample.selectedRanks = perRank.size();
    for (std::size_t r = 0; r < perRank.size(); ++r) {
        sample.ranks.push_back(static_cast<std::uint32_t>(r));
        sample.rankBegin.push_back(sample.durationsNs.size());
        sample.durationsNs.insert(sample.durationsNs.end(), perRank[r].begin(), perRank[r].end());
    }
    sample.rankBegin.push_back(sample.durationsNs.size());
    return sample;
}

SignificanceOptions optionsFor(ComparisonMetric statistic) {
    SignificanceOptions options;
    options.statistic = statistic;
    return options;
}

bool holds(const RegionSignificance& s, double percent) {
    return s.ciLowPercent && s.ciHighPercent && *s.ciLowPercent <= percent &&
           percent <= *s.ciHighPercent;
}

} // namespace

class TestSignificance : public QObject {
    Q_OBJECT

private slots:
    void sampleOfHandMadeRun();
    void sampleOnDemandAndSummaryOnly();
    void exactPlainTest();
    void moreCallsAreAChangeOfTheTotal();
    void rankMeanScalesByCallsPerRank();
    void slowestRankUsesThatRanksCalls();
    void extremesAndCalls();
    void sameSeedSameInterval();
    void intervalCoverage();
    void intervalCoverageNormalLimit();
    void acrossRunsWelchOnLogs();
    void repeatsForANoise();
    void holmStepDown();
};

// solve: rank 0 calls of 10 and 15 ns, rank 1 one of 7 ns, rank 2 of 4, 20 and
// 1 ns; io on rank 3 only.
static ProfilingResults solveRun() {
    return makeResults({{0, "solve", {{0, 10}, {20, 35}}},
                        {1, "solve", {{0, 7}}},
                        {2, "solve", {{5, 9}, {10, 30}, {40, 41}}},
                        {3, "io", {{0, 5}}}});
}

void TestSignificance::sampleOfHandMadeRun() {
    const ProfilingResults run = solveRun();
    const std::size_t solve = *run.regionIndex("solve");
    // Ranks 0, 2 and 3: rank 3 selected without calls of solve.
    RegionSample sample = RegionSample::of(run, solve, RankSelection({0, 2, 3}));
    QVERIFY(sample.perCallData);
    QCOMPARE(sample.durationsNs, (std::vector<std::int64_t>{10, 15, 4, 20, 1}));
    QCOMPARE(sample.ranks, (std::vector<std::uint32_t>{0, 2}));
    QCOMPARE(sample.rankBegin, (std::vector<std::size_t>{0, 2, 5}));
    QCOMPARE(sample.selectedRanks, std::size_t(3));

    sample = RegionSample::of(run, solve, RankSelection());
    QCOMPARE(sample.durationsNs, (std::vector<std::int64_t>{10, 15, 7, 4, 20, 1}));
    QCOMPARE(sample.ranks, (std::vector<std::uint32_t>{0, 1, 2}));
    QCOMPARE(sample.rankBegin, (std::vector<std::size_t>{0, 2, 3, 6}));
    QCOMPARE(sample.selectedRanks, std::size_t(4));

    sample = RegionSample::of(run, solve, RankSelection({3}));
    QVERIFY(sample.perCallData);
    QVERIFY(sample.durationsNs.empty());
    QCOMPARE(sample.rankBegin, (std::vector<std::size_t>{0}));
}

void TestSignificance::sampleOnDemandAndSummaryOnly() {
    const ProfilingResults onDemand = testing::MemoryCallSource::onDemand(solveRun());
    const std::size_t solve = *onDemand.regionIndex("solve");
    RegionSample sample = RegionSample::of(onDemand, solve, RankSelection({1, 2}));
    QVERIFY(sample.perCallData);
    QCOMPARE(sample.durationsNs, (std::vector<std::int64_t>{7, 4, 20, 1}));
    QCOMPARE(sample.ranks, (std::vector<std::uint32_t>{1, 2}));
    QCOMPARE(sample.rankBegin, (std::vector<std::size_t>{0, 1, 4}));
    // Through the source, only the selected ranks' calls.
    const auto* source = dynamic_cast<const testing::MemoryCallSource*>(onDemand.onDemand.get());
    QVERIFY(source != nullptr);
    QCOMPARE(source->callsRead(), std::uint64_t(4));

    // What a summary-only read leaves: the rows' statistics, no calls.
    ProfilingResults summary = solveRun();
    summary.events = EventColumns();
    summary.eventsRead = false;
    sample = RegionSample::of(summary, solve, RankSelection({1, 2}));
    QVERIFY(!sample.perCallData);
    QVERIFY(sample.durationsNs.empty());
    QCOMPARE(sample.selectedRanks, std::size_t(2));
    const RegionSignificance s =
        Significance::test(sample, sample, optionsFor(ComparisonMetric::Total));
    QVERIFY(!s.pValue);
    QVERIFY(!s.ciLowPercent);
}

void TestSignificance::exactPlainTest() {
    // Equal counts: Total is the plain test. {1,2,3} against {4,5,6}: U = 0, p
    // = 2/20. Interval: every resample of the means lies in [1,3] and [4,6], so
    // the change lies in [4/3 - 1, 6/1 - 1] = [33.3 %, 500 %].
    const RegionSample a = fixedSample({{1, 2, 3}});
    const RegionSample b = fixedSample({{4, 5, 6}});
    for (const ComparisonMetric m : {ComparisonMetric::Total, ComparisonMetric::Average}) {
        const RegionSignificance s = Significance::test(a, b, optionsFor(m));
        QVERIFY(s.exact);
        QVERIFY(qAbs(*s.pValue - 0.1) < 1e-12);
        QVERIFY(*s.ciLowPercent >= 100.0 / 3.0 - 1e-9);
        QVERIFY(*s.ciHighPercent <= 500.0 + 1e-9);
        QVERIFY(holds(s, 150.0)); // 5/2 - 1, the change of the means
    }
}

void TestSignificance::moreCallsAreAChangeOfTheTotal() {
    // The same per-call distribution, 20 % more calls.
    std::mt19937_64 random(11);
    const RegionSample base = lognormalSample(random, 4000, 9.2, 0.5);
    const RegionSample more = lognormalSample(random, 4800, 9.2, 0.5);
    const RegionSignificance total =
        Significance::test(base, more, optionsFor(ComparisonMetric::Total));
    QVERIFY(!total.exact);
    QVERIFY(*total.pValue < 1e-6);
    QVERIFY(holds(total, 20.0));
    QVERIFY(*total.ciLowPercent > 15.0 && *total.ciHighPercent < 25.0);

    const RegionSignificance average =
        Significance::test(base, more, optionsFor(ComparisonMetric::Average));
    QVERIFY(*average.pValue > 0.01);
    QVERIFY(holds(average, 0.0));
    QVERIFY(*average.ciLowPercent > -5.0 && *average.ciHighPercent < 5.0);
}

void TestSignificance::rankMeanScalesByCallsPerRank() {
    // 4000 calls on 5 ranks against 4800 on 6: 800 a rank on both sides.
    std::mt19937_64 random(12);
    const RegionSample base = lognormalSample(random, 4000, 9.2, 0.5, 5);
    const RegionSample other = lognormalSample(random, 4800, 9.2, 0.5, 6);
    const RegionSignificance rankMean =
        Significance::test(base, other, optionsFor(ComparisonMetric::RankMean));
    QVERIFY(*rankMean.pValue > 0.01);
    QVERIFY(holds(rankMean, 0.0));
    // Their Total did change by 20 %.
    QVERIFY(*Significance::test(base, other, optionsFor(ComparisonMetric::Total)).pValue < 1e-6);
}

void TestSignificance::slowestRankUsesThatRanksCalls() {
    // Baseline: rank 0 totals 30, rank 1 totals 40 (calls of 19 and 21): the
    // slowest. Other: rank 0 totals 50 in five calls, rank 1 40. The slowest
    // ranks' calls, the other's scaled by 5/2: {19, 21} against {20, 22.5, 25,
    // 27.5, 30}; U = 1 (21 > 20) of 10, and U is as far from 5 in 4 of the
    // C(7,2) = 21 arrangements (U = 0, 1, 9, 10): p = 4/21. The change is 5 x
    // 10 / (2 x 20) - 1 = 25 %; a resample's lies within [2.5 x 8 / 21 - 1,
    // 2.5 x 12 / 19 - 1].
    const RegionSample base = fixedSample({{9, 10, 11}, {19, 21}});
    const RegionSample other = fixedSample({{8, 9, 10, 11, 12}, {19, 21}});
    const RegionSignificance s =
        Significance::test(base, other, optionsFor(ComparisonMetric::SlowestRank));
    QVERIFY(s.exact);
    QVERIFY(qAbs(*s.pValue - 4.0 / 21.0) < 1e-12);
    QVERIFY(holds(s, 25.0));
    QVERIFY(*s.ciLowPercent >= 100.0 * (2.5 * 8 / 21 - 1) - 1e-9);
    QVERIFY(*s.ciHighPercent <= 100.0 * (2.5 * 12 / 19 - 1) + 1e-9);
    // Constant calls on each side: every resample gives the change itself.
    const RegionSample flatBase = fixedSample({{10, 10, 10}, {20, 20}});
    const RegionSample flatOther = fixedSample({{10, 10, 10, 10, 10}, {20, 20}});
    const RegionSignificance flat =
        Significance::test(flatBase, flatOther, optionsFor(ComparisonMetric::SlowestRank));
    QVERIFY(qAbs(*flat.ciLowPercent - 25.0) < 1e-9);
    QVERIFY(qAbs(*flat.ciHighPercent - 25.0) < 1e-9);
}

void TestSignificance::extremesAndCalls() {
    const RegionSample a = fixedSample({{1, 2, 3}});
    const RegionSample b = fixedSample({{4, 5, 6}});
    for (const ComparisonMetric m : {ComparisonMetric::Min, ComparisonMetric::Max}) {
        const RegionSignificance s = Significance::test(a, b, optionsFor(m));
        QVERIFY(qAbs(*s.pValue - 0.1) < 1e-12);
        QVERIFY(!s.ciLowPercent && !s.ciHighPercent);
    }
    const RegionSignificance calls = Significance::test(a, b, optionsFor(ComparisonMetric::Calls));
    QVERIFY(!calls.pValue && !calls.ciLowPercent);
    // A side without calls: nothing to test.
    const RegionSample none = fixedSample({});
    QVERIFY(!Significance::test(a, none, optionsFor(ComparisonMetric::Total)).pValue);
}

void TestSignificance::sameSeedSameInterval() {
    std::mt19937_64 random(13);
    const RegionSample a = lognormalSample(random, 3000, 8.0, 0.7);
    const RegionSample b = lognormalSample(random, 3000, 8.05, 0.7);
    SignificanceOptions one = optionsFor(ComparisonMetric::Total);
    one.threads = 1;
    SignificanceOptions two = one;
    two.threads = 2;
    const RegionSignificance s1 = Significance::test(a, b, one);
    const RegionSignificance s2 = Significance::test(a, b, two);
    QCOMPARE(*s1.ciLowPercent, *s2.ciLowPercent);
    QCOMPARE(*s1.ciHighPercent, *s2.ciHighPercent);
    two.seed = 99;
    QVERIFY(*Significance::test(a, b, two).ciLowPercent != *s1.ciLowPercent);
}

// Pairs drawn from fixed log-normal distributions, the other side 5 % slower
// per call at the same number of calls: the true change of the total is 5 %.
// Over `pairs` seeds the 95 % interval must hold it 93–97 % of the time; with
// 800 pairs that band is 2.5 standard errors of a binomial proportion either
// side of 95 % (4000 pairs gave 95.0 % resampled and 94.7 % from the normal limit).
static double coverage(std::size_t pairs, std::size_t calls, std::size_t resampleCap) {
    std::size_t held = 0;
    SignificanceOptions options = optionsFor(ComparisonMetric::Total);
    options.resampleCap = resampleCap;
    for (std::size_t seed = 0; seed < pairs; ++seed) {
        std::mt19937_64 random(1000 + seed);
        const RegionSample base = lognormalSample(random, calls, 9.0, 0.5);
        const RegionSample slower = lognormalSample(random, calls, 9.0 + std::log(1.05), 0.5);
        options.seed = seed;
        held += holds(Significance::test(base, slower, options), 5.0) ? 1 : 0;
    }
    return static_cast<double>(held) / static_cast<double>(pairs);
}

void TestSignificance::intervalCoverage() {
    const double held = coverage(800, 300, 20000);
    qInfo("resampled: %.1f %% of the intervals hold the true change", 100 * held);
    QVERIFY(held >= 0.93 && held <= 0.97);
}

void TestSignificance::intervalCoverageNormalLimit() {
    // 3000 calls a side above a cap of 100: the means from their normal limit.
    const double held = coverage(2000, 3000, 100);
    qInfo("normal limit: %.1f %% of the intervals hold the true change", 100 * held);
    QVERIFY(held >= 0.93 && held <= 0.97);
}

void TestSignificance::acrossRunsWelchOnLogs() {
    // 3 runs against 3, about 6 % slower. Worked from the logs: difference of
    // means 0.0580893, standard error 0.0120582, t = 4.81742 on 3.98664
    // degrees of freedom (Welch–Satterthwaite), two-sided p = 0.0086108 (the t
    // density integrated numerically); t(0.975, 3.98664) = 2.78012, so the
    // interval is exp(0.0580893 -+ 2.78012 x 0.0120582) - 1 = [2.48703, 9.59400] %.
    const std::vector<double> base{10.0, 10.2, 9.9};
    const std::vector<double> other{10.6, 10.8, 10.5};
    const RegionSignificance s =
        Significance::acrossRuns(base, other, optionsFor(ComparisonMetric::Total));
    QVERIFY(!s.exact);
    QVERIFY(qAbs(*s.pValue - 0.0086108) < 2e-6);
    QVERIFY(qAbs(*s.ciLowPercent - 2.48703) < 1e-4);
    QVERIFY(qAbs(*s.ciHighPercent - 9.59400) < 1e-4);

    // Noise larger than the change: t = 0.407623 on 4.83763 df, p = 0.700960.
    const std::vector<double> noisyBase{1.0, 1.1, 0.9, 1.05};
    const std::vector<double> noisyOther{1.02, 0.97, 1.12};
    const RegionSignificance noisy =
        Significance::acrossRuns(noisyBase, noisyOther, optionsFor(ComparisonMetric::Total));
    QVERIFY(qAbs(*noisy.pValue - 0.700960) < 1e-5);
    QVERIFY(holds(noisy, 0.0));

    // One run on a side has no noise to measure; a value of 0 has no logarithm.
    const std::vector<double> single{10.0};
    QVERIFY(!Significance::acrossRuns(single, other, {}).pValue);
    const std::vector<double> zero{0.0, 1.0};
    QVERIFY(!Significance::acrossRuns(base, zero, {}).pValue);
}

void TestSignificance::repeatsForANoise() {
    // Baseline {100, 102, 98}: cv^2 = 4/10^4 with 2 df; other {101, 99, 103,
    // 97}: cv^2 = (20/3)/10^4 with 3 df; pooled (2 x 4 + 3 x 20/3) / 5 = 5.6e-4.
    // z(0.995) + z(0.8) = 2.5758293 + 0.8416212 = 3.4174505; n = 2 x 3.4174505^2
    // x 5.6e-4 / 0.01^2 = 130.80, so 131 runs a side.
    const std::vector<double> base{100, 102, 98};
    const std::vector<double> other{101, 99, 103, 97};
    QCOMPARE(Significance::repeatsFor(base, other, 0.01), std::optional<std::size_t>(131));
    // One side alone: cv^2 = 0.09/100 = 9e-4; at alpha 0.05 and a 2 % change,
    // 2 x (1.959964 + 0.841621)^2 x 9e-4 / 0.02^2 = 35.32 -> 36.
    const std::vector<double> one{10.0, 10.3, 9.7};
    QCOMPARE(Significance::repeatsFor(one, {}, 0.05, 2.0), std::optional<std::size_t>(36));
    // Without noise two runs are enough; without two runs on a side, no answer.
    const std::vector<double> steady{5.0, 5.0};
    QCOMPARE(Significance::repeatsFor(steady, steady, 0.01), std::optional<std::size_t>(2));
    const std::vector<double> single{5.0};
    QVERIFY(!Significance::repeatsFor(single, single, 0.01));
}

void TestSignificance::holmStepDown() {
    // m = 4 present: sorted 0.005, 0.01, 0.03, 0.04 -> 4 x 0.005 = 0.02, 3 x
    // 0.01 = 0.03, 2 x 0.03 = 0.06, max(0.06, 1 x 0.04) = 0.06.
    const std::vector<std::optional<double>> p{0.01, 0.04, std::nullopt, 0.03, 0.005};
    const auto adjusted = Significance::holm(p);
    QCOMPARE(adjusted.size(), std::size_t(5));
    QVERIFY(qAbs(*adjusted[0] - 0.03) < 1e-15);
    QVERIFY(qAbs(*adjusted[1] - 0.06) < 1e-15);
    QVERIFY(!adjusted[2]);
    QVERIFY(qAbs(*adjusted[3] - 0.06) < 1e-15);
    QVERIFY(qAbs(*adjusted[4] - 0.02) < 1e-15);
    // Capped at 1, and kept monotone: 2 x 0.5 = 1, then max(1, 0.6) = 1.
    const std::vector<std::optional<double>> large{0.6, 0.5};
    const auto capped = Significance::holm(large);
    QCOMPARE(*capped[0], 1.0);
    QCOMPARE(*capped[1], 1.0);
    QVERIFY(Significance::holm({}).empty());
}

QTEST_APPLESS_MAIN(TestSignificance)
#include "tst_Significance.moc"
