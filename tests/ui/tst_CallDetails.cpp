// SPDX-License-Identifier: GPL-3.0-or-later
// The timeline's selected call: clicked, its details beside the plot worked
// out by hand; caller and callee links; Esc and empty space clear it. Also
// what the timeline shows around it: rows tall enough for names at the
// default zoom, rank labels inside the band area after a zoom of the ranks,
// and a legend faded as the calls are.
#include "TimelineTestSupport.h"
#include "charts/CallDetailsPanel.h"
#include "charts/TimelineCallSelection.h"

#include <QtTest>

#include <memory>

namespace {

constexpr std::int64_t kMs = 1'000'000;

// Rank 0: main [0, 1 s] > solve [100, 600] ms > rhs [200, 300] ms, and
// solve [700, 900] ms; rank 1: io [500, 1000] ms. Events in that order:
// main 0, solve 1 and 2, rhs 3, io 4.
std::shared_ptr<const ProfilingResults> nestedRun() {
    return makeRun({{0, "main", {{0, kSecond}}},
                    {0, "solve", {{100 * kMs, 600 * kMs}, {700 * kMs, 900 * kMs}}},
                    {0, "rhs", {{200 * kMs, 300 * kMs}}},
                    {1, "io", {{500 * kMs, kSecond}}}});
}

// The pixel of the middle of a value-axis row, in the axis rect.
double rowPixels(const TimelineView& view, int band, int depth) {
    const QCPRange row = plottableOf(view)->rowRange(band, depth);
    return std::abs(view.plot()->yAxis->coordToPixel(row.upper) -
                    view.plot()->yAxis->coordToPixel(row.lower));
}

} // namespace

class TestCallDetails : public QObject {
    Q_OBJECT
private slots:
    void init() {
        view_ = std::make_unique<TimelineView>();
        view_->resize(1000, 500);
        view_->show();
        QVERIFY(QTest::qWaitForWindowExposed(view_.get()));
    }

    void cleanup() { view_.reset(); }

    void clickShowsTheCallsDetails() {
        view_->setRun(nestedRun());
        view_->plot()->replot();
        QSignalSpy activated(view_.get(), &TimelineView::regionActivated);
        CallDetailsPanel* panel = view_->callSelection()->panel();
        QVERIFY(!panel->isVisible());
        QTest::mouseClick(view_->plot(), Qt::LeftButton, {}, pixelAt(*view_, 0.45, 0, 1));
        QVERIFY(panel->isVisible());
        QCOMPARE(activated.count(), 1);
        QCOMPARE(activated.first().first().toInt(), 1); // solve
        QCOMPARE(panel->field("Region"), QStringLiteral("solve"));
        QCOMPARE(panel->field("Rank"), QStringLiteral("0"));
        QCOMPARE(panel->field("Lane"), QString()); // no thread/task lanes
        QCOMPARE(panel->field("Start"), QStringLiteral("100 ms after the run's start"));
        QCOMPARE(panel->field("Duration"), QStringLiteral("500 ms"));
        // 500 ms less rhs' 100 ms.
        QCOMPARE(panel->field("Exclusive"), QStringLiteral("400 ms (80 %)"));
        QCOMPARE(panel->field("Await"), QString()); // no tasks
        QCOMPARE(panel->field("Depth"), QStringLiteral("1"));
        QCOMPARE(panel->field("Caller"), QStringLiteral("main (1.00 s)"));
        QCOMPARE(panel->field("Callees"), QStringLiteral("1:\nrhs (100 ms)"));
        QCOMPARE(panel->field("Call"), QStringLiteral("1 of 2 in its lane and level, event 1"));
    }

