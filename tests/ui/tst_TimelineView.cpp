// SPDX-License-Identifier: GPL-3.0-or-later
// The timeline drawn offscreen: region colours where the calls are, zoom and
// pan by mouse and keyboard, highlighting, PNG export, and a realistic
// synthetic run written to HDF5 and read back.
#include "FixtureWriter.h"
#include "SyntheticRun.h"
#include "TimelineTestSupport.h"
#include "charts/TimeAxisTicker.h"
#include "charts/TimelinePlottable.h"
#include "charts/TimelineView.h"
#include "common/RegionPalette.h"
#include "events/RowStatistics.h"
#include "format/ProfileReader.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>
#include <qcustomplot.h>

#include <memory>

class TestTimelineView : public QObject {
    Q_OBJECT
private slots:
    void init() {
        view_ = std::make_unique<TimelineView>();
        view_->resize(900, 500);
        view_->show();
        QVERIFY(QTest::qWaitForWindowExposed(view_.get()));
    }

    void cleanup() { view_.reset(); }

    void drawsCallsInTheirRegionColours() {
        view_->setRun(twoRanks());
        QCOMPARE(plottableOf(*view_)->bandCount(), 2);
        QCOMPARE(view_->plot()->xAxis->label(), QStringLiteral("Time since start of run"));
        QCOMPARE(colorAt(*view_, pixelAt(*view_, 0.7, 0)), regionColor("solve"));
        QCOMPARE(colorAt(*view_, pixelAt(*view_, 0.8, 1)), regionColor("io"));
        // Before io starts, rank 1's band is empty.
        QVERIFY(colorAt(*view_, pixelAt(*view_, 0.25, 1)) != regionColor("io"));
        // The child sits one row down, inside its parent's time.
        QCOMPARE(colorAt(*view_, pixelAt(*view_, 0.105, 0, 1)), regionColor("rhs.eval"));
        QVERIFY(colorAt(*view_, pixelAt(*view_, 0.5, 0, 1)) != regionColor("rhs.eval"));
    }

    void wheelZoomsTimeAroundTheCursor() {
        view_->setRun(twoRanks());
        QCustomPlot* plot = view_->plot();
        const QCPRange before = plot->xAxis->range();
        const QPoint at = pixelAt(*view_, 0.3, 0);
        const double under = plot->xAxis->pixelToCoord(at.x());
        sendWheel(plot, at, 3);
        const QCPRange after = plot->xAxis->range();
        QVERIFY(after.size() < 0.9 * before.size());
        QVERIFY(std::abs(plot->xAxis->pixelToCoord(at.x()) - under) < 1e-3 * before.size());
        QCOMPARE(plot->yAxis->range(), QCPRange(0, 2)); // time only

        // Ctrl+wheel zooms the ranks instead.
        sendWheel(plot, at, 3, Qt::ControlModifier);
        QCOMPARE(plot->xAxis->range(), after);
        QVERIFY(plot->yAxis->range().size() < 2);
    }

    void zoomReachesSingleNanosecondCalls() {
        // One call of 3 ns among a million-times longer run.
        const auto run =
            makeRun({{0, "long", {{0, kSecond}}}, {1, "tiny", {{kSecond / 2, kSecond / 2 + 3}}}});
        view_->setRun(run);
        QCustomPlot* plot = view_->plot();
        for (int i = 0; i < 100; ++i)
            sendWheel(plot, pixelAt(*view_, 0.5, 1), 10);
        QVERIFY(plot->xAxis->range().size() < 1e-8);
        plot->xAxis->setRange(0.5 - 2e-9, 0.5 + 6e-9);
        plot->replot();
        QCOMPARE(colorAt(*view_, pixelAt(*view_, 0.5 + 1.5e-9, 1)), regionColor("tiny"));
        QVERIFY(colorAt(*view_, pixelAt(*view_, 0.5 + 4.5e-9, 1)) != regionColor("tiny"));
        QVERIFY(view_->toolTipAt(pixelAt(*view_, 0.5 + 1.5e-9, 1)).contains("3.00 ns"));
        QVERIFY(plot->xAxis->label().contains("ticks relative to 0.49999999 s"));
        // Zoomed out it is still drawn, one pixel wide.
        view_->resetZoom();
        const QPoint at = pixelAt(*view_, 0.5, 1);
        QVERIFY(colorAt(*view_, at) == regionColor("tiny") ||
                colorAt(*view_, at - QPoint(1, 0)) == regionColor("tiny"));
    }

