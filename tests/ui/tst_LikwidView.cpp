// SPDX-License-Identifier: GPL-3.0-or-later
// The LIKWID view: metrics and raw events per hardware thread of a real
// sample, bars summed and averaged over threads, the roofline's points and
// roofs worked out by hand from a fixture file, and exports that are drawn.
#include "FixtureWriter.h"
#include "charts/ChartExporter.h"
#include "common/RegionPalette.h"
#include "format/ProfileReader.h"
#include "hardware/LikwidBarChart.h"
#include "hardware/LikwidView.h"
#include "hardware/RooflineChart.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QFileInfo>
#include <QImage>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>
#include <qcustomplot.h>

#include <memory>

using namespace scope;
using namespace scope::fixtures;

namespace {

std::shared_ptr<const ProfilingResults> sample(const char* name) {
    return std::make_shared<const ProfilingResults>(
        readH5(QStringLiteral(SCOPE_TEST_DATA_DIR "/%1").arg(name).toStdString()));
}

LikwidRegionSpec memRegion(const std::string& tag, std::vector<double> flops,
                           std::vector<double> bandwidth) {
    LikwidRegionSpec r;
    r.tag = tag;
    r.groupId = 3;
    r.groupName = "MEM_DP";
    r.eventNames = {"FP_ARITH_INST_RETIRED_SCALAR_DOUBLE", "CAS_COUNT_RD"};
    r.counterNames = std::vector<std::string>{"PMC0", "MBOX0C0"};
    r.metricNames = {"CPI", "DP [MFLOP/s]", "Memory bandwidth [MBytes/s]"};
    r.cpus = {0, 1};
    r.times = {0.5, 0.5};
    r.callCounts = {10, 10};
    r.events = {flops[0] * 5e5, flops[1] * 5e5, bandwidth[0] * 7812.5, 0.0};
    r.metrics = {0.5, 1.5, flops[0], flops[1], bandwidth[0], bandwidth[1]};
    return r;
}

// Rank 0: stream (2 GFLOP/s, 8 GB/s), dgemm (38 GFLOP/s, 1.9 GB/s) and a
// CLOCK region; rank 1: stream with the run's highest bandwidth, 10 GB/s.
QString writeRun(const QTemporaryDir& dir) {
    FixtureSpec spec;
    spec.rows.push_back(FixtureRow::make(0, "stream", {0}, {100}));
    spec.rows.push_back(FixtureRow::make(1, "stream", {0}, {100}));
    LikwidRankSpec rank0;
    rank0.rank = 0;
    rank0.environment = {{"LIKWID_EVENTS", "MEM_DP"}};
    rank0.regions.push_back(memRegion("stream", {1000, 1000}, {8000, 0}));
    rank0.regions.push_back(memRegion("dgemm", {20000, 18000}, {1900, 0}));
    LikwidRegionSpec clock;
    clock.tag = "clock";
    clock.groupName = "CLOCK";
    clock.eventNames = {"INSTR_RETIRED_ANY"};
    clock.metricNames = {"CPI"};
    clock.cpus = {0};
    clock.times = {1.0};
    clock.callCounts = {1};
    clock.events = {1e6};
    clock.metrics = {2.0};
    rank0.regions.push_back(clock);
    LikwidRankSpec rank1;
    rank1.rank = 1;
    rank1.regions.push_back(memRegion("stream", {3000, 3000}, {10000, 0}));
    spec.likwid = {rank0, rank1};
    const QString path = dir.filePath(QStringLiteral("likwid.h5"));
    FixtureWriter::write(spec, path.toStdString());
    return path;
}

int indexOf(const ProfilingResults& run, std::uint32_t rank, const std::string& tag) {
    for (std::size_t i = 0; i < run.likwid.size(); ++i)
        if (run.likwid[i].rank == rank && run.likwid[i].tag == tag)
            return static_cast<int>(i);
    return -1;
}

qint64 pixelsNear(const QImage& image, QColor colour) {
    qint64 count = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QColor p = image.pixelColor(x, y);
            count += std::abs(p.red() - colour.red()) + std::abs(p.green() - colour.green()) +
                                 std::abs(p.blue() - colour.blue()) <
                             24
                         ? 1
                         : 0;
        }
    return count;
}

} // namespace

