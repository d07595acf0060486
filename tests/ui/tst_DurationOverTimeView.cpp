// SPDX-License-Identifier: GPL-3.0-or-later
// The duration-over-time chart: one stroke per rank and pixel column, the
// reduction redone on zoom, the hover text, pooled colours beyond 16 ranks
// and the greyed summary-only state. Calls worked out by hand.
#include "../core/HandMadeRun.h"
#include "../core/MemoryCallSource.h"
#include "LabelLayout.h"
#include "common/RunContext.h"
#include "common/RunData.h"
#include "distributions/ChartMessage.h"
#include "distributions/DurationOverTimeView.h"
#include "distributions/OverTimePage.h"
#include "format/ProfileReader.h"

#include "model/Errors.h"

#include <QtTest>
#include <qcustomplot.h>

namespace {

// a: rank 0 starts 10, 110, 210, 310 ns lasting 10, 30, 5, 100 ns; rank 1
// starts 60, 260 ns lasting 20, 40 ns. The run starts at 10 ns: the chart's
// times are 0, 100, 200, 300 and 50, 250 ns.
std::shared_ptr<const scope::ProfilingResults> twoRanks() {
    return std::make_shared<const scope::ProfilingResults>(
        makeResults({{0, "a", {{10, 20}, {110, 140}, {210, 215}, {310, 410}}},
                     {1, "a", {{60, 80}, {260, 300}}}}));
}

QString message(const DurationOverTimeView& view) {
    for (int i = 0; i < view.plot()->itemCount(); ++i)
        if (auto* text = qobject_cast<QCPItemText*>(view.plot()->item(i)); text && text->visible())
            return text->text();
    return {};
}

// Calls that cannot be read: the file went bad after it was opened.
class FailingSource final : public scope::CallSource {
public:
    void read(const scope::RankRegion&, std::uint64_t, std::span<std::int64_t>,
              std::span<std::int64_t>) const override {
        throw scope::CorruptProfileError("run.h5", "reading events", "chunk 3 does not decode");
    }
    std::uint64_t cacheLimitBytes() const override { return 0; }
};

int strokes(const DurationOverTimeView& view) {
    int n = 0;
    for (int i = 0; i < view.plot()->graphCount(); ++i)
        if (view.plot()->graph(i)->lineStyle() == QCPGraph::lsNone)
            n += view.plot()->graph(i)->data()->size();
    return n;
}

} // namespace

class TestDurationOverTimeView : public QObject {
    Q_OBJECT
private slots:
    void oneStrokePerRankAndColumn() {
        DurationOverTimeView view;
        view.resize(800, 500);
        view.setRun(twoRanks());
        view.setRegion(0);
        view.plot()->replot();
        QVERIFY(view.available());
        QVERIFY(view.perRank());
        QCOMPARE(view.reduction().series, std::size_t(2));
        // Six calls, each alone in its column.
        QCOMPARE(strokes(view), 6);
        // The median line is drawn too, and the axis is logarithmic by default.
        QCOMPARE(view.plot()->yAxis->scaleType(), QCPAxis::stLogarithmic);
        QCOMPARE(view.title(), QStringLiteral("Call durations over time of a"));
        // A selection of ranks is named, so that an exported chart says which.
        view.setRanks(scope::RankSelection({1}));
        view.setRunLabel(QStringLiteral("run_np3"));
        QCOMPARE(view.title(), QStringLiteral("Call durations over time of a on rank 1\nrun_np3"));
    }

    void zoomReducesAgain() {
        DurationOverTimeView view;
        view.resize(800, 500);
        view.setRun(twoRanks());
        view.setRegion(0);
        // 90 to 210 ns holds rank 0's calls at 100 and 200 ns only.
        view.plot()->xAxis->setRange(90e-9, 210e-9);
        QCOMPARE(view.reduction().t0, 90e-9);
        QCOMPARE(strokes(view), 2);
    }

