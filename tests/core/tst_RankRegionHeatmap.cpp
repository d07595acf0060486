// SPDX-License-Identifier: GPL-3.0-or-later
// The rank x region heatmap's ratios, worked out by hand and checked against
// scope-profiler's own per-rank totals of a real 3-rank run.
#include "HandMadeRun.h"
#include "SyntheticRun.h"
#include "analysis/RankRegionHeatmap.h"
#include "format/ProfileReader.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <cmath>

using namespace scope;

namespace {

// Rows of a FixtureSpec as results, without the round trip through a file:
// the heatmap only reads the summaries.
ProfilingResults resultsOf(const fixtures::FixtureSpec& spec) {
    std::vector<Row> rows;
    for (const fixtures::FixtureRow& r : spec.rows) {
        Calls calls;
        for (std::size_t i = 0; i < r.starts.size(); ++i)
            calls.emplace_back(r.starts[i], r.ends[i]);
        rows.push_back({r.rank, r.region, std::move(calls)});
    }
    return makeResults(rows);
}

bool close(double got, double expected) {
    return std::fabs(got - expected) <= 1e-12 * std::max(1.0, std::fabs(expected));
}

} // namespace

class TestRankRegionHeatmap : public QObject {
    Q_OBJECT
private slots:
    void ratiosByHand() {
        // a: rank 0 two calls 10+30 ns, rank 1 one call 20 ns, rank 2 none.
        // b: rank 0 100 ns, rank 1 100 ns, rank 2 400 ns.
        // Costs: a 60 ns, b 600 ns -> b first.
        const ProfilingResults r = makeResults({{0, "a", {{0, 10}, {20, 50}}},
                                                {1, "a", {{0, 20}}},
                                                {0, "b", {{100, 200}}},
                                                {1, "b", {{100, 200}}},
                                                {2, "b", {{0, 400}}}});
        const auto total = RankRegionHeatmap::compute(r, {}, HeatmapStatistic::Total);
        QCOMPARE(total.columnCount(), std::size_t(2));
        QCOMPARE(total.rowCount(), std::size_t(3));
        QCOMPARE(r.regions[total.region(0)], std::string("b"));
        QCOMPARE(r.regions[total.region(1)], std::string("a"));
        // b: mean (100+100+400)/3 = 200 ns -> 0.5, 0.5, 2.
        QVERIFY(close(total.mean(0), 200e-9));
        QVERIFY(close(total.ratio(0, 0), 0.5));
        QVERIFY(close(total.ratio(2, 0), 2.0));
        // a: totals 40, 20 and none on rank 2, which did none of the work and
        // counts 0: mean 60 / 3 = 20 -> 2, 1 (as the region table's imbalance).
        QVERIFY(close(total.mean(1), 20e-9));
        QVERIFY(close(total.ratio(0, 1), 2.0));
        QVERIFY(close(total.ratio(1, 1), 1.0));
        QVERIFY(std::isnan(total.ratio(2, 1)));
        QVERIFY(std::isnan(total.value(2, 1)));

        // Averages a: 20, 20 -> 1, 1. Max a: 30, 20, mean 25 -> 1.2, 0.8.
        const auto average = RankRegionHeatmap::compute(r, {}, HeatmapStatistic::Average);
        QVERIFY(close(average.ratio(0, 1), 1.0));
        QVERIFY(close(average.ratio(1, 1), 1.0));
        const auto max = RankRegionHeatmap::compute(r, {}, HeatmapStatistic::Max);
        QVERIFY(close(max.value(0, 1), 30e-9));
        QVERIFY(close(max.ratio(0, 1), 1.2));
        QVERIFY(close(max.ratio(1, 1), 0.8));

        // Ranks 1 and 2 only: a only on rank 1 (20 of a mean 10: 2), b mean
        // 250 -> 0.4, 1.6;
        // the selection's costs still put b first.
        const auto some =
            RankRegionHeatmap::compute(r, RankSelection({1, 2}), HeatmapStatistic::Total);
        QCOMPARE(some.rowCount(), std::size_t(2));
        QCOMPARE(some.rank(0), 1u);
        QCOMPARE(some.rowOf(0), RankRegionHeatmap::kNoRow);
        QVERIFY(close(some.ratio(0, 0), 0.4));
        QVERIFY(close(some.ratio(1, 0), 1.6));
        QVERIFY(close(some.ratio(0, 1), 2.0));
    }

    void costliestFirstFollowsTheSelection() {
        // Over all ranks x (30) costs more than y (25); on rank 0 alone y does.
        const ProfilingResults r =
            makeResults({{0, "x", {{0, 5}}}, {1, "x", {{0, 25}}}, {0, "y", {{0, 25}}}});
        const auto all = RankRegionHeatmap::compute(r, {}, HeatmapStatistic::Total);
        QCOMPARE(r.regions[all.region(0)], std::string("x"));
        const auto rank0 =
            RankRegionHeatmap::compute(r, RankSelection({0}), HeatmapStatistic::Total);
        QCOMPARE(r.regions[rank0.region(0)], std::string("y"));
    }

