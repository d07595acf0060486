// SPDX-License-Identifier: GPL-3.0-or-later
// What the timeline says in words: tooltip times in the axis unit, rank and
// time labels that stay readable, a title naming the run and its ranks, and a
// legend of its costliest regions, on screen and in exports.
#include "TimelineTestSupport.h"
#include "charts/TimelineSurface.h"

#include <QTemporaryDir>
#include <QtTest>

#include <memory>

class TestTimelineLabels : public QObject {
    Q_OBJECT
private slots:
    void init() {
        view_ = std::make_unique<TimelineView>();
        view_->resize(900, 500);
        view_->show();
        QVERIFY(QTest::qWaitForWindowExposed(view_.get()));
    }

    void cleanup() { view_.reset(); }

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
        // Runs of hours: "20 000 s", not digits to count.
        QCOMPARE(TimeAxisTicker::label(20000, 5000, QCPRange(0, 50000)),
                 QString::fromUtf8("20\u202f000 s"));
        const QCPRange dayDeep(86400.0000001, 86400.0000011);
        QCOMPARE(TimeAxisTicker::formatBase(dayDeep), QString::fromUtf8("86\u202f400.000000 s"));
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

        // Ranks scrolled out of view are not claimed: an export shows what
        // is in view, and its title says which of how many.
        view_->setRanks(RankSelection());
        view_->plot()->yAxis->setRange(0, 2);
        QCOMPARE(view_->title(), QString::fromUtf8("Timeline of run_np3, ranks 0\u20131 (of 12)"));
        view_->plot()->yAxis->setRange(3, 4);
        QCOMPARE(view_->title(), QStringLiteral("Timeline of run_np3, rank 3 (of 12)"));
        // A band half in view counts.
        view_->plot()->yAxis->setRange(2.5, 5.5);
        QCOMPARE(view_->title(), QString::fromUtf8("Timeline of run_np3, ranks 2\u20135 (of 12)"));
        view_->plot()->yAxis->setRange(0, 12);
        QCOMPARE(view_->title(), QString::fromUtf8("Timeline of run_np3, ranks 0\u201311"));
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

    // Ranks fitted to the window are fitted to the image: a tall export of
    // 40 ranks holds them all (and says so), and the window keeps its own.
    // A zoom of the user's is exported as it is.
    void aTallExportHoldsMoreRanks() {
        std::vector<Row> rows;
        for (std::uint32_t rank = 0; rank < 40; ++rank)
            rows.push_back({rank, "solve", {{0, kSecond}}});
        view_->setRun(makeRun(rows));
        view_->plot()->replot();
        const QCPRange window = view_->plot()->yAxis->range();
        QVERIFY(view_->ranksFitted());
        QVERIFY2(window.upper < 40, qPrintable(QString::number(window.upper)));
        TimelineSurface surface(
            view_.get(), [] { return QString(); }, [] { return false; });
        QTemporaryDir dir;
        QCPRange exported;
        QString exportedTitle;
        connect(view_->plot(), &QCustomPlot::afterLayout, this, [&] {
            exported = view_->plot()->yAxis->range();
            exportedTitle = view_->title();
        });
        QString error;
        QVERIFY(surface.save(ChartSurface::Format::Png, dir.filePath("tall.png"), QSize(900, 3000),
                             1.0, &error));
        QCOMPARE(exported, QCPRange(0, 40));
        QCOMPARE(exportedTitle, QString::fromUtf8("Timeline, ranks 0\u201339"));
        QCOMPARE(view_->plot()->yAxis->range(), window);
        QVERIFY(view_->ranksFitted());
        // A low image holds fewer.
        QVERIFY(surface.save(ChartSurface::Format::Png, dir.filePath("low.png"), QSize(900, 300),
                             1.0, &error));
        QVERIFY(exported.upper < window.upper);
        // The user's zoom: ranks 5-9, in a tall image too.
        view_->plot()->yAxis->setRange(5, 10);
        QVERIFY(!view_->ranksFitted());
        QVERIFY(surface.save(ChartSurface::Format::Png, dir.filePath("zoomed.png"),
                             QSize(900, 3000), 1.0, &error));
        QCOMPARE(exported, QCPRange(5, 10));
        QCOMPARE(view_->plot()->yAxis->range(), QCPRange(5, 10));
    }

private:
    std::unique_ptr<TimelineView> view_;
};

QTEST_MAIN(TestTimelineLabels)
#include "tst_TimelineLabels.moc"