    void hoverNamesRankAndDuration() {
        DurationOverTimeView view;
        view.resize(800, 500);
        view.setRun(twoRanks());
        view.setRegion(0);
        view.show(); // laid out at its size
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.plot()->replot();
        const QPoint at(qRound(view.plot()->xAxis->coordToPixel(300e-9)),
                        qRound(view.plot()->yAxis->coordToPixel(100e-9)));
        const QString text = view.toolTipAt(at);
        QVERIFY2(text.contains(QStringLiteral("rank 0: 100 ns (1 call)")), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("rank 1")), qPrintable(text));
    }

    void pooledBeyondSixteenRanks() {
        std::vector<Row> rows;
        for (std::uint32_t rank = 0; rank < 17; ++rank)
            rows.push_back({rank, "a", {{rank * 10, rank * 10 + 5}}});
        DurationOverTimeView view;
        view.setRun(std::make_shared<const scope::ProfilingResults>(makeResults(rows)));
        view.setRegion(0);
        QVERIFY(!view.perRank());
        QCOMPARE(view.reduction().series, std::size_t(1));
        QCOMPARE(strokes(view), 17);
    }

    // One call of 791 ns (main, say): its dot in the middle of the log axis,
    // and no median promised in the legend; two calls have one.
    void aSingleCallSitsMidAxisWithoutAMedian() {
        DurationOverTimeView view;
        view.setRun(std::make_shared<const scope::ProfilingResults>(
            makeResults({{0, "main", {{1000, 1791}}}})));
        view.setRegion(0);
        const QCPRange range = view.plot()->yAxis->range();
        QVERIFY(std::abs(std::sqrt(range.lower * range.upper) / 791e-9 - 1.0) < 0.01);
        QVERIFY(range.upper / range.lower >= 3.0);
        const auto median = [&view] {
            for (int i = 0; i < view.plot()->graphCount(); ++i)
                if (view.plot()->graph(i)->lineStyle() != QCPGraph::lsNone)
                    return view.plot()->graph(i);
            return static_cast<QCPGraph*>(nullptr);
        };
        QVERIFY(median() != nullptr);
        QVERIFY(!view.plot()->legend->hasItemWithPlottable(median()));
        view.setRun(twoRanks());
        view.setRegion(0);
        QVERIFY(view.plot()->legend->hasItemWithPlottable(median()));
    }

    // Every centred window of 101 calls holds all of 51 calls or fewer: the
    // legend names one median of them all; from 52 calls the median rolls.
    void theLegendSaysWhatTheMedianIsOf_data() {
        QTest::addColumn<int>("calls");
        QTest::addColumn<QString>("name");
        QTest::newRow("3 calls") << 3 << QStringLiteral("Median of all 3 calls");
        QTest::newRow("51 calls") << 51 << QStringLiteral("Median of all 51 calls");
        QTest::newRow("52 calls") << 52 << QStringLiteral("Rolling median of 101 calls");
    }

    void theLegendSaysWhatTheMedianIsOf() {
        QFETCH(int, calls);
        QFETCH(QString, name);
        Calls times;
        for (int i = 0; i < calls; ++i)
            times.push_back({1000 * i, 1000 * i + 500 + i});
        DurationOverTimeView view;
        view.setRun(
            std::make_shared<const scope::ProfilingResults>(makeResults({{0, "solve", times}})));
        view.setRegion(0);
        QStringList names;
        for (int i = 0; i < view.plot()->graphCount(); ++i)
            if (view.plot()->graph(i)->lineStyle() != QCPGraph::lsNone)
                names << view.plot()->graph(i)->name();
        QCOMPARE(names, QStringList{name});
    }

    void linearAxisOnRequest() {
        DurationOverTimeView view;
        view.setRun(twoRanks());
        view.setRegion(0);
        view.setLogarithmic(false);
        QCOMPARE(view.plot()->yAxis->scaleType(), QCPAxis::stLinear);
        QCOMPARE(strokes(view), 6);
    }

    void onDemandShowsTheResultAfterTheWorker() {
        DurationOverTimeView view;
        view.resize(800, 500);
        view.setRun(std::make_shared<const scope::ProfilingResults>(
            scope::testing::MemoryCallSource::onDemand(*twoRanks())));
        view.setRegion(0);
        QCOMPARE(message(view), QStringLiteral("Reading the calls…"));
        QTRY_VERIFY(view.available());
        QVERIFY(message(view).isEmpty());
        QCOMPARE(view.reduction().series, std::size_t(2));
        QCOMPARE(strokes(view), 6);
        QCOMPARE(view.series().durations(),
                 (std::vector<double>{10e-9, 30e-9, 5e-9, 100e-9, 20e-9, 40e-9}));
        view.setLogarithmic(false); // drawn again, nothing read
        QVERIFY(!view.reading());
        QCOMPARE(strokes(view), 6);
    }

    // Six calls at 48 bytes each do not fit in 287 bytes: the chart says so.
    void onDemandBeyondTheByteLimitSaysSo() {
        DurationOverTimeView view;
        view.setByteLimit(6 * scope::DurationSeries::kBytesPerCall - 1);
        view.setRun(std::make_shared<const scope::ProfilingResults>(
            scope::testing::MemoryCallSource::onDemand(*twoRanks())));
        view.setRegion(0);
        QTRY_VERIFY(!view.reading());
        QVERIFY(!view.available());
        QVERIFY2(message(view).startsWith(QStringLiteral(
                     "This region has 6 calls;\nmore than the memory budget allows")),
                 qPrintable(message(view)));
        QCOMPARE(strokes(view), 0);
    }

    // An export of the page (the window's, the headless one) says why in the
    // chart's own words, not "select a region".
    void anExportBeyondTheByteLimitSaysWhy() {
        QWidget host;
        OverTimePage page(&host);
        RunContext context;
        page.bind(&context);
        auto run = std::make_shared<RunData>();
        run->path = QStringLiteral("two-ranks.h5");
        run->results = std::make_shared<const scope::ProfilingResults>(
            scope::testing::MemoryCallSource::onDemand(*twoRanks()));
        context.setRun(run, {});
        // Below what a run's budget gives (1 MiB at least): six calls do not fit.
        page.overTime()->setByteLimit(6 * scope::DurationSeries::kBytesPerCall - 1);
        context.setRegion(0);
        page.drawNow();
        const QString reason = page.surface()->unavailable();
        QVERIFY2(reason.startsWith(QStringLiteral("This region has 6 calls;")), qPrintable(reason));
    }

    void unreadableCallsShowTheError() {
        auto results = std::make_shared<scope::ProfilingResults>(*twoRanks());
        results->events = {};
        results->eventsRead = false;
        results->onDemand = std::make_shared<FailingSource>();
        DurationOverTimeView view;
        view.setRun(results);
        view.setRegion(0);
        QTRY_VERIFY(!view.reading());
        QVERIFY(!view.available());
        QVERIFY2(message(view).contains(QStringLiteral("chunk 3 does not decode")),
                 qPrintable(message(view)));
    }

    void labelsAndLegendReadableAtPaneSizes() {
        // Three ranks of calls from 10 µs to 60 µs spread over 65 ms.
        const auto run = std::make_shared<const scope::ProfilingResults>(makeResults(
            {{0, "a", {{0, 10'000}, {20'000'000, 20'060'000}, {65'000'000, 65'030'000}}},
             {1, "a", {{1'000'000, 1'015'000}, {30'000'000, 30'020'000}}},
             {2, "a", {{2'000'000, 2'040'000}, {50'000'000, 50'055'000}}}}));
        for (const QSize& size : labellayout::kSidePaneSizes) {
            for (const bool logarithmic : {true, false}) {
                DurationOverTimeView view;
                view.resize(size);
                view.setRun(run);
                view.setRegion(0);
                view.setLogarithmic(logarithmic);
                view.grab();
                QVERIFY(view.available());
                QCustomPlot* plot = view.plot();
                for (QCPAxis* axis : {plot->xAxis, plot->yAxis}) {
                    const QString overlap = labellayout::overlappingLabels(axis);
                    QVERIFY2(overlap.isEmpty(), qPrintable(overlap));
                    QVERIFY2(axis->tickVector().size() >= 2,
                             qPrintable(QStringLiteral("%1 ticks along %2 px, log %3")
                                            .arg(axis->tickVector().size())
                                            .arg(axis == plot->xAxis ? plot->axisRect()->width()
                                                                     : plot->axisRect()->height())
                                            .arg(logarithmic)));
                }
                // The legend in a row of its own, not over the calls.
                QVERIFY(plot->legend->visible());
                QVERIFY(!plot->legend->outerRect().intersects(plot->axisRect()->rect()));
                QVERIFY(plot->rect().contains(plot->legend->outerRect()));
            }
        }
    }

    void aggregateRunSaysSoWithoutAxes() {
        const auto run = std::make_shared<const scope::ProfilingResults>(
            scope::readH5(SCOPE_TEST_DATA_DIR "/v3_aggregate.h5"));
        for (const QSize& size : labellayout::kSidePaneSizes) {
            DurationOverTimeView view;
            view.resize(size);
            view.setRun(run);
            view.setRegion(0);
            view.grab();
            QVERIFY(!view.available());
            QCustomPlot* plot = view.plot();
            QVERIFY(!plot->xAxis->visible());
            QVERIFY(!plot->yAxis->visible());
            auto* shown = dynamic_cast<ChartMessage*>(plot->item(0));
            QVERIFY(shown && shown->visible());
            QVERIFY(shown->text().contains(QStringLiteral("summary statistics")));
            QVERIFY(QRectF(plot->rect()).contains(shown->drawnRect()));
        }
    }

    void summaryOnlyIsGreyed() {
        auto results = std::make_shared<scope::ProfilingResults>(*twoRanks());
        results->eventsRead = false;
        DurationOverTimeView view;
        view.setRun(results);
        view.setRegion(0);
        QVERIFY(!view.available());
        QCOMPARE(strokes(view), 0);
        QVERIFY(view.toolTipAt(QPoint(100, 100)).isEmpty());
    }
};

QTEST_MAIN(TestDurationOverTimeView)
#include "tst_DurationOverTimeView.moc"