class TestLikwidView : public QObject {
    Q_OBJECT
private slots:
    void metricsAndEventsOfTheSample() {
        const auto run = sample("v3_serial.h5");
        QVERIFY(LikwidView::hasData(*run));
        QVERIFY(!LikwidView::hasData(*sample("run_serial.h5")));
        LikwidView view;
        QAbstractItemModelTester tester(view.model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        view.setRun(run);
        const int solve = indexOf(*run, 0, "solve");
        QVERIFY(solve >= 0);
        view.setRegion(solve);
        LikwidModel* model = view.model();
        QCOMPARE(model->region(), solve);
        // Metrics "Runtime (RDTSC) [s]" and "CPI" on hardware threads 0 and 1.
        QCOMPARE(model->rowCount(), 2);
        QCOMPARE(model->columnCount(), 3);
        QCOMPARE(model->headerData(2, Qt::Horizontal).toString(), QStringLiteral("HW thread 1"));
        QCOMPARE(model->index(1, 0).data().toString(), QStringLiteral("CPI"));
        QCOMPARE(model->index(1, 2).data().toString(), QStringLiteral("1.9"));
        QCOMPARE(model->index(0, 1).data().toString(), QStringLiteral("0.0012"));
        QVERIFY(model->headerData(1, Qt::Horizontal, Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("6 calls")));
        view.setValues(LikwidModel::Values::Events);
        QCOMPARE(model->index(0, 0).data().toString(), QStringLiteral("INSTR_RETIRED_ANY (FIXC0)"));
        QCOMPARE(model->index(1, 2).data().toString(), QStringLiteral("2,100,000"));
        QCOMPARE(model->index(1, 2).data(LikwidModel::ValueRole).toDouble(), 2.1e6);
        // CLOCK has no FLOP rate: no roofline tab.
        QVERIFY(!view.rooflineAvailable());

        // The tag with a '/' is shown as written, not as stored ("a|b").
        const int ab = indexOf(*run, 0, "a/b");
        QVERIFY(ab >= 0);
        view.setValues(LikwidModel::Values::Metrics);
        view.setRegion(ab);
        QCOMPARE(view.findChildren<QComboBox*>()[2]->currentText(), QStringLiteral("a/b"));
        QCOMPARE(view.findChildren<QComboBox*>()[1]->currentText(), QStringLiteral("(unknown)"));
        // Its group derived no metrics: the raw events (event_0) instead of an empty table.
        QCOMPARE(model->rowCount(), 1);
        QCOMPARE(model->index(0, 1).data().toString(), QStringLiteral("42"));
        view.setValues(LikwidModel::Values::Metrics);
        QCOMPARE(model->rowCount(), 0); // no metrics stored
    }

    void barsAndRoofline() {
        QTemporaryDir dir;
        const auto run =
            std::make_shared<const ProfilingResults>(readH5(writeRun(dir).toStdString()));
        LikwidView view;
        view.resize(900, 600);
        QAbstractItemModelTester tester(view.model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        view.setRun(run);
        view.setRegion(indexOf(*run, 0, "dgemm"));
        view.setBarQuantity(QStringLiteral("DP [MFLOP/s]"));
        view.setBarAcross(LikwidView::Across::Regions);
        view.setBarCombine(LikwidModel::Combine::Sum);
        // Rank 0's MEM_DP regions in file order (dgemm, stream), threads
        // summed: 20000 + 18000 and 1000 + 1000.
        auto bars = view.barChart()->bars();
        QCOMPARE(bars.size(), std::size_t(2));
        QCOMPARE(bars[0].label, QStringLiteral("dgemm"));
        QCOMPARE(bars[0].value, 38000.0);
        QCOMPARE(bars[1].label, QStringLiteral("stream"));
        QCOMPARE(bars[1].value, 2000.0);
        QVERIFY(view.barChart()->plot()->yAxis->label().contains(QStringLiteral("summed")));
        view.setBarCombine(LikwidModel::Combine::Mean);
        bars = view.barChart()->bars();
        QCOMPARE(bars[0].value, 19000.0);
        QVERIFY(view.barChart()->plot()->yAxis->label().contains(QStringLiteral("mean")));
        view.setBarAcross(LikwidView::Across::Threads);
        bars = view.barChart()->bars();
        QCOMPARE(bars.size(), std::size_t(2));
        QCOMPARE(bars[0].label, QStringLiteral("HW thread 0"));
        QCOMPARE(bars[0].value, 20000.0);
        QCOMPARE(bars[1].value, 18000.0);

        // Roofline: 38 / 1.9 and 2 / 8 FLOP/byte; roofs 38 GFLOP/s and rank 1's 10 GB/s.
        QVERIFY(view.rooflineAvailable());
        const Roofline& roofline = view.rooflineChart()->roofline();
        QCOMPARE(roofline.points.size(), std::size_t(2));
        QVERIFY(qFuzzyCompare(roofline.points[0].intensity, 20.0));
        QCOMPARE(roofline.points[1].intensity, 0.25);
        QCOMPARE(roofline.points[1].gflops, 2.0);
        QCOMPARE(roofline.peakGflops, 38.0);
        QCOMPARE(roofline.peakBandwidth, 10.0);
        QStringList legend;
        for (int i = 0; i < view.rooflineChart()->plot()->graphCount(); ++i)
            legend << view.rooflineChart()->plot()->graph(i)->name();
        QVERIFY2(legend.contains(QStringLiteral("Highest measured memory bandwidth: 10 GB/s")),
                 qPrintable(legend.join('|')));
        QVERIFY(legend.contains(QStringLiteral("Highest measured FLOP rate: 38 GFLOP/s")));

        // The CLOCK group has no roofline; rank 1 has one of its own.
        view.setRegion(indexOf(*run, 0, "clock"));
        QVERIFY(!view.rooflineAvailable());
        view.setRegion(indexOf(*run, 1, "stream"));
        QVERIFY(view.rooflineAvailable());
        QCOMPARE(view.rooflineChart()->roofline().points.size(), std::size_t(1));
        QCOMPARE(view.rooflineChart()->roofline().points[0].gflops, 6.0);
    }

    void exportsAreDrawn() {
        QTemporaryDir dir;
        const auto run =
            std::make_shared<const ProfilingResults>(readH5(writeRun(dir).toStdString()));
        LikwidView view;
        view.setRun(run);
        view.setRegion(indexOf(*run, 0, "stream"));
        view.setBarQuantity(QStringLiteral("DP [MFLOP/s]"));
        for (int chart : {0, 1}) {
            view.showChart(chart);
            QCustomPlot* plot = view.plot();
            QCOMPARE(plot, chart == 0 ? view.barChart()->plot() : view.rooflineChart()->plot());
            const QString png = dir.filePath(QStringLiteral("c%1.png").arg(chart));
            QVERIFY(ChartExporter::savePng(plot, png, 800, 500, 1.0));
            const QImage image(png);
            QCOMPARE(image.size(), QSize(800, 500));
            // The bars and the roofline's points are in the regions' colours.
            QVERIFY(pixelsNear(image, RegionPalette::color(QStringLiteral("dgemm"))) > 20);
            QVERIFY(pixelsNear(image, RegionPalette::color(QStringLiteral("stream"))) > 20);
            const QString svg = dir.filePath(QStringLiteral("c%1.svg").arg(chart));
            const QString pdf = dir.filePath(QStringLiteral("c%1.pdf").arg(chart));
            QVERIFY(ChartExporter::saveSvg(plot, svg, 800, 500));
            QVERIFY(ChartExporter::savePdf(plot, pdf, 800, 500));
            QVERIFY(QFileInfo(svg).size() > 1000);
            QVERIFY(QFileInfo(pdf).size() > 1000);
        }
    }

    void barChartStaysReadableInAShortPane() {
        QTemporaryDir dir;
        const auto run =
            std::make_shared<const ProfilingResults>(readH5(writeRun(dir).toStdString()));
        LikwidView view;
        view.setRun(run);
        view.setRegion(indexOf(*run, 0, "dgemm"));
        view.setBarQuantity(QStringLiteral("Memory bandwidth [MBytes/s]"));
        view.setBarAcross(LikwidView::Across::Regions);
        view.setBarCombine(LikwidModel::Combine::Sum);
        view.showChart(0);
        // Shorter than the bottom pane of a 1024×700 window (about 330 px).
        view.resize(700, 200);
        view.grab();
        QCustomPlot* plot = view.barChart()->plot();
        plot->replot();
        // Room for the title, the tick labels and bars: not squeezed to ~100 px.
        QVERIFY2(plot->height() >= 180, qPrintable(QString::number(plot->height())));
        QVERIFY(plot->axisRect()->height() >= 80);
        // The value axis's title fits along the axis, wrapped but whole.
        const QString full = view.barChart()->valueLabel();
        QVERIFY(full.contains(QStringLiteral("summed")));
        const QStringList lines = plot->yAxis->label().split(QLatin1Char('\n'));
        QCOMPARE(lines.join(QLatin1Char(' ')), full);
        const QFontMetrics metrics(plot->yAxis->labelFont());
        for (const QString& line : lines)
            QVERIFY2(metrics.horizontalAdvance(line) <= plot->axisRect()->height(),
                     qPrintable(line));
    }
};

QTEST_MAIN(TestLikwidView)
#include "tst_LikwidView.moc"
