// SPDX-License-Identifier: GPL-3.0-or-later
// The pieces under the significance tests: the Mann–Whitney U test (exact and
// normal), the radix sort that ranks millions of calls, and the distribution
// functions. Expected values are textbook table entries or worked by hand
// (full enumeration of the arrangements, midranks written out).
#include "compare/Distributions.h"
#include "compare/MannWhitney.h"
#include "compare/RadixSort.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

using namespace scope;

class TestMannWhitney : public QObject {
    Q_OBJECT

private slots:
    void exactSmallSamples();
    void exactNeedsNoTies();
    void normalWithTies();
    void scaledOtherSide();
    void emptySideIsNoEvidence();
    void smallestAttainableP();
    void radixSortAgreesWithComparisonSort();
    void distributionTables();
};

void TestMannWhitney::exactSmallSamples() {
    // x below every y: U = 0, and 2 of the C(6,3) = 20 arrangements are as
    // extreme (U = 0 or U = 9): p = 2/20.
    std::vector<std::int64_t> x{1, 2, 3};
    std::vector<std::int64_t> y{4, 5, 6};
    MannWhitneyResult r = MannWhitney::test(x, y);
    QVERIFY(r.exact);
    QCOMPARE(r.u, 0.0);
    QVERIFY(qAbs(r.p - 0.1) < 1e-12);
    // The other way round: U = 9, the same p.
    r = MannWhitney::test(y, x);
    QCOMPARE(r.u, 9.0);
    QVERIFY(qAbs(r.p - 0.1) < 1e-12);

    // x = {1,3,5}, y = {2,4,6,8}: U = 0 + 1 + 2 = 3 of 12, centre 6. U <= 3 in
    // 1 + 1 + 2 + 3 = 7 of C(7,3) = 35 arrangements (partitions of u into at
    // most 3 parts of at most 4), as many with U >= 9: p = 14/35.
    x = {1, 3, 5};
    y = {2, 4, 6, 8};
    r = MannWhitney::test(x, y);
    QVERIFY(r.exact);
    QCOMPARE(r.u, 3.0);
    QVERIFY(qAbs(r.p - 0.4) < 1e-12);

    // 6 against 7 (sorted): U = 5; 38 of the 1716 arrangements are at least
    // as far from 21 (counted by enumerating all of them).
    x = {9, 11, 12, 15, 17, 20};
    y = {14, 18, 19, 21, 22, 23, 25};
    r = MannWhitney::test(x, y);
    QCOMPARE(r.u, 5.0);
    QVERIFY(qAbs(r.p - 38.0 / 1716.0) < 1e-12);
}

void TestMannWhitney::exactNeedsNoTies() {
    // x = {1,2,2,3}, y = {2,3,4,4,5}: pooled midranks 1 (the 1) | 3 (the three
    // 2s) | 5.5 (3s) | 7.5 (4s) | 9. R_x = 1 + 3 + 3 + 5.5 = 12.5, U = 12.5 - 10
    // = 2.5. Ties: sum(t^3 - t) = 24 + 6 + 6 = 36 over N = 9, so var U = 4*5/12
    // (10 - 36/72) = 95/6 and z = (|2.5 - 10| - 0.5) / sqrt(95/6) = 1.75919.
    const std::vector<std::int64_t> x{1, 2, 2, 3};
    const std::vector<std::int64_t> y{2, 3, 4, 4, 5};
    const MannWhitneyResult r = MannWhitney::test(x, y);
    QVERIFY(!r.exact);
    QCOMPARE(r.u, 2.5);
    const double z = 7.0 / std::sqrt(95.0 / 6.0);
    QVERIFY(qAbs(r.z + z) < 1e-12);
    QVERIFY(qAbs(r.z + 1.759186414825121) < 1e-9);
    QVERIFY(qAbs(r.p - 0.0785458509511907) < 1e-9);
    QVERIFY(qAbs(r.p - std::erfc(z / std::sqrt(2.0))) < 1e-12);
}

void TestMannWhitney::normalWithTies() {
    // 28 against 28, heavy ties: worked out by hand (midranks of the 8 tie
    // groups, then U = 176, var U = 3469.9636, z = 3.65835, p = 2.53848e-4).
    std::vector<std::int64_t> x;
    std::vector<std::int64_t> y;
    for (int copy = 0; copy < 4; ++copy) {
        for (const int v : {10, 20, 20, 30, 30, 30, 40})
            x.push_back(v);
        for (const int v : {20, 30, 30, 40, 40, 50, 50})
            y.push_back(v);
    }
    std::sort(x.begin(), x.end());
    std::sort(y.begin(), y.end());
    const MannWhitneyResult r = MannWhitney::test(x, y);
    QVERIFY(!r.exact);
    QCOMPARE(r.u, 176.0);
    QVERIFY(qAbs(r.z + 3.6583462930926105) < 1e-9);
    QVERIFY(qAbs(r.p - 2.538479083944221e-4) < 1e-10);
}

