// SPDX-License-Identifier: GPL-3.0-or-later
// The timeline drawn offscreen: region colours where the calls are, zoom and
// pan by mouse, highlighting, export, readability at many ranks, and a
// realistic synthetic run written to HDF5 and read back.
#include "FixtureWriter.h"
#include "RegionPalette.h"
#include "SyntheticRun.h"
#include "charts/TimeAxisTicker.h"
#include "charts/TimelinePlottable.h"
#include "charts/TimelineView.h"
#include "events/RowStatistics.h"
#include "format/ProfileReader.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>
#include <qcustomplot.h>

#include <memory>

using namespace scope;
using Calls = std::vector<std::pair<std::int64_t, std::int64_t>>;

namespace {

constexpr std::int64_t kSecond = 1'000'000'000;
constexpr std::int64_t kOrigin = 5'000 * kSecond; // an arbitrary clock origin

struct Row {
    std::uint32_t rank;
    std::string region;
    Calls calls; // relative to kOrigin
};

std::shared_ptr<const ProfilingResults> makeRun(const std::vector<Row>& rows) {
    auto results = std::make_shared<ProfilingResults>();
    for (const Row& r : rows) {
        auto index = results->regionIndex(r.region);
        if (!index) {
            results->regions.push_back(r.region);
            index = results->regions.size() - 1;
        }
        RankRegion row;
        row.rank = r.rank;
        row.region = static_cast<std::uint32_t>(*index);
        row.offset = results->events.size();
        for (const auto& [s, e] : r.calls) {
            results->events.starts.push_back(kOrigin + s);
            results->events.ends.push_back(kOrigin + e);
        }
        row.summary = RowStatistics::measure(
                          std::span(results->events.starts).subspan(row.offset, r.calls.size()),
                          std::span(results->events.ends).subspan(row.offset, r.calls.size()))
                          .summary;
        results->rows.push_back(row);
        results->numRanks = std::max(results->numRanks, r.rank + 1);
    }
    results->eventsRead = true;
    results->finalize();
    return results;
}

// solve on rank 0 for the first second (with a 10 ms child), io on rank 1 in the second half.
std::shared_ptr<const ProfilingResults> twoRanks() {
    return makeRun({{0, "solve", {{0, kSecond}}},
                    {0, "rhs.eval", {{100'000'000, 110'000'000}}},
                    {1, "io", {{kSecond / 2, kSecond}}}});
}

TimelinePlottable* plottableOf(const TimelineView& view) {
    return qobject_cast<TimelinePlottable*>(view.plot()->plottable(0));
}

// Pixel of run time `seconds` in the middle of a depth row of a band.
QPoint pixelAt(const TimelineView& view, double seconds, int band, int depth = 0) {
    const QCustomPlot* plot = view.plot();
    const double value = plottableOf(view)->rowRange(band, depth).center();
    return QPoint(static_cast<int>(std::lround(plot->xAxis->coordToPixel(seconds))),
                  static_cast<int>(std::lround(plot->yAxis->coordToPixel(value))));
}

QRgb colorAt(const TimelineView& view, const QPoint& pixel) {
    return view.plot()->toPixmap().toImage().pixel(pixel) & 0xffffff;
}

QRgb regionColor(const char* name) {
    return RegionPalette::color(name).rgb() & 0xffffff;
}

// Pixels of an image that have exactly this colour.
int countColor(const QImage& image, QRgb color) {
    int n = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            n += (image.pixel(x, y) & 0xffffff) == color ? 1 : 0;
    return n;
}

void sendWheel(QWidget* widget, const QPoint& at, int steps, Qt::KeyboardModifiers modifiers = {}) {
    QWheelEvent event(at, widget->mapToGlobal(at), QPoint(), QPoint(0, 120 * steps), Qt::NoButton,
                      modifiers, Qt::NoScrollPhase, false);
    QApplication::sendEvent(widget, &event);
}

} // namespace

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

    void tooltipTimesUseTheAxisUnit() {
        // One call at 4.229596 ms in a 10 ms run.
        const auto run =
            makeRun({{0, "solve", {{4'229'596, 4'329'596}}}, {1, "io", {{0, 10'000'000}}}});
        view_->setRun(run);
        QCustomPlot* plot = view_->plot();
        const double start = 4.229596e-3;
        // 1 ms across 100 to 1000 px: a pixel is 1 to 10 us, 0.001 to 0.01 ms, three decimals.
        QVERIFY(plot->axisRect()->width() > 100 && plot->axisRect()->width() < 1000);
        plot->xAxis->setRange(0.004, 0.005);
        plot->replot();
        QString tip = view_->toolTipAt(pixelAt(*view_, start + 20e-6, 0));
        QVERIFY2(tip.contains("start 4.230 ms\n"), qPrintable(tip));
        QVERIFY2(tip.contains("duration 100 \u00b5s"), qPrintable(tip));
        // 10 us across: a pixel is 10 to 100 ns, 1e-5 to 1e-4 ms, five decimals.
        plot->xAxis->setRange(0.004229, 0.004239);
        plot->replot();
        tip = view_->toolTipAt(pixelAt(*view_, start + 1e-6, 0));
        QVERIFY2(tip.contains("start 4.22960 ms\n"), qPrintable(tip));
        // Below a millisecond the axis and the tooltip switch to microseconds.
        const auto early = makeRun({{0, "solve", {{229'596, 329'596}}}, {1, "io", {{0, 500'000}}}});
        view_->setRun(early);
        // 0.5 ms across: a pixel is 0.5 to 5 us, one decimal.
        plot->xAxis->setRange(0, 500e-6);
        plot->replot();
        tip = view_->toolTipAt(pixelAt(*view_, 250e-6, 0));
        QVERIFY2(tip.contains("start 229.6 \u00b5s\n"), qPrintable(tip));
        QVERIFY(plot->xAxis->tickVectorLabels().contains("200 \u00b5s"));

        QCOMPARE(TimeAxisTicker::formatTime(start, QCPRange(0, 0.01), 1e-9),
                 QStringLiteral("4.229596 ms"));
        QCOMPARE(TimeAxisTicker::formatTime(start, QCPRange(0, 0.01), 2.5e-5),
                 QStringLiteral("4.23 ms"));
        QCOMPARE(TimeAxisTicker::formatTime(start, QCPRange(0, 0.01), 1.2e-4),
                 QStringLiteral("4.2 ms"));
        // Never finer than nanoseconds.
        QCOMPARE(TimeAxisTicker::formatTime(start, QCPRange(0, 0.01), 1e-13),
                 QStringLiteral("4.229596 ms"));
        // Where the axis shows offsets from a base, absolute seconds.
        QCOMPARE(
            TimeAxisTicker::formatTime(1000.0000004, QCPRange(1000.0000001, 1000.0000011), 1e-9),
            QStringLiteral("1000.000000400 s"));
    }

    void mergedCallsAreCountedInTheTooltip() {
        Calls many;
        for (std::int64_t i = 0; i < 100'000; ++i)
            many.emplace_back(i * 10'000, i * 10'000 + 100); // 100 ns every 10 us
        view_->setRun(makeRun({{0, "tick", many}}));
        const QString tip = view_->toolTipAt(pixelAt(*view_, 0.5, 0));
        QVERIFY2(tip.contains(" calls"), qPrintable(tip));
        QCOMPARE(colorAt(*view_, pixelAt(*view_, 0.5, 0)), regionColor("tick"));
    }

    void mergedCallsStartInTheAxisUnit() {
        // 100 calls of 100 ns, 1 us apart from 2 ms on, in a 10 ms run.
        Calls burst;
        for (std::int64_t i = 0; i < 100; ++i)
            burst.emplace_back(2'000'000 + i * 1000, 2'000'000 + i * 1000 + 100);
        view_->setRun(makeRun({{0, "tick", burst}, {1, "io", {{0, 10'000'000}}}}));
        QCustomPlot* plot = view_->plot();
        // 10 ms across 100 to 1000 px: 10 to 100 us a pixel, 0.01 to 0.1 ms, two decimals.
        plot->xAxis->setRange(0, 0.01);
        plot->replot();
        const QString tip = view_->toolTipAt(pixelAt(*view_, 2.0e-3, 0));
        QVERIFY2(tip.contains(" calls, each shorter than a pixel") &&
                     tip.contains("from 2.00 ms, over "),
                 qPrintable(tip));
    }

    void rankLabelsDoNotOverlap() {
        std::vector<Row> rows;
        for (std::uint32_t rank = 0; rank < 300; ++rank)
            rows.push_back({rank, "solve", {{rank * 1000, rank * 1000 + 500'000}}});
        view_->setRun(makeRun(rows));
        view_->plot()->replot();
        const QVector<QString> labels = view_->plot()->yAxis->tickVectorLabels();
        const int lineHeight = QFontMetrics(view_->plot()->yAxis->tickLabelFont()).height();
        QVERIFY(labels.size() >= 5);
        QVERIFY2(labels.size() * lineHeight <= view_->plot()->axisRect()->height(),
                 qPrintable(QString::number(labels.size())));
        QCOMPARE(labels.first(), QStringLiteral("rank 0"));

        // A smaller plot labels fewer bands.
        view_->resize(900, 250);
        QTRY_VERIFY(view_->plot()->height() < 250);
        view_->plot()->replot();
        view_->plot()->replot(); // the second pass measures the new layout
        QVERIFY(view_->plot()->yAxis->tickVectorLabels().size() < labels.size());

        view_->setRanks(RankSelection({7, 8, 9}));
        view_->plot()->replot();
        QCOMPARE(view_->plot()->yAxis->tickVectorLabels(),
                 (QVector<QString>{"rank 7", "rank 8", "rank 9"}));
    }

    void timeLabelsReadNaturally() {
        const QCPRange run(0, 1.5);
        QCOMPARE(TimeAxisTicker::label(0, 0.5, run), QStringLiteral("0 s"));
        QCOMPARE(TimeAxisTicker::label(0.5, 0.5, run), QStringLiteral("0.5 s"));
        QCOMPARE(TimeAxisTicker::label(1.0, 0.5, run), QStringLiteral("1.0 s"));
        QCOMPARE(TimeAxisTicker::label(1.1e-3, 0.05e-3, QCPRange(1e-3, 1.3e-3)),
                 QStringLiteral("1.10 ms"));
        QCOMPARE(TimeAxisTicker::label(0.25, 0.25, QCPRange(0, 0.8)), QStringLiteral("250 ms"));
        QCOMPARE(TimeAxisTicker::label(120e-6, 20e-6, QCPRange(0, 200e-6)),
                 QString::fromUtf8("120 \u00b5s"));
        QVERIFY(!TimeAxisTicker::offsetFor(run));
        // 1 us at 1000 s: offsets from a round base instead of 13 digits.
        const QCPRange deep(1000.0000001, 1000.0000011);
        QCOMPARE(TimeAxisTicker::offsetFor(deep).value_or(0), 1000.0);
        QCOMPARE(TimeAxisTicker::label(1000.0000004, 2e-7, deep),
                 QString::fromUtf8("+0.4 \u00b5s"));
        QCOMPARE(TimeAxisTicker::formatBase(deep), QStringLiteral("1000.000000 s"));
    }

    void titleNamesTheRunAndItsRanks() {
        view_->setRun(twoRanks());
        QCOMPARE(view_->title(), QString::fromUtf8("Timeline, ranks 0\u20131"));
        view_->setRunLabel(QStringLiteral("run_np3"));
        QCOMPARE(view_->title(), QString::fromUtf8("Timeline of run_np3, ranks 0\u20131"));
        view_->setRanks(RankSelection({1}));
        QCOMPARE(view_->title(), QStringLiteral("Timeline of run_np3, rank 1"));
        // The title is drawn in the plot, so exports carry it.
        auto* title = qobject_cast<QCPTextElement*>(view_->plot()->plotLayout()->element(0, 0));
        QVERIFY(title != nullptr);
        QCOMPARE(title->text(), view_->title());

        std::vector<Row> rows;
        for (std::uint32_t rank = 0; rank < 12; ++rank)
            rows.push_back({rank, "solve", {{0, kSecond}}});
        view_->setRun(makeRun(rows));
        view_->setRanks(RankSelection({0, 1, 2, 3, 7, 9, 10}));
        QCOMPARE(view_->title(),
                 QString::fromUtf8("Timeline of run_np3, ranks 0\u20133, 7, 9\u201310"));
        std::vector<std::uint32_t> scattered;
        for (std::uint32_t rank = 0; rank < 12; rank += 2)
            scattered.push_back(rank);
        view_->setRanks(RankSelection(scattered));
        // "ranks 0, 2, 4, 6, 8, 10" fits; many more would be counted.
        QCOMPARE(view_->title(), QStringLiteral("Timeline of run_np3, ranks 0, 2, 4, 6, 8, 10"));
    }

    void legendListsTheCostliestRegions() {
        // solve 1 s, io 0.5 s, rhs.eval 10 ms.
        view_->setRun(twoRanks());
        QCOMPARE(view_->legendEntries(), QStringList({"solve", "io", "rhs.eval"}));
        // Only the shown ranks count.
        view_->setRanks(RankSelection({1}));
        QCOMPARE(view_->legendEntries(), QStringList({"io"}));
        QCOMPARE(view_->plot()->legend->itemCount(), 1);

        // Twelve regions, region k busy for (k + 1) ms: the eight longest by
        // name, then the four others counted.
        std::vector<Row> rows;
        for (int k = 0; k < 12; ++k)
            rows.push_back({0, "r" + std::to_string(k), {{0, (k + 1) * 1'000'000}}});
        view_->setRun(makeRun(rows));
        view_->setRanks({});
        QCOMPARE(view_->legendEntries(),
                 QStringList({"r11", "r10", "r9", "r8", "r7", "r6", "r5", "r4", "+4 more"}));
        // Nine regions need no "+1 more": all are named.
        rows.resize(9);
        view_->setRun(makeRun(rows));
        QCOMPARE(view_->legendEntries().size(), 9);
        QCOMPARE(view_->legendEntries().back(), QStringLiteral("r0"));
    }

    void exportShowsTheLegend() {
        view_->setRun(twoRanks());
        view_->setRunLabel(QStringLiteral("run_np3"));
        // A narrow view stacks the legend; a wide export puts it on one row.
        view_->resize(150, 500);
        QTRY_VERIFY(view_->plot()->width() <= 150);
        view_->plot()->replot();
        QCPLegend* legend = view_->plot()->legend;
        QVERIFY(legend->rowCount() > 1);
        QTemporaryDir dir;
        const QString path = dir.filePath("timeline.png");
        int rowsInExport = 0;
        QRect rhsEvalEntry;
        connect(view_->plot(), &QCustomPlot::afterLayout, this, [&] {
            rowsInExport = legend->rowCount();
            rhsEvalEntry = legend->item(2)->rect();
        });
        QVERIFY(view_->savePng(path, 1200, 600, 1.0));
        QCOMPARE(rowsInExport, 1);
        QCOMPARE(qobject_cast<QCPPlottableLegendItem*>(legend->item(2))->plottable()->name(),
                 QStringLiteral("rhs.eval"));
        // The entry's swatch (in the middle of its 16 x 16 icon) is in the region's colour.
        const QImage image(path);
        const QPoint swatch(rhsEvalEntry.left() + 8, rhsEvalEntry.top() + 8);
        QCOMPARE(image.pixel(swatch) & 0xffffff, regionColor("rhs.eval"));
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
