// SPDX-License-Identifier: GPL-3.0-or-later
// Chart exports: the requested size, real content, and vector files that exist.
#include "charts/ChartExporter.h"
#include "charts/RankBarChart.h"
#include "common/RegionPalette.h"
#include "comparison/ComparisonBarChart.h"
#include "comparison/ComparisonSet.h"
#include "comparison/ComparisonView.h"
#include "comparison/SpeedupChart.h"
#include "format/ProfileReader.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QImage>
#include <QMimeData>
#include <QTemporaryDir>
#include <QtTest>
#include <qcustomplot.h>

#include <cmath>
#include <memory>

using namespace scope;

namespace {

// Pixels that differ from the background, and pixels close to `colour`.
std::pair<qint64, qint64> countPixels(const QImage& image, QColor background, QColor colour) {
    qint64 drawn = 0;
    qint64 coloured = 0;
    const auto near = [](QColor a, QColor b) {
        return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) +
                   std::abs(a.blue() - b.blue()) <
               24;
    };
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QColor pixel = image.pixelColor(x, y);
            drawn += pixel != background ? 1 : 0;
            coloured += near(pixel, colour) ? 1 : 0;
        }
    return {drawn, coloured};
}

std::shared_ptr<const ProfilingResults> wideRun(std::uint32_t ranks) {
    auto run = std::make_shared<ProfilingResults>();
    run->numRanks = ranks;
    run->regions = {"solve"};
    for (std::uint32_t rank = 0; rank < ranks; ++rank) {
        RankRegion row;
        row.rank = rank;
        row.summary.count = 4;
        row.summary.total = 1'000'000 + rank * 100;
        row.summary.minimum = row.summary.maximum = row.summary.total / 4;
        run->rows.push_back(row);
    }
    run->finalize();
    return run;
}

} // namespace

class TestChartExporter : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void pngHasRequestedSizeAndContent();
    void pngDefaultsToTwiceTheScreenSize();
    void svgAndPdfAreWritten();
    void badPathFails();
    void exportLaysOutAtItsOwnSize();
    void copyToClipboard();
    void aChartNeverShownExportsAtTheDefaultSize();

private:
    QTemporaryDir dir_;
    std::unique_ptr<RankBarChart> chart_;
    std::shared_ptr<const ProfilingResults> run_;
};

void TestChartExporter::initTestCase() {
    QVERIFY(dir_.isValid());
    run_ = std::make_shared<const ProfilingResults>(readH5(SCOPE_TEST_DATA_DIR "/run_np3.h5"));
    chart_ = std::make_unique<RankBarChart>();
    chart_->setRun(run_);
    chart_->setRegion(static_cast<int>(*run_->regionIndex("mpi.allreduce")));
    chart_->resize(640, 400);
    chart_->show();
    QVERIFY(QTest::qWaitForWindowExposed(chart_.get()));
    QTest::qWait(20);
}

void TestChartExporter::pngHasRequestedSizeAndContent() {
    const QString path = dir_.filePath("bars.png");
    QVERIFY(ChartExporter::savePng(chart_->plot(), path, 500, 300, 1.5));
    const QImage image(path);
    QCOMPARE(image.size(), QSize(750, 450));
    const auto [drawn, coloured] =
        countPixels(image, Qt::white, RegionPalette::color("mpi.allreduce"));
    QVERIFY2(drawn > image.width() * image.height() / 20, qPrintable(QString::number(drawn)));
    QVERIFY2(coloured > 1000, "the bars are missing");
}

void TestChartExporter::pngDefaultsToTwiceTheScreenSize() {
    const QString path = dir_.filePath("default.png");
    QVERIFY(ChartExporter::savePng(chart_->plot(), path));
    QCOMPARE(QImage(path).size(), chart_->plot()->size() * 2);
}

void TestChartExporter::svgAndPdfAreWritten() {
    const QString svg = dir_.filePath("bars.svg");
    QVERIFY(ChartExporter::saveSvg(chart_->plot(), svg, 500, 300));
    QFile svgFile(svg);
    QVERIFY(svgFile.open(QIODevice::ReadOnly));
    const QByteArray svgText = svgFile.readAll();
    QVERIFY(svgText.contains("<svg"));
    QVERIFY(svgText.contains("viewBox=\"0 0 500 300\""));

    const QString pdf = dir_.filePath("bars.pdf");
    QVERIFY(ChartExporter::savePdf(chart_->plot(), pdf));
    QFile pdfFile(pdf);
    QVERIFY(pdfFile.open(QIODevice::ReadOnly));
    QVERIFY(pdfFile.size() > 1000);
    QVERIFY(pdfFile.read(5) == "%PDF-");
}

