// SPDX-License-Identifier: GPL-3.0-or-later
// The duration-over-time chart: one stroke per rank and pixel column, the
// reduction redone on zoom, the hover text, pooled colours beyond 16 ranks
// and the greyed summary-only state. Calls worked out by hand.
#include "../core/HandMadeRun.h"
#include "distributions/DurationOverTimeView.h"

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

    void linearAxisOnRequest() {
        DurationOverTimeView view;
        view.setRun(twoRanks());
        view.setRegion(0);
        view.setLogarithmic(false);
        QCOMPARE(view.plot()->yAxis->scaleType(), QCPAxis::stLinear);
        QCOMPARE(strokes(view), 6);
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