    void shiftDragZoomsToARange() {
        view_->setRun(twoRanks());
        QCustomPlot* plot = view_->plot();
        const QPoint from = pixelAt(*view_, 0.2, 0);
        const QPoint to = pixelAt(*view_, 0.4, 0);
        const double a = plot->xAxis->pixelToCoord(from.x());
        const double b = plot->xAxis->pixelToCoord(to.x());
        QTest::mousePress(plot, Qt::LeftButton, Qt::ShiftModifier, from);
        QTest::mouseMove(plot, (from + to) / 2);
        QTest::mouseMove(plot, to);
        QTest::mouseRelease(plot, Qt::LeftButton, Qt::ShiftModifier, to);
        const QCPRange range = plot->xAxis->range();
        QVERIFY2(std::abs(range.lower - a) < 0.01 && std::abs(range.upper - b) < 0.01,
                 qPrintable(QStringLiteral("%1 .. %2").arg(range.lower).arg(range.upper)));
        view_->resetZoom();
        QVERIFY(plot->xAxis->range().size() > 1.0);

        // Right-drag does the same, without a modifier.
        QTest::mousePress(plot, Qt::RightButton, {}, from);
        QTest::mouseMove(plot, to);
        QTest::mouseRelease(plot, Qt::RightButton, {}, to);
        QVERIFY(std::abs(plot->xAxis->range().lower - a) < 0.01);
        QVERIFY(std::abs(plot->xAxis->range().upper - b) < 0.01);
        // A plain drag pans instead.
        const QCPRange zoomed = plot->xAxis->range();
        QTest::mousePress(plot, Qt::LeftButton, {}, to);
        QTest::mouseMove(plot, to - QPoint(100, 0));
        QTest::mouseRelease(plot, Qt::LeftButton, {}, to - QPoint(100, 0));
        QVERIFY(std::abs(plot->xAxis->range().size() - zoomed.size()) < 1e-9);
        QVERIFY(plot->xAxis->range().lower > zoomed.lower);
    }

    void keysZoomAndPanTime() {
        view_->setRun(twoRanks()); // 1 s, fitted with 1 % room on each side
        QCustomPlot* plot = view_->plot();
        const auto expectRange = [plot](double lower, double upper) {
            const QCPRange range = plot->xAxis->range();
            return std::abs(range.lower - lower) < 1e-9 && std::abs(range.upper - upper) < 1e-9;
        };
        QVERIFY(expectRange(-0.01, 1.01));
        // + halves the time around the centre, 0.5 s: 1.02 s wide -> 0.51 s.
        QTest::keyClick(plot, Qt::Key_Plus);
        QVERIFY(expectRange(0.245, 0.755));
        // = is + without Shift.
        QTest::keyClick(plot, Qt::Key_Equal);
        QVERIFY(expectRange(0.3725, 0.6275));
        QTest::keyClick(plot, Qt::Key_Minus);
        QVERIFY(expectRange(0.245, 0.755));
        // Right pans by a quarter of the visible 0.51 s.
        QTest::keyClick(plot, Qt::Key_Right);
        QVERIFY(expectRange(0.3725, 0.8825));
        QTest::keyClick(plot, Qt::Key_Left);
        QTest::keyClick(plot, Qt::Key_Left);
        QVERIFY(expectRange(0.1175, 0.6275));
        // Not past the run's end.
        for (int i = 0; i < 10; ++i)
            QTest::keyClick(plot, Qt::Key_Right);
        QVERIFY(expectRange(0.5, 1.01));
        // The rank axis did not move.
        QCOMPARE(plot->yAxis->range(), QCPRange(0, 2));
        QTest::keyClick(plot, Qt::Key_0);
        QVERIFY(expectRange(-0.01, 1.01));
        QTest::keyClick(plot, Qt::Key_Plus);
        QTest::keyClick(plot, Qt::Key_Home);
        QVERIFY(expectRange(-0.01, 1.01));
        // - does not zoom out past the whole run.
        QTest::keyClick(plot, Qt::Key_Minus);
        QVERIFY(expectRange(-0.01, 1.01));
    }