void TestChartExporter::badPathFails() {
    const QString missing = dir_.filePath("no/such/dir/x");
    QVERIFY(!ChartExporter::savePng(chart_->plot(), missing + ".png"));
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression(".*"));
    QVERIFY(!ChartExporter::saveSvg(chart_->plot(), missing + ".svg"));
}

void TestChartExporter::exportLaysOutAtItsOwnSize() {
    RankBarChart chart;
    chart.setRun(wideRun(4096));
    chart.setRegion(0);
    chart.resize(1600, 400);
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    QTest::qWait(20);
    QCustomPlot* plot = chart.plot();
    // The ticks drawn into the export, seen when the export lays the plot out.
    QVector<double> gaps;
    const auto connection = connect(plot, &QCustomPlot::afterLayout, this, [&] {
        const QVector<double> ticks = plot->xAxis->tickVector();
        for (qsizetype i = 1; i < ticks.size(); ++i)
            gaps.push_back(plot->xAxis->coordToPixel(ticks[i]) -
                           plot->xAxis->coordToPixel(ticks[i - 1]));
    });
    QVERIFY(ChartExporter::savePng(plot, dir_.filePath("narrow.png"), 300, 300, 1.0));
    disconnect(connection);
    QVERIFY(!gaps.isEmpty());
    for (const double gap : gaps)
        QVERIFY2(gap >= 40, qPrintable(QString("ticks %1 px apart in the export").arg(gap)));
    // And the chart on screen is laid out at its own size again.
    QTest::qWait(20);
    QCOMPARE(plot->viewport(), plot->rect());
    QVERIFY(plot->axisRect()->width() > 1000);
}

void TestChartExporter::copyToClipboard() {
    ChartExporter::copyToClipboard(chart_->plot(), 400, 250, 1.0);
    const QMimeData* mime = QGuiApplication::clipboard()->mimeData();
    QVERIFY(mime != nullptr);
    QVERIFY(mime->hasImage());
    QCOMPARE(qvariant_cast<QImage>(mime->imageData()).size(), QSize(400, 250));
    QVERIFY(mime->data("image/svg+xml").contains("<svg"));
}

// File ▸ Export ▸ Comparison Chart while the comparison's Table page is in
// front: the chart was never shown, and Qt gives such a widget 100 × 30.
void TestChartExporter::aChartNeverShownExportsAtTheDefaultSize() {
    ComparisonSet set;
    for (const char* name : {"/run_serial.h5", "/run_np3.h5"}) {
        auto run = std::make_shared<RunData>();
        run->path = QStringLiteral(SCOPE_TEST_DATA_DIR) + QString::fromLatin1(name);
        run->results = std::make_shared<const ProfilingResults>(readH5(run->path.toStdString()));
        set.add(run);
    }
    ComparisonView view(&set);
    view.resize(1280, 760);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.showPage(ComparisonView::TablePage);
    QVERIFY(!view.barChart()->plot()->isVisible());
    QCOMPARE(ChartExporter::exportSize(view.barChart()->plot(), 0, 0), ChartExporter::kDefaultSize);

    const QString path = dir_.filePath("hidden-bars.png");
    QVERIFY(ChartExporter::savePng(view.barChart()->plot(), path));
    QImage image(path);
    QCOMPARE(image.size(), ChartExporter::kDefaultSize * ChartExporter::kDefaultScale);
    auto [drawn, coloured] = countPixels(image, Qt::white, ComparisonBarChart::runColor(1));
    QVERIFY2(drawn > image.width() * image.height() / 50, qPrintable(QString::number(drawn)));
    QVERIFY2(coloured > 1000, "the second run's bars are missing");

    // A requested size is honoured exactly, on a never-shown speedup chart too.
    QVERIFY(!view.speedupChart()->plot()->isVisible());
    QVERIFY(ChartExporter::savePng(view.speedupChart()->plot(), path, 700, 400, 2.0));
    image = QImage(path);
    QCOMPARE(image.size(), QSize(1400, 800));
    std::tie(drawn, coloured) =
        countPixels(image, Qt::white, RegionPalette::color(QStringLiteral("solve")));
    QVERIFY2(coloured > 200, "the speedup curve of solve is missing");
}

QTEST_MAIN(TestChartExporter)
#include "tst_ChartExporter.moc"
