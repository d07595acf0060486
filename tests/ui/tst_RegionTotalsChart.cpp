// SPDX-License-Identifier: GPL-3.0-or-later
// The regions chart of `--export-dir`: the costliest regions and one bar
// for the rest, a scale on which more than the outermost region can be
// read, and a height that follows the number of bars.
#include "charts/RegionTotalsChart.h"

#include <QtTest>
#include <qcustomplot.h>

#include <memory>

using namespace scope;

namespace {

// Region "rNN" with one call of `nanoseconds(i)` on rank 0, for i = 1..count.
std::shared_ptr<const ProfilingResults>
regionsRun(int count, const std::function<std::int64_t(int)>& nanoseconds) {
    auto run = std::make_shared<ProfilingResults>();
    run->numRanks = 1;
    for (int i = 1; i <= count; ++i) {
        run->regions.push_back(QStringLiteral("r%1").arg(i, 2, 10, QLatin1Char('0')).toStdString());
        RankRegion row;
        row.rank = 0;
        row.region = static_cast<std::uint32_t>(i - 1);
        row.summary.count = 1;
        row.summary.total = row.summary.minimum = row.summary.maximum = nanoseconds(i);
        run->rows.push_back(row);
    }
    run->finalize();
    return run;
}

std::int64_t milliseconds(int i) {
    return std::int64_t{i} * 1'000'000;
}

int heightFor(int regions) {
    RegionTotalsChart chart;
    chart.setRun(regionsRun(regions, milliseconds));
    return chart.contentHeight();
}

} // namespace

class TestRegionTotalsChart : public QObject {
    Q_OBJECT
private slots:
    void costliestRegionsAndOneBarForTheRest();
    void fewRegionsHaveNoOthersBar();
    void totalsFarApartGoOnALogScale();
    void logLabelsOfLongRunsAreWholeSeconds();
    void heightFollowsTheBarsUpToTheCap();
};

void TestRegionTotalsChart::costliestRegionsAndOneBarForTheRest() {
    // r01..r35 with 1..35 ms: r35..r06 shown, r01..r05 together.
    RegionTotalsChart chart;
    chart.setRun(regionsRun(35, milliseconds));
    static_assert(RegionTotalsChart::kShownRegions == 30);
    const QStringList regions = chart.regions();
    QCOMPARE(regions.size(), 31);
    QCOMPARE(regions.first(), QStringLiteral("r35"));
    QCOMPARE(regions[29], QStringLiteral("r06"));
    QCOMPARE(regions.last(), QStringLiteral("5 other regions"));
    const std::vector<double> totals = chart.totals();
    QCOMPARE(totals.front(), 0.035);
    QCOMPARE(totals[29], 0.006);
    // 1 + 2 + 3 + 4 + 5 ms.
    QCOMPARE(totals.back(), 0.015);
    // 35 ms to 6 ms: within a factor of 100, a linear axis.
    QVERIFY(!chart.logScale());
    QCOMPARE(chart.plot()->xAxis->scaleType(), QCPAxis::stLinear);
}

void TestRegionTotalsChart::fewRegionsHaveNoOthersBar() {
    // One region past the limit is shown rather than called "1 other region".
    RegionTotalsChart chart;
    chart.setRun(regionsRun(31, milliseconds));
    QCOMPARE(chart.regions().size(), 31);
    QCOMPARE(chart.regions().last(), QStringLiteral("r01"));
}

void TestRegionTotalsChart::totalsFarApartGoOnALogScale() {
    // r01 = 1 ms … r40 = 40 s: on a linear axis every bar below r30 would
    // be a few pixels long.
    RegionTotalsChart chart;
    chart.setRun(regionsRun(40, [](int i) { return i == 40 ? 40'000'000'000 : milliseconds(i); }));
    QVERIFY(chart.logScale());
    QCPAxis* axis = chart.plot()->xAxis;
    QCOMPARE(axis->scaleType(), QCPAxis::stLogarithmic);
    // Others: r01..r10 = 55 ms; the shortest bar shown is r11 = 11 ms.
    QCOMPARE(chart.totals().back(), 0.055);
    QVERIFY(axis->range().lower > 0.0);
    QVERIFY(axis->range().lower < 0.011);
    QVERIFY(axis->range().upper > 40.0);
    // The bars start at the axis, not at zero (off a log axis).
    for (int i = 0; i < chart.plot()->plottableCount(); ++i) {
        auto* bars = qobject_cast<QCPBars*>(chart.plot()->plottable(i));
        QVERIFY(bars != nullptr);
        QCOMPARE(bars->baseValue(), axis->range().lower);
    }
}

void TestRegionTotalsChart::logLabelsOfLongRunsAreWholeSeconds() {
    // r01 = 1 ms … r40 = 40 000 s, the time of 64 ranks in a run of 10 minutes.
    RegionTotalsChart chart;
    chart.setRun(
        regionsRun(40, [](int i) { return i == 40 ? 40'000'000'000'000 : milliseconds(i); }));
    QVERIFY(chart.logScale());
    chart.plot()->resize(800, 600);
    chart.plot()->replot();
    const QVector<QString> labels = chart.plot()->xAxis->tickVectorLabels();
    QVERIFY(labels.contains(QStringLiteral("1 s")));
    QVERIFY(labels.contains(QStringLiteral("1000 s")));
    QVERIFY2(labels.contains(QString::fromUtf8("10\u202f000 s")),
             qPrintable(QStringList(labels.begin(), labels.end()).join(QStringLiteral(" | "))));
    for (const QString& label : labels)
        QVERIFY2(!label.contains(QLatin1Char('e')), qPrintable(label));
}

void TestRegionTotalsChart::heightFollowsTheBarsUpToTheCap() {
    const int three = heightFor(3);
    const int ten = heightFor(10);
    const int twenty = heightFor(20);
    const int thirtyFive = heightFor(35);
    QVERIFY2(three < ten, qPrintable(QStringLiteral("%1 %2").arg(three).arg(ten)));
    QVERIFY(ten < twenty);
    QVERIFY(twenty < thirtyFive);
    // Ten more bars, ten more rows of the same height.
    QCOMPARE(heightFor(30) - twenty, twenty - ten);
    // Past kShownRegions the others bar takes the rest: the height stops growing.
    QCOMPARE(heightFor(100), thirtyFive);
    QCOMPARE(heightFor(31), thirtyFive);
    // A label's height per bar at least: the labels never overlap.
    QVERIFY(twenty - ten >= 10 * QFontMetrics(QFont()).height());
}

QTEST_MAIN(TestRegionTotalsChart)
#include "tst_RegionTotalsChart.moc"
