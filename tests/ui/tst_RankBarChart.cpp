// SPDX-License-Identifier: GPL-3.0-or-later
// The per-rank bar chart against the numbers of the real sample run_np3.h5 and
// scope-profiler's own region-statistics JSON, plus readability at many ranks.
#include "../core/TestData.h"
#include "base/DurationFormat.h"
#include "charts/DurationAxisTicker.h"
#include "charts/IntegerAxisTicker.h"
#include "charts/RankBarChart.h"
#include "format/ProfileReader.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QtTest>
#include <qcustomplot.h>

#include <cmath>
#include <memory>

using namespace scope;

namespace {

// region -> per-rank statistics, from the JSON scope-profiler wrote for run_np3.h5.
QJsonObject regionStatisticsJson() {
    QFile file(dataPath(QStringLiteral("run_np3.region_statistics.json")));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
    return root.value("files").toArray().at(0).toObject().value("region_statistics").toObject();
}

QString jsonKey(Statistic statistic) {
    switch (statistic) {
    case Statistic::Total:
        return "total_duration_seconds";
    case Statistic::Average:
        return "average_duration_seconds";
    case Statistic::Min:
        return "min_duration_seconds";
    case Statistic::Max:
        return "max_duration_seconds";
    case Statistic::Calls:
        return "count";
    default: // the per-rank chart does not offer the scaling statistics
        return {};
    }
}

bool relativelyClose(double got, double expected) {
    return std::abs(got - expected) <= 1e-9 * std::abs(expected);
}

std::vector<std::pair<double, double>> barData(const QCPBars* bars) {
    std::vector<std::pair<double, double>> out;
    for (auto it = bars->data()->constBegin(); it != bars->data()->constEnd(); ++it)
        out.emplace_back(it->key, it->value);
    return out;
}

// One region on `ranks` ranks with totals that differ from rank to rank.
std::shared_ptr<const ProfilingResults> syntheticRun(std::uint32_t ranks) {
    auto run = std::make_shared<ProfilingResults>();
    run->numRanks = ranks;
    run->regions = {"solve"};
    for (std::uint32_t rank = 0; rank < ranks; ++rank) {
        RankRegion row;
        row.rank = rank;
        CallSummary& s = row.summary;
        s.count = 10;
        s.total = 20'000'000 + static_cast<std::int64_t>((rank * 7919) % 1000) * 10'000;
        s.minimum = s.total / 20;
        s.maximum = s.total / 5;
        s.first = s.minimum;
        s.last = s.maximum;
        s.endMaximum = s.total * 2;
        s.mean = static_cast<double>(s.total) / 10.0;
        run->rows.push_back(row);
    }
    run->finalize();
    return run;
}

void showAt(RankBarChart& chart, int width, int height) {
    chart.resize(width, height);
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    chart.plot()->replot();
    // A size change may queue a second replot once the axis length is known.
    QTest::qWait(20);
}

} // namespace

class TestRankBarChart : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void barsEqualStats_data();
    void barsEqualStats();
    void meanMatchesJson_data() { barsEqualStats_data(); }
    void meanMatchesJson();
    void slowestIsLargest_data() { barsEqualStats_data(); }
    void slowestIsLargest();
    void singleRankHasNoSlowest();
    void ioCheckpointOnlyOnRanks0And2();
    void rankSelectionRestrictsBars();
    void emptyStates();
    void keepsRegionAcrossRuns();
    void titleAndAxes();
    void toolTip();
    void clickActivatesRank();
    void rankTicksDoNotOverlap_data();
    void rankTicksDoNotOverlap();
    void durationTickerLabels_data();
    void durationTickerLabels();
    void integerTickerSteps();

private:
    std::shared_ptr<const ProfilingResults> np3_;
    QJsonObject json_;
};

void TestRankBarChart::initTestCase() {
    np3_ = std::make_shared<const ProfilingResults>(readH5(dataPath("run_np3.h5").toStdString()));
    json_ = regionStatisticsJson();
    QCOMPARE(np3_->numRanks, 3u);
    QVERIFY(json_.contains("io_checkpoint"));
}

void TestRankBarChart::barsEqualStats_data() {
    QTest::addColumn<QString>("region");
    QTest::addColumn<Statistic>("statistic");
    for (const std::string& region : np3_->regions)
        for (const Statistic statistic : allStatistics())
            QTest::addRow("%s %s", region.c_str(), qPrintable(label(statistic)))
                << QString::fromStdString(region) << statistic;
}