    void bandsKeepTheMaximum() {
        // Five ranks of one region, totals 10, 10, 50, 10, 20: mean 20 -> ratios
        // 0.5, 0.5, 2.5, 0.5, 1. Two pixel rows: bands [0,2) and [2,5).
        const ProfilingResults r = makeResults({{0, "a", {{0, 10}}},
                                                {1, "a", {{0, 10}}},
                                                {2, "a", {{0, 50}}},
                                                {3, "a", {{0, 10}}},
                                                {4, "a", {{0, 20}}}});
        const auto h = RankRegionHeatmap::compute(r, {}, HeatmapStatistic::Total);
        const auto two = h.bands(2);
        QCOMPARE(two.count(), std::size_t(2));
        QCOMPARE(two.firstRow, (std::vector<std::size_t>{0, 2, 5}));
        QVERIFY(close(two.ratio(0, 0), 0.5));
        QVERIFY(close(two.ratio(1, 0), 2.5));
        QCOMPARE(two.row(1, 0), std::size_t(2));
        // More pixels than ranks: one band per rank.
        const auto many = h.bands(100);
        QCOMPARE(many.count(), std::size_t(5));
        QVERIFY(close(many.ratio(4, 0), 1.0));
    }

    void ratiosMatchScopeProfilersPerRankTotals_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<bool>("summaryOnly");
        // scope-report's JSON of the 3-rank run, and the independent reader's
        // expectations of a summary-only (aggregate layout) file.
        QTest::newRow("run_np3") << QStringLiteral("run_np3") << false;
        QTest::newRow("v3_aggregate summary") << QStringLiteral("v3_aggregate") << true;
    }
    void ratiosMatchScopeProfilersPerRankTotals() {
        QFETCH(QString, file);
        QFETCH(bool, summaryOnly);
        const QString dir = QStringLiteral(SCOPE_TEST_DATA_DIR "/");
        QFile json(dir + file +
                   (summaryOnly ? QStringLiteral(".expected.json")
                                : QStringLiteral(".region_statistics.json")));
        QVERIFY(json.open(QIODevice::ReadOnly));
        const QJsonObject root = QJsonDocument::fromJson(json.readAll()).object();
        const QJsonObject stats =
            (summaryOnly
                 ? root
                 : root[QStringLiteral("files")][0].toObject())[QStringLiteral("region_statistics")]
                .toObject();
        const std::string path = (dir + file + QStringLiteral(".h5")).toStdString();
        const ProfilingResults results = summaryOnly ? readH5Summary(path) : readH5(path);
        QCOMPARE(results.eventsRead, !summaryOnly);
        const auto h = RankRegionHeatmap::compute(results, {}, HeatmapStatistic::Total);
        QVERIFY(h.columnCount() > 0);
        QVERIFY(h.columnCount() <= static_cast<std::size_t>(stats.size()));
        const auto totalOf = [](const QJsonValue& v) {
            return v.toObject()[QStringLiteral("total_duration_seconds")].toDouble();
        };
        for (std::size_t c = 0; c < h.columnCount(); ++c) {
            const QString name = QString::fromStdString(results.regions[h.region(c)]);
            const QJsonObject perRank =
                stats[name].toObject()[QStringLiteral("per_rank")].toObject();
            double sum = 0.0;
            for (const QString& rank : perRank.keys())
                sum += totalOf(perRank[rank]);
            // Over every rank shown: one without calls of the region counts 0.
            const double mean = sum / static_cast<double>(h.rowCount());
            for (const QString& rank : perRank.keys()) {
                const double expected = totalOf(perRank[rank]) / mean;
                const std::size_t row = h.rowOf(rank.toUInt());
                QVERIFY(row != RankRegionHeatmap::kNoRow);
                QVERIFY2(close(h.ratio(row, c), expected),
                         qPrintable(QStringLiteral("%1 rank %2: %3, expected %4")
                                        .arg(name, rank)
                                        .arg(h.ratio(row, c), 0, 'g', 17)
                                        .arg(expected, 0, 'g', 17)));
            }
            if (c > 0) // costliest first
                QVERIFY(totalOf(stats[QString::fromStdString(results.regions[h.region(c - 1)])]) >=
                        totalOf(stats[name]));
        }
    }

    void oneSlowRankAmongThousandsShows() {
        fixtures::SyntheticRun::Shape shape;
        shape.ranks = 1024;
        shape.regions = 3;
        shape.calls = 4;
        ProfilingResults r = resultsOf(fixtures::SyntheticRun::generate(shape));
        // Rank 700 spends ten times as long in the costliest region as anyone.
        const auto before = RankRegionHeatmap::compute(r, {}, HeatmapStatistic::Total);
        const std::size_t region = before.region(0);
        std::int64_t largest = 0;
        for (const RankRegion& row : r.rowsOf(region))
            largest = std::max(largest, row.summary.total);
        for (RankRegion& row : r.rows)
            if (row.rank == 700 && row.region == region)
                row.summary.total = 10 * largest;
        const auto h = RankRegionHeatmap::compute(r, {}, HeatmapStatistic::Total);
        QCOMPARE(h.rowCount(), std::size_t(1024));
        const auto bands = h.bands(300);
        QCOMPARE(bands.count(), std::size_t(300));
        double highest = 0.0;
        std::size_t highestRow = 0;
        for (std::size_t b = 0; b < bands.count(); ++b)
            if (bands.ratio(b, 0) > highest) {
                highest = bands.ratio(b, 0);
                highestRow = bands.row(b, 0);
            }
        QCOMPARE(h.rank(highestRow), 700u);
        QVERIFY(highest > 5.0);
    }
};

QTEST_GUILESS_MAIN(TestRankRegionHeatmap)
#include "tst_RankRegionHeatmap.moc"
