// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 28: the region column keeps readable names in a small window, the run
// opens on the table's top row, a rank list the run lacks keeps the chart,
// a selection that skips ranks draws them side by side, an empty run says so,
// the CSV holds every column with short numbers, and the trace question only
// offers "Selected Ranks Only" when ranks are selected.
#include "FixtureWriter.h"
#include "RunWaiter.h"
#include "SampleSpecs.h"
#include "TableRows.h"
#include "charts/RankBarChart.h"
#include "charts/RankChartPage.h"
#include "export/ExportController.h"
#include "export/TraceExporter.h"
#include "format/ProfileReader.h"
#include "models/HeaderColumnMenu.h"
#include "models/RegionFilterProxy.h"
#include "models/RegionTableCsv.h"
#include "models/RegionTableModel.h"
#include "run/RunView.h"
#include "shell/MainWindow.h"

#include <QAbstractButton>
#include <QApplication>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QScrollBar>
#include <QSettings>
#include <QStyle>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>
#include <qcustomplot.h>

namespace {

const QString kData = QStringLiteral(SCOPE_TEST_DATA_DIR);

std::shared_ptr<const RunData> load(const QString& path) {
    auto run = std::make_shared<RunData>();
    run->path = path;
    run->results =
        std::make_shared<const scope::ProfilingResults>(scope::readH5(path.toStdString()));
    return run;
}

bool setRunAndWait(RunView& view, const std::shared_ptr<const RunData>& run) {
    QSignalSpy ready(&view, &RunView::tableReady);
    view.setRun(run);
    return ready.wait(30000);
}

RankBarChart* rankChart(const RunView& view) {
    return view.page<RankChartPage>()->chart();
}

// The pixels a cell's name needs whole: its text, the colour swatch and the
// item view's margins around both (QCommonStyle: a text margin each side of
// the swatch and of the text).
int nameCellWidth(const QTableView& table, const QString& name) {
    const int margin =
        table.style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, &table) + 1;
    const int icon = table.style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, &table);
    return table.fontMetrics().horizontalAdvance(name) + icon + 4 * margin;
}

// One region on four ranks, rank r taking (r + 1) ms in total.
std::shared_ptr<const scope::ProfilingResults> fourRanks() {
    auto run = std::make_shared<scope::ProfilingResults>();
    run->numRanks = 4;
    run->regions = {"solve"};
    for (std::uint32_t rank = 0; rank < 4; ++rank) {
        scope::RankRegion row;
        row.rank = rank;
        scope::CallSummary& s = row.summary;
        s.count = 1;
        s.total = (rank + 1) * 1'000'000;
        s.minimum = s.total;
        s.maximum = s.total;
        s.mean = static_cast<double>(s.total);
        run->rows.push_back(row);
    }
    run->finalize();
    return run;
}

} // namespace

