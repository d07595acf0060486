// SPDX-License-Identifier: GPL-3.0-or-later
// The duration histogram view: bins, markers and hover text of calls worked
// out by hand, per-rank outlines, the summary-only state and exports.
#include "../core/HandMadeRun.h"
#include "../core/MemoryCallSource.h"
#include "LabelLayout.h"
#include "base/DurationFormat.h"
#include "charts/ChartExporter.h"
#include "distributions/ChartMessage.h"
#include "distributions/HistogramView.h"
#include "format/ProfileReader.h"

#include <QFileInfo>
#include <QImage>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>
#include <qcustomplot.h>

#include <cmath>
#include <memory>
#include <numeric>

using namespace scope;

namespace {

// Region "a": rank 0 calls of 2, 3, 20 ns; rank 1 of 4, 200, 500, 900 ns.
std::shared_ptr<const ProfilingResults> handMade() {
    return std::make_shared<const ProfilingResults>(
        makeResults({{0, "a", {{0, 2}, {10, 13}, {20, 40}}},
                     {1, "a", {{0, 4}, {10, 210}, {300, 800}, {1000, 1900}}}}));
}

QStringList labels(QCustomPlot* plot) {
    QStringList texts;
    for (int i = 0; i < plot->itemCount(); ++i)
        if (auto* text = qobject_cast<QCPItemText*>(plot->item(i)); text && text->visible())
            texts << text->text();
    return texts;
}

// Region "b" of two ranks: calls of 12 µs to 600 µs, a range of 1.7 decades
// that once got 1-2-5 labels too close to read in the side pane.
std::shared_ptr<const ProfilingResults> microseconds() {
    return std::make_shared<const ProfilingResults>(makeResults(
        {{0, "b", {{0, 12'000}, {20'000, 35'000}, {40'000, 100'000}, {200'000, 800'000}}},
         {1, "b", {{0, 15'000}, {20'000, 60'000}, {70'000, 90'000}}}}));
}

QString duration(double seconds) {
    return QString::fromStdString(formatDuration(seconds));
}

} // namespace

class TestHistogram : public QObject {
    Q_OBJECT
private slots:
    void binsMarkersAndHover() {
        HistogramView view;
        view.resize(800, 500);
        view.setRun(handMade());
        view.setRegion(0);
        view.grab(); // lays the plot out
        QVERIFY(view.available());
        const DurationHistogram& h = view.histogram();
        QCOMPARE(h.counts.size(), HistogramView::kBins);
        QCOMPARE(h.edges.front(), 2e-9);
        QCOMPARE(h.edges.back(), 900e-9);
        // 40 bins of log10(450) / 40 decades: 500 ns is 36.15 bins from 2 ns,
        // 200 ns 30.2, 900 ns closes the last bin.
        QCOMPARE(h.counts[36], std::uint64_t(1));
        QCOMPARE(h.counts[30], std::uint64_t(1));
        QCOMPARE(h.counts[39], std::uint64_t(1));
        QCOMPARE(std::accumulate(h.counts.begin(), h.counts.end(), std::uint64_t(0)),
                 std::uint64_t(7));
        // Sorted 2 3 4 20 200 500 900 ns: p50 20, p90 660, p99 876, mean 1629 / 7.
        const QStringList texts = labels(view.plot());
        QVERIFY2(texts.contains(QStringLiteral("p50 20.0 ns")), qPrintable(texts.join('|')));
        QVERIFY(texts.contains(QStringLiteral("p90 660 ns")));
        QVERIFY(texts.contains(QStringLiteral("p99 876 ns")));
        QVERIFY(texts.contains(QStringLiteral("mean 233 ns")));
        QVERIFY(view.title().contains(QStringLiteral("of a")));

        // Hover in the middle (in log) of bin 36.
        QCustomPlot* plot = view.plot();
        const double x = std::sqrt(h.edges[36] * h.edges[37]);
        const QPoint at(static_cast<int>(plot->xAxis->coordToPixel(x)),
                        plot->axisRect()->rect().center().y());
        QCOMPARE(
            view.toolTipAt(at),
            QStringLiteral("%1–%2: 1 call(s)").arg(duration(h.edges[36]), duration(h.edges[37])));
        // Beyond the longest call: nothing.
        const QPoint beyond(static_cast<int>(plot->xAxis->coordToPixel(2e-6)), at.y());
        QVERIFY(view.toolTipAt(beyond).isEmpty());
    }

    void rankOutlines() {
        HistogramView view;
        view.setRun(handMade());
        view.setRegion(0);
        QCOMPARE(view.plot()->graphCount(), 1);
        view.setRankOutlines(true);
        QCOMPARE(view.plot()->graphCount(), 3);
        QVERIFY(view.plot()->legend->visible());
        QCOMPARE(view.plot()->graph(2)->name(), QStringLiteral("rank 1"));
        // Rank 1's outline holds its four calls.
        double calls = 0;
        const auto data = view.plot()->graph(2)->data();
        for (int i = 0; i + 1 < data->size(); ++i) // the last point only closes the step
            calls += data->at(i)->value;
        QCOMPARE(calls, 4.0);
        view.setRanks(RankSelection({0}));
        QCOMPARE(view.plot()->graphCount(), 2);
        QCOMPARE(view.histogram().edges.back(), 20e-9);
        // The title names the ranks, so that an exported chart says which.
        QCOMPARE(view.title(), QStringLiteral("Call durations of %1 on rank 0")
                                   .arg(QString::fromStdString(handMade()->regions[0])));
        view.setRanks(RankSelection({0, 1, 2, 5}));
        QVERIFY2(view.title().endsWith(QString::fromUtf8(" on ranks 0\u20132,5")),
                 qPrintable(view.title()));
    }

    void summaryOnlyIsGreyedWithAReason() {
        auto results = std::make_shared<const ProfilingResults>(
            readH5Summary(SCOPE_TEST_DATA_DIR "/v3_aggregate.h5"));
        HistogramView view;
        view.setRun(results);
        view.setRegion(0);
        QVERIFY(!view.available());
        QCOMPARE(view.plot()->graph(0)->dataCount(), 0);
        QVERIFY(labels(view.plot()).join(' ').contains(QStringLiteral("summary")));
        view.setRegion(-1);
        QVERIFY(!view.available());
    }

    void realRunCountsEveryCall() {
        auto results =
            std::make_shared<const ProfilingResults>(readH5(SCOPE_TEST_DATA_DIR "/run_cli_cg.h5"));
        HistogramView view;
        view.setRun(results);
        for (int region = 0; region < static_cast<int>(results->regions.size()); ++region) {
            view.setRegion(region);
            const auto& counts = view.histogram().counts;
            QCOMPARE(std::accumulate(counts.begin(), counts.end(), std::uint64_t(0)),
                     results->pooled(static_cast<std::size_t>(region)).count);
        }
    }

    // Calls read on demand: a worker reads them while the plot says so, then
    // the same bins, markers and outlines as in memory.
    void onDemandShowsTheResultAfterTheWorker() {
        auto results = std::make_shared<const ProfilingResults>(
            testing::MemoryCallSource::onDemand(*handMade()));
        HistogramView view;
        QSignalSpy ready(&view, &RegionCallsChart::ready);
        view.setRun(results);
        view.setRegion(0);
        QVERIFY(view.reading());
        QVERIFY(!view.available());
        QVERIFY2(labels(view.plot()).contains(QStringLiteral("Reading the calls…")),
                 qPrintable(labels(view.plot()).join('|')));
        QTRY_VERIFY(view.available());
        QVERIFY(!view.reading());
        QCOMPARE(ready.count(), 2); // the "choose a region" frame, then the calls
        const DurationHistogram& h = view.histogram();
        QCOMPARE(h.counts[36], std::uint64_t(1));
        QCOMPARE(h.counts[39], std::uint64_t(1));
        QCOMPARE(std::accumulate(h.counts.begin(), h.counts.end(), std::uint64_t(0)),
                 std::uint64_t(7));
        const QStringList texts = labels(view.plot());
        QVERIFY2(texts.contains(QStringLiteral("p90 660 ns")), qPrintable(texts.join('|')));
        QVERIFY(texts.contains(QStringLiteral("mean 233 ns")));
        QVERIFY(!texts.contains(QStringLiteral("Reading the calls…")));
        view.setRankOutlines(true); // drawn again, nothing read
        QVERIFY(!view.reading());
        QCOMPARE(view.plot()->graphCount(), 3);
    }

    // A newer request supersedes the one being read: only its result shows.
    void newerRequestSupersedesOlder() {
        auto results = std::make_shared<const ProfilingResults>(testing::MemoryCallSource::onDemand(
            makeResults({{0, "a", {{0, 2}, {10, 13}}}, {0, "b", {{0, 5}, {10, 15}, {20, 25}}}})));
        HistogramView view;
        view.setRun(results);
        view.setRegion(0);
        view.setRegion(1);
        QTRY_VERIFY(view.available());
        QCOMPARE(view.title(), QStringLiteral("Call durations of b"));
        QCOMPARE(std::accumulate(view.histogram().counts.begin(), view.histogram().counts.end(),
                                 std::uint64_t(0)),
                 std::uint64_t(3));
        // Headless exports wait for the worker instead.
        view.setRegion(0);
        view.finishReading();
        QVERIFY(view.available());
        QCOMPARE(view.histogram().edges.back(), 3e-9);
    }

    void tickLabelsApartAtPaneSizes() {
        for (const QSize& size : labellayout::kSidePaneSizes) {
            for (const auto& run : {microseconds(), handMade()}) {
                HistogramView view;
                view.resize(size);
                view.setRun(run);
                view.setRegion(0);
                view.grab();
                QVERIFY(view.available());
                const QString x = labellayout::overlappingLabels(view.plot()->xAxis);
                QVERIFY2(x.isEmpty(), qPrintable(x));
                const QString y = labellayout::overlappingLabels(view.plot()->yAxis);
                QVERIFY2(y.isEmpty(), qPrintable(y));
                // Still a scale to read: at least two labels.
                QVERIFY(view.plot()->xAxis->tickVector().size() >= 2);
                // The percentile and mean labels clear each other.
                std::vector<QRectF> markers;
                for (int i = 0; i < view.plot()->itemCount(); ++i)
                    if (auto* text = qobject_cast<QCPItemText*>(view.plot()->item(i));
                        text && text->visible() && !dynamic_cast<ChartMessage*>(text))
                        markers.push_back(QRectF(text->topLeft->pixelPosition(),
                                                 text->bottomRight->pixelPosition()));
                QCOMPARE(markers.size(), std::size_t(4));
                for (std::size_t i = 0; i < markers.size(); ++i)
                    for (std::size_t j = i + 1; j < markers.size(); ++j)
                        QVERIFY(!markers[i].intersects(markers[j]));
            }
        }
        // 12 µs to 600 µs drawn from 8 µs to 1.8 ms, 2.35 decades, in an 800
        // pixel wide chart: 1-2-5 ticks would be 7 for at most 6, 1-3 ticks
        // are 5, in whole microseconds.
        HistogramView wide;
        wide.resize(800, 400);
        wide.setRun(microseconds());
        wide.setRegion(0);
        wide.grab();
        const QVector<QString> labels = wide.plot()->xAxis->tickVectorLabels();
        QVERIFY2(labels.contains(QStringLiteral("30 µs")) &&
                     labels.contains(QStringLiteral("300 µs")),
                 qPrintable(QStringList(labels.begin(), labels.end()).join('|')));
    }

    void rankLegendIsOutsideThePlot() {
        HistogramView view;
        view.resize(labellayout::kSidePaneSizes.front());
        view.setRun(microseconds());
        view.setRegion(0);
        view.setRankOutlines(true);
        view.grab();
        QCustomPlot* plot = view.plot();
        QVERIFY(plot->legend->visible());
        QVERIFY(plot->legend->outerRect().isValid());
        QVERIFY(!plot->legend->outerRect().intersects(plot->axisRect()->rect()));
        QVERIFY(plot->rect().contains(plot->legend->outerRect()));
    }

    void aggregateRunSaysSoWithoutAxes() {
        const auto run = std::make_shared<const ProfilingResults>(
            readH5(SCOPE_TEST_DATA_DIR "/v3_aggregate.h5"));
        for (const QSize& size : labellayout::kSidePaneSizes) {
            HistogramView view;
            view.resize(size);
            view.setRun(run);
            view.setRegion(0);
            view.grab();
            QVERIFY(!view.available());
            QCustomPlot* plot = view.plot();
            QVERIFY(!plot->xAxis->visible());
            QVERIFY(!plot->yAxis->visible());
            const QStringList texts = labels(plot);
            QCOMPARE(texts.size(), 1);
            QVERIFY(texts.front().contains(QStringLiteral("summary statistics")));
            auto* message = dynamic_cast<ChartMessage*>(plot->item(0));
            QVERIFY(message);
            const QRectF drawn = message->drawnRect();
            QVERIFY(drawn.isValid());
            QVERIFY2(QRectF(plot->rect()).contains(drawn),
                     qPrintable(QStringLiteral("%1 px wide at %2, plot %3 px")
                                    .arg(drawn.width())
                                    .arg(drawn.left())
                                    .arg(plot->width())));
            // Every line within the width: as wide as the longest line.
            const QFontMetricsF metrics(message->font());
            QVERIFY(metrics.horizontalAdvance(texts.front()) > drawn.width());
        }
    }

    void exportsAreNotBlank() {
        HistogramView view;
        view.setRun(handMade());
        view.setRegion(0);
        view.setRankOutlines(true);
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("h.png"));
        QVERIFY(ChartExporter::savePng(view.plot(), png, 800, 500, 1.0));
        const QImage image(png);
        QCOMPARE(image.size(), QSize(800, 500));
        int coloured = 0;
        for (int y = 0; y < image.height(); y += 2)
            for (int x = 0; x < image.width(); x += 2) {
                const QColor c = image.pixelColor(x, y);
                coloured += c.saturation() > 60 ? 1 : 0;
            }
        QVERIFY2(coloured > 200, qPrintable(QString::number(coloured)));
        const QString svg = dir.filePath(QStringLiteral("h.svg"));
        const QString pdf = dir.filePath(QStringLiteral("h.pdf"));
        QVERIFY(ChartExporter::saveSvg(view.plot(), svg, 800, 500));
        QVERIFY(ChartExporter::savePdf(view.plot(), pdf, 800, 500));
        QVERIFY(QFileInfo(svg).size() > 1000);
        QVERIFY(QFileInfo(pdf).size() > 1000);
    }
};

QTEST_MAIN(TestHistogram)
#include "tst_Histogram.moc"