    void keysZoomAndScrollRanks() {
        view_->setRun(twoRanks());
        QCustomPlot* plot = view_->plot();
        const QCPRange time = plot->xAxis->range();
        // Ctrl++ halves the two bands around their centre, like Ctrl+wheel.
        QTest::keyClick(plot, Qt::Key_Plus, Qt::ControlModifier);
        QCOMPARE(plot->yAxis->range(), QCPRange(0.5, 1.5));
        QCOMPARE(plot->xAxis->range(), time);
        // Down scrolls a quarter of the visible band towards the last rank.
        QTest::keyClick(plot, Qt::Key_Down);
        QCOMPARE(plot->yAxis->range(), QCPRange(0.75, 1.75));
        QTest::keyClick(plot, Qt::Key_Up);
        QTest::keyClick(plot, Qt::Key_Up);
        QCOMPARE(plot->yAxis->range(), QCPRange(0.25, 1.25));
        for (int i = 0; i < 5; ++i)
            QTest::keyClick(plot, Qt::Key_Up);
        QCOMPARE(plot->yAxis->range(), QCPRange(0, 1));
        QTest::keyClick(plot, Qt::Key_Minus, Qt::ControlModifier);
        QCOMPARE(plot->yAxis->range(), QCPRange(0, 2));
        QCOMPARE(plot->xAxis->range(), time);
    }