void TestMannWhitney::scaledOtherSide() {
    // y = {2,4,6} scaled by 0.5 is {1,2,3}: against x = {4,5,6} U = 9, p = 0.1.
    const std::vector<std::int64_t> x{4, 5, 6};
    const std::vector<std::int64_t> y{2, 4, 6};
    const MannWhitneyResult r = MannWhitney::test(x, y, 0.5);
    QCOMPARE(r.u, 9.0);
    QVERIFY(qAbs(r.p - 0.1) < 1e-12);
    // Scaled by 1.5, {3,6,9} ties x's 6, so the normal approximation; pairs
    // with x > y: 4>3, 5>3, 6>3, and 6 = 6 counts 1/2: U = 3.5.
    const MannWhitneyResult tied = MannWhitney::test(x, y, 1.5);
    QVERIFY(!tied.exact);
    QCOMPARE(tied.u, 3.5);
}

void TestMannWhitney::smallestAttainableP() {
    // 1 call against 3: of the C(4,1) = 4 arrangements the two extremes (x
    // below or above all y) give p = 2/4, whatever the values.
    const std::vector<std::int64_t> one{10};
    const std::vector<std::int64_t> three{100, 200, 300};
    MannWhitneyResult r = MannWhitney::test(one, three);
    QVERIFY(r.exact);
    QVERIFY(qAbs(r.smallestP - 0.5) < 1e-12);
    QVERIFY(qAbs(r.p - 0.5) < 1e-12);
    // 3 against 3: 2 of C(6,3) = 20.
    const std::vector<std::int64_t> x{1, 2, 3};
    const std::vector<std::int64_t> y{4, 5, 6};
    QVERIFY(qAbs(MannWhitney::test(x, y).smallestP - 0.1) < 1e-12);
    // 30 against 30 (normal): U furthest from 450 is 0; |0 - 450| - 1/2 over
    // sqrt(30 * 30 * 61 / 12) = 67.64 gives z = 6.645, p = erfc(z / sqrt 2) =
    // 3.0e-11.
    std::vector<std::int64_t> a(30), b(30);
    for (int i = 0; i < 30; ++i) {
        a[static_cast<std::size_t>(i)] = i;
        b[static_cast<std::size_t>(i)] = 100 + i;
    }
    r = MannWhitney::test(a, b);
    QVERIFY(!r.exact);
    QVERIFY(r.smallestP > 2.5e-11 && r.smallestP < 3.5e-11);
}

void TestMannWhitney::emptySideIsNoEvidence() {
    const std::vector<std::int64_t> x{1, 2};
    const MannWhitneyResult r = MannWhitney::test(x, {});
    QCOMPARE(r.p, 1.0);
    const std::vector<std::int64_t> same(30, 7);
    QCOMPARE(MannWhitney::test(same, same).p, 1.0); // all tied
}

void TestMannWhitney::radixSortAgreesWithComparisonSort() {
    std::mt19937_64 random(3);
    for (const std::size_t n : {0, 1, 100, 511, 512, 5000, 200000}) {
        for (const std::int64_t range : {std::int64_t(1), std::int64_t(1000), std::int64_t(1) << 40,
                                         std::numeric_limits<std::int64_t>::max()}) {
            std::uniform_int_distribution<std::int64_t> draw(-range / 2, range / 2);
            std::vector<std::int64_t> values(n);
            for (std::int64_t& v : values)
                v = draw(random);
            std::vector<std::int64_t> expected = values;
            std::sort(expected.begin(), expected.end());
            RadixSort::sort(values);
            QCOMPARE(values, expected);
        }
    }
    std::vector<std::int64_t> extremes{std::numeric_limits<std::int64_t>::max(), 0,
                                       std::numeric_limits<std::int64_t>::min(), -1, 1};
    extremes.resize(1000, 5);
    std::vector<std::int64_t> expected = extremes;
    std::sort(expected.begin(), expected.end());
    RadixSort::sort(extremes);
    QCOMPARE(extremes, expected);
}

void TestMannWhitney::distributionTables() {
    // Normal and Student t tables.
    QVERIFY(qAbs(Distributions::normalQuantile(0.975) - 1.959963985) < 1e-8);
    QVERIFY(qAbs(Distributions::normalQuantile(0.8) - 0.8416212336) < 1e-8);
    QVERIFY(qAbs(Distributions::normalQuantile(0.995) - 2.5758293035) < 1e-8);
    QVERIFY(qAbs(Distributions::studentTwoSidedQuantile(0.05, 4) - 2.776445) < 1e-5);
    QVERIFY(qAbs(Distributions::studentTwoSidedQuantile(0.05, 10) - 2.228139) < 1e-5);
    QVERIFY(qAbs(Distributions::studentTwoSidedQuantile(0.01, 30) - 2.749996) < 1e-5);
    // t = 1 with one degree of freedom is the Cauchy distribution: P(|T| >= 1) = 1/2.
    QVERIFY(qAbs(Distributions::studentTwoSided(1.0, 1.0) - 0.5) < 1e-12);
    QVERIFY(qAbs(Distributions::studentTwoSided(2.776445, 4) - 0.05) < 1e-6);
    QCOMPARE(Distributions::studentTwoSided(0.0, 7.5), 1.0);
}

QTEST_APPLESS_MAIN(TestMannWhitney)
#include "tst_MannWhitney.moc"