void TestRankBarChart::barsEqualStats() {
    QFETCH(QString, region);
    QFETCH(Statistic, statistic);
    const std::size_t index = *np3_->regionIndex(region.toStdString());
    RankBarChart chart;
    chart.setRun(np3_);
    chart.setRegion(static_cast<int>(index));
    chart.setStatistic(statistic);

    std::vector<std::pair<double, double>> expected;
    for (std::uint32_t rank = 0; rank < np3_->numRanks; ++rank) {
        const RegionStats stats = np3_->stats(index, rank);
        if (stats.count > 0)
            expected.emplace_back(rank, statisticValue(statistic, stats));
        // A rank without calls did none of the work: a bar at 0 for a sum.
        else if (statistic == Statistic::Total || statistic == Statistic::Calls)
            expected.emplace_back(rank, 0.0);
    }
    QCOMPARE(barData(chart.bars()), expected);
}

void TestRankBarChart::meanMatchesJson() {
    QFETCH(QString, region);
    QFETCH(Statistic, statistic);
    const QJsonObject perRank = json_.value(region).toObject().value("per_rank").toObject();
    QVERIFY(!perRank.isEmpty());
    double sum = 0;
    for (const QString& rank : perRank.keys())
        sum += perRank.value(rank).toObject().value(jsonKey(statistic)).toDouble();
    // Sums are averaged over every rank of the run (a rank without calls
    // counts 0), the others over the ranks that have a value.
    const bool sum0 = statistic == Statistic::Total || statistic == Statistic::Calls;
    const double expected = sum / (sum0 ? double(np3_->numRanks) : double(perRank.size()));

    RankBarChart chart;
    chart.setRun(np3_);
    chart.setRegion(static_cast<int>(*np3_->regionIndex(region.toStdString())));
    chart.setStatistic(statistic);
    QVERIFY(chart.mean().has_value());
    QVERIFY2(relativelyClose(*chart.mean(), expected),
             qPrintable(QString("%1 != %2").arg(*chart.mean()).arg(expected)));
    QVERIFY(relativelyClose(chart.meanLine()->point1->value(), expected));
    QCOMPARE(chart.meanLine()->point2->value(), chart.meanLine()->point1->value());
    QCOMPARE(chart.plot()->graph(0)->name(), "mean " + formatStatistic(statistic, *chart.mean()));
    QCOMPARE(chart.meanLine()->pen().style(), Qt::DashLine);
}