    void linksSelectCallerAndCallees() {
        view_->setRun(nestedRun());
        view_->plot()->replot();
        QTest::mouseClick(view_->plot(), Qt::LeftButton, {}, pixelAt(*view_, 0.25, 0, 2));
        CallDetailsPanel* panel = view_->callSelection()->panel();
        QCOMPARE(panel->field("Region"), QStringLiteral("rhs"));
        QCOMPARE(panel->field("Start"), QStringLiteral("200 ms after the run's start"));
        QCOMPARE(panel->field("Callees"), QStringLiteral("none"));
        QCOMPARE(panel->field("Exclusive"), QStringLiteral("100 ms (100 %)"));
        // Its caller, solve (event 1), then solve's caller, main (event 0).
        emit panel->callActivated(1);
        QCOMPARE(view_->callSelection()->details()->event, 1u);
        emit panel->callActivated(0);
        QCOMPARE(panel->field("Region"), QStringLiteral("main"));
        QCOMPARE(panel->field("Depth"), QStringLiteral("0 (top level)"));
        QCOMPARE(panel->field("Caller"), QStringLiteral("none (top level)"));
        // Both solves, the longer first; rhs is a level further down.
        QCOMPARE(panel->field("Callees"), QStringLiteral("2:\nsolve (500 ms)\nsolve (200 ms)"));
        QCOMPARE(panel->field("Exclusive"), QStringLiteral("300 ms (30 %)"));
        QCOMPARE(panel->field("Start"), QStringLiteral("0 s after the run's start"));
    }

    void manyCalleesAreCountedAndTheLongestNamed() {
        // main [0, 1 s] calls step k for k + 1 ms at 100 ms * k, k = 0..6.
        Calls steps;
        for (std::int64_t k = 0; k < 7; ++k)
            steps.emplace_back(100 * kMs * k, 100 * kMs * k + (k + 1) * kMs);
        view_->setRun(makeRun({{0, "main", {{0, kSecond}}}, {0, "step", steps}}));
        QVERIFY(view_->callSelection()->selectEvent(0));
        CallDetailsPanel* panel = view_->callSelection()->panel();
        QCOMPARE(panel->field("Callees"),
                 QStringLiteral("7, the longest:\nstep (7.00 ms)\nstep (6.00 ms)\nstep (5.00 ms)\n"
                                "step (4.00 ms)\nstep (3.00 ms)"));
        // 1 s less 1 + 2 + ... + 7 = 28 ms.
        QCOMPARE(panel->field("Exclusive"), QStringLiteral("972 ms (97 %)"));
    }

    void escapeAndEmptySpaceClear() {
        view_->setRun(nestedRun());
        view_->plot()->replot();
        CallDetailsPanel* panel = view_->callSelection()->panel();
        QTest::mouseClick(view_->plot(), Qt::LeftButton, {}, pixelAt(*view_, 0.45, 0, 1));
        QVERIFY(panel->isVisible());
        view_->plot()->setFocus();
        QTest::keyClick(view_->plot(), Qt::Key_Escape);
        QVERIFY(!panel->isVisible());
        QVERIFY(!view_->callSelection()->hasSelection());

        // Tab from the plot reaches the panel's links; Esc there clears too.
        QTest::mouseClick(view_->plot(), Qt::LeftButton, {}, pixelAt(*view_, 0.45, 0, 1));
        QVERIFY(panel->isVisible());
        view_->plot()->setFocus();
        QWidget* next = view_->plot()->nextInFocusChain();
        while (next != nullptr && next != view_.get() && !panel->isAncestorOf(next))
            next = next->nextInFocusChain();
        QVERIFY(next != nullptr && panel->isAncestorOf(next));
        next->setFocus();
        QTest::keyClick(next, Qt::Key_Escape);
        QVERIFY(!panel->isVisible());

        // io lies on rank 1 from 0.5 s on: at 0.25 s its band is empty.
        QTest::mouseClick(view_->plot(), Qt::LeftButton, {}, pixelAt(*view_, 0.75, 1, 0));
        QVERIFY(panel->isVisible());
        QCOMPARE(panel->field("Region"), QStringLiteral("io"));
        QCOMPARE(panel->field("Rank"), QStringLiteral("1"));
        QTest::mouseClick(view_->plot(), Qt::LeftButton, {}, pixelAt(*view_, 0.25, 1, 0));
        QVERIFY(!panel->isVisible());
    }

