// SPDX-License-Identifier: GPL-3.0-or-later
// The rank x region heatmap's model and view: numbers and tooltips worked
// out by hand, a slow rank among 1,024 still visible, clicks naming the
// cell's region and rank, exports that are not blank.
#include "../core/HandMadeRun.h"
#include "SyntheticRun.h"
#include "distributions/HeatmapModel.h"
#include "distributions/HeatmapPainter.h"
#include "distributions/HeatmapView.h"
#include "format/ProfileReader.h"

#include <QAbstractItemModelTester>
#include <QFileInfo>
#include <QImage>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

using namespace scope;

namespace {

// b: ranks 0, 1 100 ns, rank 2 400 ns (mean 200 ns); a: rank 0 40 ns in two
// calls, rank 1 20 ns, rank 2 none (it did none of the work: mean total 20 ns).
std::shared_ptr<const ProfilingResults> handMade() {
    return std::make_shared<const ProfilingResults>(makeResults({{0, "a", {{0, 10}, {20, 50}}},
                                                                 {1, "a", {{0, 20}}},
                                                                 {0, "b", {{100, 200}}},
                                                                 {1, "b", {{100, 200}}},
                                                                 {2, "b", {{0, 400}}}}));
}

// The imbalance lines (ImbalancePattern) of handMade(): its span [0, 400] in
// 16 windows of 25 ns. b: rank 2 alone in windows 0-3 and 8-15 (25 ns of a
// mean 8.33, 16.7 ns to recover in each: 200 ns), all three ranks 25 ns in
// windows 4-7 (balanced): rank 2 slow in every window with imbalance, alone
// in 12 of 16 (not the 80 % serialising needs). a: window 0 rank 0 15 ns
// (10 + 5), rank 1 20 ns, mean 11.67: 8.33 ns, rank 1 slowest; window 1 rank 0
// 25 ns, mean 8.33: 16.67 ns, rank 0 slowest. 25 ns in all, the slow rank
// changes.
const QString kImbalanceB = QStringLiteral(
    "Imbalance: static — rank 2 slow in every window with imbalance; balancing would recover "
    "200 ns");
const QString kImbalanceA = QStringLiteral(
    "Imbalance: rotating — the slowest rank changes between windows (ranks 0, 1); balancing "
    "would recover 25.0 ns");

// 1,024 ranks of SyntheticRun, rank 700 ten times as long in the costliest region.
std::shared_ptr<const ProfilingResults> thousandRanksOneSlow(std::size_t& region) {
    fixtures::SyntheticRun::Shape shape;
    shape.ranks = 1024;
    shape.regions = 4;
    shape.calls = 3;
    std::vector<Row> rows;
    for (const fixtures::FixtureRow& r : fixtures::SyntheticRun::generate(shape).rows) {
        Calls calls;
        for (std::size_t i = 0; i < r.starts.size(); ++i)
            calls.emplace_back(r.starts[i], r.ends[i]);
        rows.push_back({r.rank, r.region, std::move(calls)});
    }
    ProfilingResults results = makeResults(rows);
    region = RankRegionHeatmap::compute(results, {}, HeatmapStatistic::Total).region(0);
    std::int64_t largest = 0;
    for (const RankRegion& row : results.rowsOf(region))
        largest = std::max(largest, row.summary.total);
    for (RankRegion& row : results.rows)
        if (row.rank == 700 && row.region == region)
            row.summary.total = 10 * largest;
    return std::make_shared<const ProfilingResults>(std::move(results));
}

bool hasColour(const QImage& image, const QColor& colour) {
    const QRgb wanted = colour.rgb();
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            if ((image.pixel(x, y) & 0xffffff) == (wanted & 0xffffff))
                return true;
    return false;
}

} // namespace

class TestHeatmap : public QObject {
    Q_OBJECT
private slots:
    void modelShowsRatiosAndNumbers() {
        HeatmapModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setRun(handMade());
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.columnCount(), 2);
        QCOMPARE(model.headerData(0, Qt::Horizontal).toString(), QStringLiteral("b"));
        QCOMPARE(model.headerData(2, Qt::Vertical).toString(), QStringLiteral("rank 2"));
        QCOMPARE(model.index(2, 0).data().toString(), QStringLiteral("2.00×"));
        QCOMPARE(model.index(0, 1).data().toString(), QStringLiteral("2.00×"));
        QVERIFY(!model.index(2, 1).data().isValid());
        QCOMPARE(model.index(2, 0).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("rank 2, b: 400 ns total, 2.00× the mean 200 ns\n") + kImbalanceB);
        QCOMPARE(model.index(2, 1).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("rank 2, a: no calls\n") + kImbalanceA);
        QCOMPARE(model.index(1, 1).data(HeatmapModel::RankRole).toUInt(), 1u);
        QCOMPARE(model.index(1, 1).data(HeatmapModel::RegionRole).toInt(), 0); // "a"