void TestRankBarChart::slowestIsLargest() {
    QFETCH(QString, region);
    QFETCH(Statistic, statistic);
    RankBarChart chart;
    chart.setRun(np3_);
    chart.setRegion(static_cast<int>(*np3_->regionIndex(region.toStdString())));
    chart.setStatistic(statistic);
    const auto bars = barData(chart.bars());
    const auto [smallest, largest] = std::minmax_element(
        bars.begin(), bars.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
    if (smallest->second == largest->second) {
        // All ranks alike (calls of "main", say): no rank is singled out.
        QVERIFY(!chart.slowestRank().has_value());
        QVERIFY(chart.slowestBars()->data()->isEmpty());
        QVERIFY(!chart.plot()->legend->hasItemWithPlottable(chart.slowestBars()));
        return;
    }
    QVERIFY(chart.slowestRank().has_value());
    QCOMPARE(double(*chart.slowestRank()), largest->first);
    const auto highlighted = barData(chart.slowestBars());
    QCOMPARE(highlighted.size(), 1u);
    QCOMPARE(highlighted.front(), *largest);
    QVERIFY2(chart.slowestBars()->name().contains(QString("rank %1").arg(*chart.slowestRank())),
             qPrintable(chart.slowestBars()->name()));
    QVERIFY(chart.plot()->legend->hasItemWithPlottable(chart.slowestBars()));
    QVERIFY(chart.slowestBars()->brush().color() != chart.bars()->brush().color());
}

void TestRankBarChart::singleRankHasNoSlowest() {
    RankBarChart chart;
    chart.setRun(syntheticRun(1));
    chart.setRegion(0);
    QCOMPARE(chart.bars()->data()->size(), 1);
    QVERIFY(!chart.slowestRank().has_value());
    QCOMPARE(*chart.mean(), chart.bars()->data()->at(0)->value);
}

void TestRankBarChart::ioCheckpointOnlyOnRanks0And2() {
    RankBarChart chart;
    chart.setRun(np3_);
    chart.setRegion(static_cast<int>(*np3_->regionIndex("io_checkpoint")));
    // Total time: rank 1 did none of the work and has its slot at 0, which
    // counts in the mean (the imbalance's mean over the selected ranks).
    const auto bars = barData(chart.bars());
    QCOMPARE(bars.size(), 3u);
    QCOMPARE(bars[0].first, 0.0);
    QCOMPARE(bars[1], std::make_pair(1.0, 0.0));
    QCOMPARE(bars[2].first, 2.0);
    QVERIFY(relativelyClose(*chart.mean(), (bars[0].second + bars[2].second) / 3.0));
    QCOMPARE(chart.slowestRank(), std::optional<std::uint32_t>(0));
    QVERIFY(chart.toolTipFor(1).contains("no calls"));

    // The average call has no value on rank 1: no bar, and the gap keeps its
    // place on the axis.
    chart.setStatistic(Statistic::Average);
    const auto averages = barData(chart.bars());
    QCOMPARE(averages.size(), 2u);
    QCOMPARE(averages[1].first, 2.0);
    QVERIFY(chart.plot()->xAxis->range().contains(1.0));
    QVERIFY(chart.toolTipFor(1).contains("no calls"));
}

void TestRankBarChart::rankSelectionRestrictsBars() {
    RankBarChart chart;
    chart.setRun(np3_);
    const int main = static_cast<int>(*np3_->regionIndex("main"));
    chart.setRegion(main);
    chart.setRanks(RankSelection({1, 2}));
    const auto bars = barData(chart.bars());
    QCOMPARE(bars.size(), 2u);
    QCOMPARE(bars[0].first, 1.0);
    QCOMPARE(bars[1].first, 2.0);
    QVERIFY(relativelyClose(*chart.mean(), (bars[0].second + bars[1].second) / 2));
    QCOMPARE(chart.plot()->xAxis->range().lower, 0.5);
    QCOMPARE(chart.plot()->xAxis->range().upper, 2.5);

    chart.setRegion(static_cast<int>(*np3_->regionIndex("io_checkpoint")));
    chart.setRanks(RankSelection({1}));
    QVERIFY(chart.bars()->data()->isEmpty());
    QVERIFY(!chart.mean().has_value());
    QCOMPARE(chart.message(), "io_checkpoint has no calls on ranks 1");

    chart.setRanks(RankSelection());
    QCOMPARE(chart.bars()->data()->size(), 3);
    QCOMPARE(chart.message(), QString());
}

void TestRankBarChart::emptyStates() {
    RankBarChart chart;
    QVERIFY(!chart.message().isEmpty());
    QVERIFY(chart.bars()->data()->isEmpty());
    chart.setRun(np3_);
    QCOMPARE(chart.region(), -1);
    QCOMPARE(chart.message(), "Select a region in the table");
    chart.setRegion(0);
    QCOMPARE(chart.message(), QString());
    chart.setRegion(-1);
    QCOMPARE(chart.message(), "Select a region in the table");
    QVERIFY(chart.bars()->data()->isEmpty());
    QVERIFY(!chart.slowestRank().has_value());
}

void TestRankBarChart::keepsRegionAcrossRuns() {
    RankBarChart chart;
    chart.setRun(np3_);
    chart.setRegion(static_cast<int>(*np3_->regionIndex("solve")));
    chart.setRun(syntheticRun(8)); // has "solve" too
    QCOMPARE(chart.region(), 0);
    QCOMPARE(chart.bars()->data()->size(), 8);
    chart.setRun(np3_);
    QCOMPARE(chart.region(), static_cast<int>(*np3_->regionIndex("solve")));
}

void TestRankBarChart::titleAndAxes() {
    RankBarChart chart;
    chart.setRun(np3_);
    chart.setRegion(static_cast<int>(*np3_->regionIndex("mpi.allreduce")));
    showAt(chart, 700, 420);
    auto* title = qobject_cast<QCPTextElement*>(chart.plot()->plotLayout()->element(0, 0));
    QVERIFY(title != nullptr);
    QCOMPARE(title->text(), "mpi.allreduce — Total time per rank");
    QCOMPARE(chart.plot()->xAxis->label(), "Rank");
    QVERIFY(dynamic_cast<DurationAxisTicker*>(chart.plot()->yAxis->ticker().data()) != nullptr);
    const QVector<QString> labels = chart.plot()->yAxis->tickVectorLabels();
    QVERIFY(labels.size() >= 3);
    QCOMPARE(labels.front(), "0");
    for (qsizetype i = 1; i < labels.size(); ++i)
        QVERIFY2(labels[i].endsWith(" ms"), qPrintable(labels[i]));

    chart.setStatistic(Statistic::Calls);
    chart.plot()->replot();
    QCOMPARE(title->text(), "mpi.allreduce — Calls per rank");
    QCOMPARE(chart.plot()->yAxis->label(), "Calls");
    for (const double tick : chart.plot()->yAxis->tickVector())
        QCOMPARE(tick, std::round(tick));

    // Exported images say which run they show.
    chart.setRunLabel(QStringLiteral("run_np3"));
    QCOMPARE(title->text(), "run_np3\nmpi.allreduce: Calls per rank");
    chart.setStatistic(Statistic::Total);
    QCOMPARE(title->text(), "run_np3\nmpi.allreduce: Total time per rank");
    chart.setRunLabel({});
    QCOMPARE(title->text(), "mpi.allreduce — Total time per rank");
}

void TestRankBarChart::toolTip() {
    RankBarChart chart;
    chart.setRun(np3_);
    const std::size_t region = *np3_->regionIndex("mpi.allreduce");
    chart.setRegion(static_cast<int>(region));
    const double value = np3_->stats(region, 0).total;
    const double mean = *chart.mean();
    const QString percent = QString::number((value - mean) / mean * 100, 'f', 0);
    const QString expected = QString("rank 0: %1 (mean %2, +%3 %)")
                                 .arg(QString::fromStdString(formatDuration(value)),
                                      QString::fromStdString(formatDuration(mean)), percent);
    const QString tip = chart.toolTipFor(0);
    QVERIFY2(tip.startsWith(expected), qPrintable(tip + " vs " + expected));
    QVERIFY2(tip.contains(QString::number(value, 'f', QLocale::FloatingPointShortest) + " s"),
             qPrintable(tip));
    QVERIFY(tip.contains("25 calls"));

    showAt(chart, 600, 400);
    const QCPAxis* x = chart.plot()->xAxis;
    const QCPAxis* y = chart.plot()->yAxis;
    const double rank1 = np3_->stats(region, 1).total;
    QCOMPARE(chart.rankAt(QPointF(x->coordToPixel(1.1), y->coordToPixel(rank1 / 2))),
             std::optional<std::uint32_t>(1));
    QVERIFY(!chart.rankAt(QPointF(2, 2)).has_value()); // outside the axis rect
}

void TestRankBarChart::clickActivatesRank() {
    RankBarChart chart;
    chart.setRun(np3_);
    const std::size_t region = *np3_->regionIndex("mpi.allreduce");
    chart.setRegion(static_cast<int>(region));
    showAt(chart, 600, 400);
    QSignalSpy activated(&chart, &RankBarChart::rankActivated);
    const QPoint bar(qRound(chart.plot()->xAxis->coordToPixel(2)),
                     qRound(chart.plot()->yAxis->coordToPixel(np3_->stats(region, 2).total / 2)));
    QTest::mouseClick(chart.plot(), Qt::LeftButton, {}, bar);
    QCOMPARE(activated.size(), 1);
    QCOMPARE(activated.front().front().value<std::uint32_t>(), 2u);
}

void TestRankBarChart::rankTicksDoNotOverlap_data() {
    QTest::addColumn<int>("ranks");
    QTest::addColumn<int>("width");
    for (const int ranks : {1, 3, 64, 1000, 4096})
        for (const int width : {260, 640, 1900})
            QTest::addRow("%d ranks, %d px", ranks, width) << ranks << width;
}

void TestRankBarChart::rankTicksDoNotOverlap() {
    QFETCH(int, ranks);
    QFETCH(int, width);
    RankBarChart chart;
    chart.setRun(syntheticRun(static_cast<std::uint32_t>(ranks)));
    chart.setRegion(0);
    // Shrinking from a wider layout must not keep the wider layout's ticks.
    showAt(chart, 1900, 400);
    showAt(chart, width, 400);

    const QCPAxis* x = chart.plot()->xAxis;
    const QVector<double> ticks = x->tickVector();
    const QVector<QString> labels = x->tickVectorLabels();
    QVERIFY(!ticks.isEmpty());
    QCOMPARE(labels.size(), ticks.size());
    if (ranks > 1)
        QVERIFY(ticks.size() >= 2);
    const QFontMetrics metrics(x->tickLabelFont());
    for (qsizetype i = 0; i < ticks.size(); ++i) {
        QCOMPARE(ticks[i], std::round(ticks[i]));
        QCOMPARE(labels[i], QString::number(std::llround(ticks[i])));
        if (i == 0)
            continue;
        const double gap = x->coordToPixel(ticks[i]) - x->coordToPixel(ticks[i - 1]);
        const double room =
            (metrics.horizontalAdvance(labels[i]) + metrics.horizontalAdvance(labels[i - 1])) / 2.0;
        QVERIFY2(gap >= 40, qPrintable(QString("ticks %1 px apart").arg(gap)));
        QVERIFY2(gap >= room + 4,
                 qPrintable(QString("labels overlap: %1 < %2").arg(gap).arg(room)));
    }
    const QCPBars* bars = chart.bars();
    const double pixels = bars->widthType() == QCPBars::wtAbsolute
                              ? bars->width()
                              : std::abs(x->coordToPixel(bars->width()) - x->coordToPixel(0));
    QVERIFY2(pixels >= 1.0, qPrintable(QString("bars %1 px wide").arg(pixels)));
    QCOMPARE(chart.bars()->data()->size(), ranks);
}

void TestRankBarChart::durationTickerLabels_data() {
    QTest::addColumn<double>("upper");
    QTest::addColumn<QString>("unit");
    QTest::addColumn<QString>("second"); // the label of the first tick after 0
    const auto row = [](const char* name, double upper, const char* unit, const char* second) {
        QTest::newRow(name) << upper << QString(unit) << QString(second);
    };
    row("ms", 0.05, " ms", "10 ms");
    row("fractional ms", 0.0012, " ms", "0.25 ms");
    row("µs", 2.5e-5, " µs", "5 µs");
    row("ns", 5e-7, " ns", "100 ns");
    row("s", 3.0, " s", "0.5 s");
    row("long run", 5000.0, " s", "1000 s");
    row("day-long run", 50000.0, " s", "10\u202f000 s");
}

void TestRankBarChart::durationTickerLabels() {
    QFETCH(double, upper);
    QFETCH(QString, unit);
    QFETCH(QString, second);
    DurationAxisTicker ticker;
    QVector<double> ticks;
    QVector<QString> labels;
    ticker.generate(QCPRange(0, upper), QLocale::c(), 'g', 6, ticks, nullptr, &labels);
    QVERIFY(labels.size() >= 3);
    QCOMPARE(labels[0], "0");
    QCOMPARE(labels[1], second);
    for (qsizetype i = 1; i < labels.size(); ++i)
        QVERIFY2(labels[i].endsWith(unit), qPrintable(labels[i]));
    QCOMPARE(QSet<QString>(labels.begin(), labels.end()).size(), labels.size());
}

void TestRankBarChart::integerTickerSteps() {
    QCOMPARE(IntegerAxisTicker::niceStep(0.3), 1.0);
    QCOMPARE(IntegerAxisTicker::niceStep(1.0), 1.0);
    QCOMPARE(IntegerAxisTicker::niceStep(1.5), 2.0);
    QCOMPARE(IntegerAxisTicker::niceStep(3.0), 5.0);
    QCOMPARE(IntegerAxisTicker::niceStep(7.0), 10.0);
    QCOMPARE(IntegerAxisTicker::niceStep(910.0), 1000.0);
    IntegerAxisTicker ticker; // no axis: about tickCount() ticks, whole numbers
    QVector<double> ticks;
    QVector<QString> labels;
    ticker.generate(QCPRange(0, 3), QLocale::c(), 'g', 6, ticks, nullptr, &labels);
    QCOMPARE(labels, (QVector<QString>{"0", "1", "2", "3"}));
}

QTEST_MAIN(TestRankBarChart)
#include "tst_RankBarChart.moc"