    void tabReachesResetAndThePlot() {
        view_->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(view_.get()));
        auto* reset = view_->findChild<QToolButton*>();
        QVERIFY(reset != nullptr);
        QVERIFY(reset->focusPolicy() & Qt::TabFocus);
        QVERIFY(view_->plot()->focusPolicy() & Qt::TabFocus);
        reset->setFocus(Qt::TabFocusReason);
        QTRY_COMPARE(QApplication::focusWidget(), reset);
        QTest::keyClick(reset, Qt::Key_Tab);
        QTRY_COMPARE(QApplication::focusWidget(), view_->plot());
        // The focus shows as a frame just outside the plot.
        const QPoint corner = view_->plot()->geometry().topLeft() - QPoint(1, 1);
        const QColor highlight = view_->palette().color(QPalette::Highlight);
        QTRY_COMPARE(view_->grab().toImage().pixelColor(corner), highlight);
        QTest::keyClick(view_->plot(), Qt::Key_Backtab, Qt::ShiftModifier);
        QTRY_COMPARE(QApplication::focusWidget(), reset);
        QTRY_VERIFY(view_->grab().toImage().pixelColor(corner) != highlight);
        // A click gives the plot focus too.
        view_->setRun(twoRanks());
        QTest::mouseClick(view_->plot(), Qt::LeftButton, {}, pixelAt(*view_, 0.25, 1));
        QTRY_COMPARE(QApplication::focusWidget(), view_->plot());
    }

    void panningStaysOnTheRun() {
        view_->setRun(twoRanks());
        QCustomPlot* plot = view_->plot();
        plot->xAxis->setRange(-50, -40);
        QVERIFY(plot->xAxis->range().upper > 0);
        plot->xAxis->setRange(-100, 100);
        QVERIFY(plot->xAxis->range().size() < 1.1);
    }

    void highlightFadesOtherRegions() {
        view_->setRun(twoRanks());
        view_->setHighlightedRegion(
            static_cast<int>(*plottableOf(*view_)->results()->regionIndex("io")));
        view_->plot()->replot();
        QCOMPARE(colorAt(*view_, pixelAt(*view_, 0.8, 1)), regionColor("io"));
        const QRgb faded = colorAt(*view_, pixelAt(*view_, 0.7, 0));
        QVERIFY(faded != regionColor("solve"));
        QVERIFY(qGray(faded) > qGray(regionColor("solve"))); // towards the background
        view_->setHighlightedRegion(-1);
        view_->plot()->replot();
        QCOMPARE(colorAt(*view_, pixelAt(*view_, 0.7, 0)), regionColor("solve"));
    }

    // A call path's calls stand out; the same region's other calls fade.
    void highlightedCallsFadeTheRegionsOtherCalls() {
        // io on rank 0 at 0.1 s and on rank 1 at 0.5 s (0 and 0.4 s into the
        // run); only rank 1's is flagged.
        const auto run = makeRun(
            {{0, "io", {{kSecond / 10, kSecond / 5}}}, {1, "io", {{kSecond / 2, kSecond}}}});
        view_->setRun(run);
        const int io = static_cast<int>(*run->regionIndex("io"));
        auto calls = std::make_shared<std::vector<bool>>(run->events.size(), false);
        (*calls)[run->row(static_cast<std::size_t>(io), 1)->offset] = true;
        view_->setHighlightedCalls(io, calls);
        view_->plot()->replot();
        QCOMPARE(colorAt(*view_, pixelAt(*view_, 0.8, 1)), regionColor("io"));
        const QRgb faded = colorAt(*view_, pixelAt(*view_, 0.05, 0));
        QVERIFY(faded != regionColor("io"));
        QVERIFY(faded != 0xffffff); // drawn, not background
        QVERIFY(qGray(faded) > qGray(regionColor("io")));
        // The whole region again.
        view_->setHighlightedRegion(io);
        view_->plot()->replot();
        QCOMPARE(colorAt(*view_, pixelAt(*view_, 0.05, 0)), regionColor("io"));
    }

    void clickActivatesTheRegionAndHoverDescribesIt() {
        const auto run = twoRanks();
        view_->setRun(run);
        QSignalSpy activated(view_.get(), &TimelineView::regionActivated);
        QTest::mouseClick(view_->plot(), Qt::LeftButton, {}, pixelAt(*view_, 0.8, 1));
        QCOMPARE(activated.size(), 1);
        QCOMPARE(activated.front().front().toInt(), static_cast<int>(*run->regionIndex("io")));
        QTest::mouseClick(view_->plot(), Qt::LeftButton, {}, pixelAt(*view_, 0.25, 1));
        QCOMPARE(activated.size(), 1); // nothing there

        const QString tip = view_->toolTipAt(pixelAt(*view_, 0.8, 1));
        QVERIFY2(tip.contains("io") && tip.contains("rank 1") && tip.contains("500 ms") &&
                     tip.contains("start 0.500 s"),
                 qPrintable(tip));
        QVERIFY(view_->toolTipAt(pixelAt(*view_, 0.25, 1)).isEmpty());
    }

    void savePngWritesTheRequestedSize() {
        view_->setRun(twoRanks());
        QTemporaryDir dir;
        const QString path = dir.filePath("timeline.png");
        QVERIFY(view_->savePng(path, 640, 360, 1.0));
        const QImage image(path);
        QCOMPARE(image.size(), QSize(640, 360));
        QVERIFY(countColor(image, regionColor("solve")) > 1000);
        QVERIFY(countColor(image, regionColor("io")) > 500);
    }

    void clearLeavesAnEmptyPlot() {
        view_->setRun(twoRanks());
        view_->clear();
        QCOMPARE(plottableOf(*view_)->bandCount(), 0);
        const QImage image = view_->plot()->toPixmap().toImage();
        QCOMPARE(countColor(image, regionColor("solve")), 0);
        QVERIFY(view_->toolTipAt(QPoint(300, 200)).isEmpty());
        // Summary-only results clear it as well.
        auto summaryOnly = std::make_shared<ProfilingResults>(*twoRanks());
        summaryOnly->eventsRead = false;
        view_->setRun(summaryOnly);
        QCOMPARE(plottableOf(*view_)->bandCount(), 0);
    }

    void showsASyntheticRunReadFromAFile() {
        QTemporaryDir dir;
        fixtures::SyntheticRun::Shape shape;
        shape.ranks = 4;
        shape.regions = 7;
        shape.calls = 2000;
        const QString path = dir.filePath("synthetic.h5");
        fixtures::FixtureWriter::write(fixtures::SyntheticRun::generate(shape), path.toStdString());
        auto results = std::make_shared<const ProfilingResults>(readH5(path.toStdString()));
        const auto index = TimelineView::buildIndex(results);
        QVERIFY(index);
        QCOMPARE(index->maxDepth(), 2);
        view_->setRun(results, index);
        QCOMPARE(plottableOf(*view_)->bandCount(), 4);
        const QImage whole = view_->plot()->toPixmap().toImage();
        QVERIFY(countColor(whole, regionColor("step")) > 1000);
        // Zoomed into a few steps every call is drawn on its own.
        view_->plot()->xAxis->setRange(0, 200e-6);
        view_->plot()->replot();
        const QImage zoomed = view_->plot()->toPixmap().toImage();
        for (const char* region : {"step", "solve", "rhs.eval", "linalg solve", "mpi.allreduce"})
            QVERIFY2(countColor(zoomed, regionColor(region)) > 50, region);
        if (qEnvironmentVariableIsSet("SCOPE_TIMELINE_PNG")) {
            view_->resetZoom();
            view_->savePng(qEnvironmentVariable("SCOPE_TIMELINE_PNG") + "-whole.png", 1000, 450,
                           1.0);
            view_->plot()->xAxis->setRange(0.001, 0.001 + 300e-6);
            view_->savePng(qEnvironmentVariable("SCOPE_TIMELINE_PNG") + "-zoomed.png", 1000, 450,
                           1.0);
            view_->plot()->xAxis->setRange(0.0012, 0.0012 + 40e-9);
            view_->savePng(qEnvironmentVariable("SCOPE_TIMELINE_PNG") + "-ns.png", 1000, 450, 1.0);
        }
    }

private:
    std::unique_ptr<TimelineView> view_;
};

QTEST_MAIN(TestTimelineView)
#include "tst_TimelineView.moc"