class TestTableAndSelection : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        prepareWindowTests();
        QVERIFY(dir_.isValid());
    }
    void init() { QSettings().remove(QStringLiteral("regionTable/hiddenColumns")); }

    // At 1024×700 the numbers give way before the names: run_np3's names
    // (13 characters at most) show whole.
    void namesStayReadableInASmallWindow() {
        QSettings().remove(QStringLiteral("window"));
        MainWindow window;
        window.resize(1024, 700);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy opened(&window, &MainWindow::runOpened);
        window.openFile(kData + "/run_np3.h5");
        RunView* view = waitForRun(window, opened);
        QVERIFY(view);
        // Nothing in the window (a page, hidden or not) asks for more than
        // the screen: the time axis at the bottom stays on it.
        QTRY_VERIFY2(window.height() <= 700 && window.minimumSizeHint().height() <= 700,
                     qPrintable(QStringLiteral("%1 px, at least %2 px")
                                    .arg(window.height())
                                    .arg(window.minimumSizeHint().height())));
        QTableView* table = view->tableView();
        const QStringList names{"main",         "setup",         "solve",   "rhs.eval",
                                "linalg solve", "io_checkpoint", "Löser-ε", "mpi.allreduce"};
        int widest = 0;
        for (const QString& name : names)
            widest = std::max(widest, nameCellWidth(*table, name));
        QTRY_VERIFY2(table->columnWidth(RegionTableModel::Region) >= widest,
                     qPrintable(QStringLiteral("%1 < %2")
                                    .arg(table->columnWidth(RegionTableModel::Region))
                                    .arg(widest)));

        // The side tabs' labels are whole: each tab inside the bar, none cut
        // at the pane's edge ("Heatmap", the last of run_np3's four).
        const QTabBar* tabs = view->sideTabs()->tabBar();
        for (int i = 0; i < tabs->count(); ++i)
            if (tabs->isTabVisible(i))
                QVERIFY2(tabs->tabRect(i).right() < tabs->width() &&
                             tabs->tabRect(i).width() >=
                                 tabs->fontMetrics().horizontalAdvance(tabs->tabText(i)),
                         qPrintable(tabs->tabText(i)));
        // The per-rank chart's legend ("slowest: rank 0 (65.7 ms)", "mean …")
        // inside the chart.
        RankBarChart* chart = rankChart(*view);
        QVERIFY(chart->hasBars());
        chart->plot()->replot();
        const QRect legend = chart->plot()->legend->outerRect();
        QVERIFY2(legend.left() >= 0 && legend.right() < chart->plot()->width(),
                 qPrintable(QStringLiteral("%1..%2 in %3")
                                .arg(legend.left())
                                .arg(legend.right())
                                .arg(chart->plot()->width())));
    }

    // A GPU run's three more columns at 1280×800: names readable, GPU times whole.
    void gpuColumnsFitWithReadableNames() {
        QSettings().remove(QStringLiteral("window"));
        const QString path = dir_.filePath("gpu.h5");
        scope::fixtures::FixtureSpec spec = scope::fixtures::SampleSpecs::gpuRun();
        const QString longest = QStringLiteral("solver.krylov.gmres.step");
        for (scope::fixtures::FixtureRow& row : spec.rows)
            row.region = row.region == "kernel" ? longest.toStdString() : "cuda.memcpy";
        scope::fixtures::FixtureWriter::write(spec, path.toStdString());
        MainWindow window;
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy opened(&window, &MainWindow::runOpened);
        window.openFile(path);
        RunView* view = waitForRun(window, opened);
        QVERIFY(view);
        QVERIFY(view->tableModel()->hasGpuColumns());
        QTableView* table = view->tableView();
        const int readable =
            std::min(nameCellWidth(*table, longest), 24 * table->fontMetrics().averageCharWidth());
        QTRY_VERIFY(table->columnWidth(RegionTableModel::Region) >= readable);
        // The totals, averages and GPU times stay whole (the table may scroll to them).
        QVERIFY(!table->horizontalHeader()->isSectionHidden(RegionTableModel::GpuAverage));
        const auto whole = [&] {
            for (int column : {int(RegionTableModel::Calls), int(RegionTableModel::Total),
                               int(RegionTableModel::Average), int(RegionTableModel::GpuCalls),
                               int(RegionTableModel::GpuTotal), int(RegionTableModel::GpuAverage)})
                for (int row = 0; row < view->tableProxy()->rowCount(); ++row)
                    if (table->columnWidth(column) <=
                        table->fontMetrics().horizontalAdvance(
                            view->tableProxy()->index(row, column).data().toString()))
                        return false;
            return true;
        };
        QTRY_VERIFY(whole());
    }

    // Long dotted names: the column keeps about 24 characters, not less.
    void longNamesKeepTwentyFourCharacters() {
        const QString path = dir_.filePath("long.h5");
        scope::fixtures::FixtureSpec spec;
        const std::vector<std::string> names{"scope_demo.solvers.krylov.ConjugateGradient.step",
                                             "scope_demo.solvers.krylov.ConjugateGradient.apply",
                                             "scope_demo.io.checkpoint.HierarchicalWriter.flush"};
        for (std::uint32_t rank = 0; rank < 2; ++rank)
            for (std::size_t i = 0; i < names.size(); ++i)
                spec.rows.push_back(scope::fixtures::FixtureRow::make(
                    rank, names[i], {static_cast<std::int64_t>(i) * 1000},
                    {static_cast<std::int64_t>(i) * 1000 + 123457}));
        scope::fixtures::FixtureWriter::write(spec, path.toStdString());
        RunView view;
        view.resize(1024, 640);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(setRunAndWait(view, load(path)));
        QTableView* table = view.tableView();
        const int readable = 24 * table->fontMetrics().averageCharWidth();
        QTRY_VERIFY2(table->columnWidth(RegionTableModel::Region) >= readable,
                     qPrintable(QString::number(table->columnWidth(RegionTableModel::Region))));
    }

    // run_np3 lists "main" first and it is also the slowest: this run lists a
    // quick region first.
    void theRunOpensOnTheTopRow() {
        const QString path = dir_.filePath("order.h5");
        scope::fixtures::FixtureSpec spec;
        for (std::uint32_t rank = 0; rank < 2; ++rank) {
            spec.rows.push_back(scope::fixtures::FixtureRow::make(rank, "setup", {0}, {50}));
            spec.rows.push_back(scope::fixtures::FixtureRow::make(rank, "solve", {100}, {9000}));
        }
        scope::fixtures::FixtureWriter::write(spec, path.toStdString());
        const auto run = load(path);
        QCOMPARE(run->results->regions.front(), std::string("setup"));
        RunView view;
        QVERIFY(setRunAndWait(view, run));
        const int solve = static_cast<int>(*run->results->regionIndex("solve"));
        QCOMPARE(view.tableProxy()->index(0, 0).data().toString(), QStringLiteral("solve"));
        QCOMPARE(view.selectedRegion(), solve);
        QCOMPARE(view.context()->region(), solve);
        QCOMPARE(rankChart(view)->region(), solve);
    }

    // run_np3 has ranks 0-2: "7" is refused where it was typed, and the chart
    // keeps its region and bars.
    void aRankTheRunLacksKeepsTheChart() {
        RunView view;
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const auto run = load(kData + "/run_np3.h5");
        QVERIFY(setRunAndWait(view, run));
        const int solve = static_cast<int>(*run->results->regionIndex("solve"));
        view.selectRegion(solve);
        QCOMPARE(rankChart(view)->region(), solve);
        QVERIFY(rankChart(view)->hasBars());

        view.rankEdit()->setFocus();
        QTest::keyClicks(view.rankEdit(), QStringLiteral("7"));
        QTest::keyClick(view.rankEdit(), Qt::Key_Return);
        QApplication::processEvents();
        QCOMPARE(view.selectedRegion(), solve);
        QCOMPARE(rankChart(view)->region(), solve);
        QVERIFY(rankChart(view)->hasBars());
        QCOMPARE(rankChart(view)->message(), QString());
        QCOMPARE(rankChart(view)->bars()->data()->size(), 3);
        QVERIFY(view.rankMessage()->isVisibleTo(&view));
        QVERIFY2(view.rankMessage()->text().contains(QStringLiteral("7")),
                 qPrintable(view.rankMessage()->text()));
        QVERIFY(view.rankEdit()->styleSheet().contains(QStringLiteral("#c62828")));
        // Leaving the box does not change that either.
        view.tableView()->setFocus();
        QApplication::processEvents();
        QCOMPARE(rankChart(view)->region(), solve);
        QVERIFY(rankChart(view)->hasBars());
    }

    // Ranks 0,2-3 of four: three bars side by side labelled 0, 2 and 3, no
    // empty slot for rank 1.
    void skippedRanksLeaveNoGap() {
        RankBarChart chart;
        chart.setRun(fourRanks());
        chart.setRegion(0);
        chart.setRanks(scope::RankSelection({0, 2, 3}));
        chart.resize(400, 300);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.plot()->replot();
        QTest::qWait(20);
        std::vector<double> keys;
        std::vector<double> values;
        for (auto it = chart.bars()->data()->constBegin(); it != chart.bars()->data()->constEnd();
             ++it) {
            keys.push_back(it->key);
            values.push_back(it->value);
        }
        QCOMPARE(keys, (std::vector<double>{0.0, 1.0, 2.0}));
        QCOMPARE(values, (std::vector<double>{1e-3, 3e-3, 4e-3}));
        QCOMPARE(chart.plot()->xAxis->range().lower, -0.5);
        QCOMPARE(chart.plot()->xAxis->range().upper, 2.5);
        QCOMPARE(chart.plot()->xAxis->tickVectorLabels(), (QVector<QString>{"0", "2", "3"}));
        // The slowest bar (rank 3) stands in the third slot; pointing at it finds rank 3.
        QCOMPARE(chart.slowestRank(), std::optional<std::uint32_t>(3));
        QCOMPARE(chart.slowestBars()->data()->constBegin()->key, 2.0);
        const QPointF third(chart.plot()->xAxis->coordToPixel(2.0),
                            chart.plot()->yAxis->coordToPixel(1e-3));
        QCOMPARE(chart.rankAt(third), std::optional<std::uint32_t>(3));
    }

    void anEmptyRunSaysSo() {
        auto results = std::make_shared<scope::ProfilingResults>();
        results->numRanks = 1;
        results->finalize();
        auto run = std::make_shared<RunData>();
        run->path = dir_.filePath("empty.h5");
        run->results = results;
        RunView view;
        view.resize(900, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setRun(run);
        QTRY_VERIFY(view.emptyMessage()->isVisible());
        QVERIFY2(view.emptyMessage()->text().contains(QStringLiteral("no regions")),
                 qPrintable(view.emptyMessage()->text()));
        QCOMPARE(view.tableProxy()->rowCount(), 0);
    }

    // Hidden columns are still written; numbers lose their last bit's noise.
    void csvHasEveryColumnAndShortNumbers() {
        RunView view;
        QVERIFY(setRunAndWait(view, load(kData + "/run_np3.h5")));
        QHeaderView* header = view.tableView()->horizontalHeader();
        view.columnMenu()->setColumnVisible(RegionTableModel::Max, false);
        QVERIFY(header->isSectionHidden(RegionTableModel::Max));
        QVERIFY(header->isSectionHidden(RegionTableModel::Wall));
        const QString csv =
            QString::fromStdString(RegionTableCsv::text(*view.tableProxy(), *header));
        const QStringList fields = csv.section(QStringLiteral("\r\n"), 0, 0).split(',');
        QCOMPARE(fields.size(), int(RegionTableModel::ColumnCount));
        QVERIFY2(fields.contains(QStringLiteral("Maximum (s)")), qPrintable(fields.join('|')));
        // main's longest call, 0.065687055 s (run_np3.region_statistics.json).
        QVERIFY(csv.contains(QStringLiteral(",0.065687055,")));

        QCOMPARE(RegionTableCsv::number(5.470000000000001e-05), std::string("5.47e-05"));
        QCOMPARE(RegionTableCsv::number(0.054578593), std::string("0.054578593"));
        QCOMPARE(RegionTableCsv::number(1.2e-07), std::string("1.2e-07"));
        QCOMPARE(RegionTableCsv::number(0.1 + 0.2), std::string("0.3"));
        QCOMPARE(RegionTableCsv::number(123456.789012345), std::string("123456.789012345"));
        QCOMPARE(RegionTableCsv::number(2.0), std::string("2.0"));
    }

    // With all ranks selected, the question for large runs has no "Selected
    // Ranks Only": it would be the same as "Everything".
    void traceQuestionOffersSelectedRanksOnlyWhenSelected() {
        MainWindow window;
        QSignalSpy opened(&window, &MainWindow::runOpened);
        window.openFile(kData + "/run_np3.h5");
        RunView* view = waitForRun(window, opened);
        QVERIFY(view);
        TraceExporter* exporter = window.exporter()->traceExporter();
        exporter->setCallLimit(100);
        const auto buttons = [&] {
            QStringList texts;
            QTimer::singleShot(0, this, [&texts] {
                auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
                QVERIFY(box);
                for (QAbstractButton* button : box->buttons())
                    texts << button->text();
                box->reject();
            });
            exporter->chooseScopeAndExport(view, TraceExportJob::ChromeTrace,
                                           dir_.filePath("np3.trace.json"));
            return texts;
        };
        const QStringList all = buttons();
        QVERIFY2(!all.contains(QStringLiteral("Selected &Ranks Only")), qPrintable(all.join('|')));
        QVERIFY(all.contains(QStringLiteral("&Visible Time Range")));
        QVERIFY(all.contains(QStringLiteral("&Everything")));
        QVERIFY(view->setRankSelection(QStringLiteral("1")));
        const QStringList some = buttons();
        QVERIFY2(some.contains(QStringLiteral("Selected &Ranks Only")), qPrintable(some.join('|')));
        QVERIFY(!exporter->job()->busy());
    }

private:
    QTemporaryDir dir_;
};

QTEST_MAIN(TestTableAndSelection)
#include "tst_TableAndSelection.moc"