        // Max of a: 30 and 20 ns, mean 25 ns.
        model.setStatistic(HeatmapStatistic::Max);
        QCOMPARE(model.index(0, 1).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("rank 0, a: 30.0 ns max, 1.20× the mean 25.0 ns\n") + kImbalanceA);
        model.setRanks(RankSelection({1, 2}));
        QCOMPARE(model.rowCount(), 2);
        model.setRun(nullptr);
        QCOMPARE(model.rowCount(), 0);
    }

    void summaryOnlyRunsHaveAHeatmap() {
        auto results = std::make_shared<const ProfilingResults>(
            readH5Summary(SCOPE_TEST_DATA_DIR "/v3_aggregate.h5"));
        QVERIFY(!results->eventsRead);
        HeatmapModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setRun(results);
        QVERIFY(model.columnCount() > 0);
        QCOMPARE(model.rowCount(), 1);
        // One rank: every region exactly at its mean.
        for (int c = 0; c < model.columnCount(); ++c)
            QCOMPARE(model.index(0, c).data().toString(), QStringLiteral("1.00×"));
    }

    void colourScaleDivergesAroundOne() {
        QCOMPARE(HeatmapPainter::colorOf(1.0), QColor(Qt::white));
        QCOMPARE(HeatmapPainter::colorOf(2.0), HeatmapPainter::colorOf(10.0));
        QCOMPARE(HeatmapPainter::colorOf(0.5), HeatmapPainter::colorOf(0.01));
        QVERIFY(HeatmapPainter::colorOf(2.0).red() > HeatmapPainter::colorOf(2.0).blue());
        QVERIFY(HeatmapPainter::colorOf(0.5).blue() > HeatmapPainter::colorOf(0.5).red());
        // Symmetric in log2: 1.5x and 1/1.5x both log2(1.5) = 0.585 of the way
        // from white to their end colour (red 178,24,43; blue 33,102,172).
        const QColor up = HeatmapPainter::colorOf(1.5), down = HeatmapPainter::colorOf(1 / 1.5);
        QVERIFY(qAbs((255 - up.green()) / (255.0 - 24) - 0.585) < 0.01);
        QVERIFY(qAbs((255 - down.red()) / (255.0 - 33) - 0.585) < 0.01);
    }

    void aSlowRankAmongThousandsShows() {
        std::size_t region = 0;
        HeatmapView view;
        view.setRun(thousandRanksOneSlow(region));
        view.resize(700, 400);
        const QImage image = view.grab().toImage();
        const HeatmapPainter::Layout& layout = view.drawnLayout();
        QCOMPARE(view.model()->rowCount(), 1024);
        QVERIFY(layout.bands.count() > 0);
        QVERIFY(layout.bands.count() <= static_cast<std::size_t>(layout.grid.height()));
        // The band holding rank 700 shows its ratio, in the scale's deepest red.
        std::size_t band = 0;
        while (layout.bands.firstRow[band + 1] <= 700)
            ++band;
        QCOMPARE(view.model()->heatmap().rank(layout.bands.row(band, 0)), 700u);
        QVERIFY(layout.bands.ratio(band, 0) > 5.0);
        const QPoint centre = layout.centre(band, 0).toPoint();
        QCOMPARE(image.pixelColor(centre * image.devicePixelRatio()).rgb(),
                 HeatmapPainter::colorOf(HeatmapPainter::kHighest).rgb());
        QVERIFY(view.toolTipAt(centre).contains(QStringLiteral("rank 700,")));
    }

    void clickSelectsRegionAndRank() {
        HeatmapView view;
        view.setRun(handMade());
        view.resize(500, 400);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.grab();
        QSignalSpy activated(&view, &HeatmapView::cellActivated);
        const HeatmapPainter::Layout& layout = view.drawnLayout();
        QCOMPARE(layout.bands.count(), std::size_t(3));
        QTest::mouseClick(&view, Qt::LeftButton, {}, layout.centre(2, 0).toPoint());
        QCOMPARE(activated.count(), 1);
        QCOMPARE(activated.at(0).at(0).toInt(), 1); // "b"
        QCOMPARE(activated.at(0).at(1).value<std::uint32_t>(), 2u);
        // Rank 2 has no calls of "a": nothing to select.
        QTest::mouseClick(&view, Qt::LeftButton, {}, layout.centre(2, 1).toPoint());
        QCOMPARE(activated.count(), 1);
        QCOMPARE(view.toolTipAt(layout.centre(0, 1).toPoint()),
                 QStringLiteral("rank 0, a: 40.0 ns total, 2.00× the mean 20.0 ns\n") +
                     kImbalanceA);
    }

    void statisticChooserRecolours() {
        HeatmapView view;
        view.setRun(handMade());
        view.setStatistic(HeatmapStatistic::Average);
        QCOMPARE(view.model()->statistic(), HeatmapStatistic::Average);
        QVERIFY(view.title().startsWith(QStringLiteral("Average per rank")));
    }

    void exportsAreNotBlank() {
        std::size_t region = 0;
        HeatmapView view;
        view.setRun(thousandRanksOneSlow(region));
        view.setRunLabel(QStringLiteral("synthetic"));
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("h.png"));
        QVERIFY(view.savePng(png, 800, 500, 2.0));
        const QImage image(png);
        QCOMPARE(image.size(), QSize(1600, 1000));
        QVERIFY(hasColour(image, HeatmapPainter::colorOf(HeatmapPainter::kHighest)));
        QVERIFY(hasColour(image, Qt::black)); // labels
        for (const QString& name : {QStringLiteral("h.svg"), QStringLiteral("h.pdf")}) {
            const QString path = dir.filePath(name);
            QVERIFY(name.endsWith(QStringLiteral("svg")) ? view.saveSvg(path, 800, 500)
                                                         : view.savePdf(path, 800, 500));
            QVERIFY(QFileInfo(path).size() > 1000);
        }
    }
};

QTEST_MAIN(TestHeatmap)
#include "tst_Heatmap.moc"