    void rowsHoldNamesAtTheDefaultZoom() {
        // Two ranks, three levels: every level at least 18 px, both ranks shown.
        view_->setRun(nestedRun());
        view_->plot()->replot();
        QCOMPARE(view_->plot()->yAxis->range(), QCPRange(0, 2));
        QVERIFY2(rowPixels(*view_, 0, 0) >= 18,
                 qPrintable(QString::number(rowPixels(*view_, 0, 0))));

        // 40 ranks of three levels do not fit: the first ones are shown at 18 px.
        std::vector<Row> rows;
        for (std::uint32_t rank = 0; rank < 40; ++rank) {
            rows.push_back({rank, "main", {{0, kSecond}}});
            rows.push_back({rank, "solve", {{100 * kMs, 600 * kMs}}});
            rows.push_back({rank, "rhs", {{200 * kMs, 300 * kMs}}});
        }
        view_->setRun(makeRun(rows));
        view_->plot()->replot();
        const QCPRange shown = view_->plot()->yAxis->range();
        QCOMPARE(shown.lower, 0.0);
        QVERIFY(shown.upper >= 1 && shown.upper < 40);
        QVERIFY2(rowPixels(*view_, 0, 0) >= 18,
                 qPrintable(QString::number(rowPixels(*view_, 0, 0))));
        // A taller window shows more of them.
        view_->resize(1000, 800);
        QTRY_VERIFY(view_->plot()->yAxis->range().upper > shown.upper);
    }

    void rankLabelsStayInTheBandArea() {
        std::vector<Row> rows;
        for (std::uint32_t rank = 0; rank < 6; ++rank)
            rows.push_back({rank, "solve", {{0, kSecond}}});
        view_->setRun(makeRun(rows));
        QCustomPlot* plot = view_->plot();
        // Bands cut at both edges, as after Ctrl+wheel.
        plot->yAxis->setRange(1.3, 3.6);
        plot->replot();
        plot->replot(); // the second pass measures the new layout
        const QVector<double> ticks = plot->yAxis->tickVector();
        QVERIFY(!ticks.isEmpty());
        const double half = QFontMetrics(plot->yAxis->tickLabelFont()).height() / 2.0;
        const QRect area = plot->axisRect()->rect();
        for (const double tick : ticks) {
            const double y = plot->yAxis->coordToPixel(tick);
            QVERIFY2(y - half >= area.top() - 0.5 && y + half <= area.bottom() + 1.5,
                     qPrintable(
                         QStringLiteral("%1 in %2..%3").arg(y).arg(area.top()).arg(area.bottom())));
        }
        // Band 1 shows 0.7 of itself, 3 shows 0.6: labelled in their visible part.
        QVERIFY(plot->yAxis->tickVectorLabels().contains(QStringLiteral("rank 2")));
    }

    void legendFadesWithTheCalls() {
        view_->setRun(nestedRun());
        view_->setHighlightedRegion(1); // solve
        view_->plot()->replot();
        QCPLegend* legend = view_->plot()->legend;
        int checked = 0;
        for (int i = 0; i < legend->itemCount(); ++i) {
            auto* item = qobject_cast<QCPPlottableLegendItem*>(legend->item(i));
            if (item == nullptr || item->plottable()->brush().style() == Qt::NoBrush)
                continue;
            const QString name = item->plottable()->name();
            const QColor full = RegionPalette::color(name);
            // A quarter of the colour over white, as the faded calls.
            const QColor faded =
                QColor::fromRgbF(full.redF() * 0.25f + 0.75f, full.greenF() * 0.25f + 0.75f,
                                 full.blueF() * 0.25f + 0.75f);
            const QColor shown = item->plottable()->brush().color();
            const QColor expected = name == QStringLiteral("solve") ? full : faded;
            QVERIFY2(std::abs(shown.red() - expected.red()) <= 1 &&
                         std::abs(shown.green() - expected.green()) <= 1 &&
                         std::abs(shown.blue() - expected.blue()) <= 1,
                     qPrintable(name));
            ++checked;
        }
        QCOMPARE(checked, 4);
        view_->setHighlightedRegion(-1);
        for (int i = 0; i < legend->itemCount(); ++i)
            if (auto* item = qobject_cast<QCPPlottableLegendItem*>(legend->item(i)))
                QCOMPARE(item->plottable()->brush().color(),
                         RegionPalette::color(item->plottable()->name()));
    }

private:
    std::unique_ptr<TimelineView> view_;
};

QTEST_MAIN(TestCallDetails)
#include "tst_CallDetails.moc"
