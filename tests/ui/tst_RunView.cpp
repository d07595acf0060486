// SPDX-License-Identifier: GPL-3.0-or-later
// One run's view as a new user meets it: Tab through the controls, rank lists
// that do not fit the run, the empty filter result, the region table's columns
// (hidden from the header's menu and remembered, all fitting a 1280×800
// window) and the metadata names. Counts come from scope-profiler's JSON.
#include "FixtureWriter.h"
#include "RunWaiter.h"
#include "TableRows.h"
#include "charts/RankBarChart.h"
#include "charts/RankChartPage.h"
#include "charts/TimelinePage.h"
#include "charts/TimelineView.h"
#include "distributions/DurationOverTimeView.h"
#include "distributions/HeatmapPage.h"
#include "distributions/HeatmapView.h"
#include "distributions/HistogramPage.h"
#include "distributions/HistogramView.h"
#include "distributions/OverTimePage.h"
#include "format/ProfileReader.h"
#include "models/HeaderColumnMenu.h"
#include "models/MetadataModel.h"
#include "models/MetadataPage.h"
#include "models/RegionFilterProxy.h"
#include "models/RegionNameDelegate.h"
#include "models/RegionTableModel.h"
#include "run/RunView.h"
#include "shell/MainWindow.h"

#include <QApplication>
#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QScrollBar>
#include <QSettings>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QtTest>
#include <qcustomplot.h>

#include <numeric>

namespace {

const QString kData = QStringLiteral(SCOPE_TEST_DATA_DIR);
const QString kHiddenColumns = QStringLiteral("regionTable/hiddenColumns");

std::shared_ptr<const RunData> load(const QString& name) {
    auto run = std::make_shared<RunData>();
    run->path = kData + "/" + name;
    run->results =
        std::make_shared<const scope::ProfilingResults>(scope::readH5(run->path.toStdString()));
    return run;
}

// The table's numbers for the current selection, percentiles included.
bool setRunAndWait(RunView& view, const std::shared_ptr<const RunData>& run) {
    QSignalSpy ready(&view, &RunView::tableReady);
    view.setRun(run);
    return ready.wait(30000);
}

int calls(const RunView& view, const QString& region) {
    const QAbstractItemModel& model = *view.tableModel();
    return model.index(rowOf(model, region), RegionTableModel::Calls)
        .data(RegionTableModel::SortRole)
        .toInt();
}

bool isInside(const QWidget* widget, const QWidget* container) {
    return widget && (widget == container || container->isAncestorOf(widget));
}

} // namespace

class TestRunView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { prepareWindowTests(); }
    void init() { QSettings().remove(kHiddenColumns); }

    // The per-rank chart's statistic last chosen is where the next run starts.
    void chartStatisticIsRemembered() {
        {
            RunView first;
            first.setStatistic(Statistic::Max);
            QCOMPARE(first.statistic(), Statistic::Max);
        }
        RunView next;
        QCOMPARE(next.statistic(), Statistic::Max);
        next.setStatistic(Statistic::Total);
        QCOMPARE(RunView().statistic(), Statistic::Total);
    }

    void tabLeavesTheTableAndReachesTheSideTabs() {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QSignalSpy opened(&window, &MainWindow::runOpened);
        window.openFile(kData + "/run_np3.h5");
        RunView* shown = waitForRun(window, opened);
        QVERIFY(shown);
        RunView& view = *shown;
        QTRY_VERIFY(view.eventViewsEnabled());
        const int solve = *view.run()->results->regionIndex("solve");
        view.selectRegion(solve);
        view.tableView()->setFocus();
        QCOMPARE(QApplication::focusWidget(), view.tableView());

        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        QVERIFY(!isInside(QApplication::focusWidget(), view.tableView()));
        QCOMPARE(view.selectedRegion(), solve);
        // Within the table the arrows still move the selection.
        view.tableView()->setFocus();
        QTest::keyClick(view.tableView(), Qt::Key_Down);
        QVERIFY(view.selectedRegion() != solve);

        // The side pane opens on the page last chosen: start from the per-rank chart.
        view.sideTabs()->setCurrentIndex(0);
        // Tab from the filter box walks the controls once each, in reading
        // order, then the timeline, then leaves the view.
        view.filterEdit()->setFocus();
        QList<QWidget*> order{QApplication::focusWidget()};
        for (int i = 0; i < 30 && isInside(QApplication::focusWidget(), &view); ++i) {
            QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
            order << QApplication::focusWidget();
        }
        QVERIFY(!isInside(order.last(), &view));
        const auto at = [&order](const QWidget* w) { return order.indexOf(w); };
        QCOMPARE(at(view.rankEdit()), 1);
        QCOMPARE(at(view.findChild<QComboBox*>()), 2);
        QCOMPARE(at(view.tableView()), 3);
        QCOMPARE(at(view.sideTabs()->tabBar()), 4);
        // Then the tabs of the timeline, call tree and flame graph, and the
        // one shown.
        QCOMPARE(at(view.bottomTabs()->tabBar()), 5);
        QVERIFY2(isInside(order.value(6), view.bottomTabs()->currentWidget()),
                 qPrintable(order.value(6)->objectName()));
        QCOMPARE(order.count(view.tableView()), 1);

        // Shift+Tab goes back the same way.
        view.tableView()->setFocus();
        QTest::keyClick(view.tableView(), Qt::Key_Backtab);
        QCOMPARE(QApplication::focusWidget(), view.findChild<QComboBox*>());

        // The metadata, once its tab is chosen, follows the tab bar.
        view.bottomTabs()->setCurrentWidget(view.page<MetadataPage>()->view());
        view.bottomTabs()->tabBar()->setFocus();
        QTest::keyClick(view.bottomTabs()->tabBar(), Qt::Key_Tab);
        QCOMPARE(QApplication::focusWidget(), view.page<MetadataPage>()->view());
        QTest::keyClick(view.page<MetadataPage>()->view(), Qt::Key_Tab);
        QVERIFY(!isInside(QApplication::focusWidget(), view.page<MetadataPage>()->view()));
    }

    void rankListsTheRunLacksAreRefusedUnderTheBox() {
        RunView view;
        view.show();
        QVERIFY(setRunAndWait(view, load("run_np3.h5")));
        QLineEdit* ranks = view.rankEdit();
        QCOMPARE(calls(view, "io_checkpoint"), 50);
        QVERIFY(view.rankMessage()->isHidden());

        // Typed and confirmed with Return, as a user does.
        const auto type = [ranks](const QString& text) {
            ranks->setFocus();
            ranks->selectAll();
            QTest::keyClicks(ranks, text);
            QTest::keyClick(ranks, Qt::Key_Return);
        };
        type("7");
        QVERIFY(view.rankMessage()->isVisibleTo(&view));
        QVERIFY2(view.rankMessage()->text().contains(
                     QStringLiteral("rank 7 not in this run (it has ranks 0–2)")),
                 qPrintable(view.rankMessage()->text()));
        QVERIFY(view.rankMessage()->text().contains(QStringLiteral("all ranks")));
        QCOMPARE(calls(view, "io_checkpoint"), 50); // nothing emptied

        type("1-3"); // rank 3 is missing though 1 and 2 exist
        QVERIFY(view.rankMessage()->text().contains(QStringLiteral("rank 3 not in this run")));
        type("abc");
        QVERIFY(view.rankMessage()->text().contains(QStringLiteral("'abc'")));
        type("3-1");
        QVERIFY(view.rankMessage()->text().contains(QStringLiteral("larger than the last")));
        QVERIFY(view.rankMessage()->isVisibleTo(&view));

        QSignalSpy showing(&view, &RunView::tableShowing);
        type("2"); // io_checkpoint ran 25 times on rank 2
        QVERIFY(view.rankMessage()->isHidden());
        QVERIFY(showing.wait(30000));
        QCOMPARE(calls(view, "io_checkpoint"), 25);
        type("9");
        QVERIFY(view.rankMessage()->text().contains(QStringLiteral("showing ranks 2")));
        QCOMPARE(calls(view, "io_checkpoint"), 25);

        // The clear button (QLineEdit::clear) applies at once, without Return.
        showing.clear();
        ranks->clear();
        QVERIFY(view.rankMessage()->isHidden());
        QVERIFY(showing.wait(30000));
        QCOMPARE(calls(view, "io_checkpoint"), 50);
    }

    void aRunWithoutTheSelectedRanksShowsThemAll() {
        RunView view;
        QVERIFY(setRunAndWait(view, load("run_np3.h5")));
        QSignalSpy ready(&view, &RunView::tableReady);
        QVERIFY(view.setRankSelection(QStringLiteral("2")));
        QVERIFY(ready.wait(30000));
        QCOMPARE(calls(view, "io_checkpoint"), 25);
        QVERIFY(setRunAndWait(view, load("run_serial.h5")));
        QVERIFY(!view.rankMessage()->isHidden());
        QVERIFY(view.rankMessage()->text().contains(QStringLiteral("(it has rank 0)")));
        QCOMPARE(calls(view, "solve"), 20); // run_serial's 20 solves, not none
    }

    void emptyFilterResultSaysSo() {
        RunView view;
        view.show();
        QVERIFY(setRunAndWait(view, load("run_np3.h5")));
        QLabel* message = view.emptyMessage();
        QVERIFY(message->isHidden());
        view.filterEdit()->setText(QStringLiteral("xyz"));
        QCOMPARE(view.tableProxy()->rowCount(), 0);
        QVERIFY(message->isVisibleTo(&view));
        QCOMPARE(message->text(), QStringLiteral("No region matches 'xyz'"));
        QVERIFY(view.tableView()->viewport()->rect().contains(message->geometry()));
        view.filterEdit()->setText(QStringLiteral("s"));
        QCOMPARE(view.tableProxy()->rowCount(), 2);
        QVERIFY(message->isHidden());
        view.filterEdit()->setText(QStringLiteral("(")); // invalid: every row stays
        QVERIFY(message->isHidden());
        view.filterEdit()->clear();
        QVERIFY(message->isHidden());
    }

    void regionNamesLoseTheirStartNumbersTheirEnd() {
        RunView view;
        QVERIFY(setRunAndWait(view, load("run_np3.h5")));
        QTableView* table = view.tableView();
        auto* delegate = qobject_cast<RegionNameDelegate*>(
            table->itemDelegateForColumn(RegionTableModel::Region));
        QVERIFY(delegate);
        QStyleOptionViewItem option;
        option.textElideMode = Qt::ElideRight;
        delegate->initStyleOption(&option, view.tableProxy()->index(0, RegionTableModel::Region));
        QCOMPARE(option.textElideMode, Qt::ElideLeft);
        // The number columns keep the view's own (right) elision.
        QCOMPARE(table->textElideMode(), Qt::ElideRight);
        QVERIFY(!qobject_cast<RegionNameDelegate*>(
            table->itemDelegateForColumn(RegionTableModel::Total)));
    }

    void headerMenuHidesColumnsAndRemembersThem() {
        RunView view;
        view.show();
        QVERIFY(setRunAndWait(view, load("run_np3.h5")));
        QHeaderView* header = view.tableView()->horizontalHeader();
        HeaderColumnMenu* menu = view.columnMenu();

        // A right click on the header opens the menu.
        emit header->customContextMenuRequested(QPoint(10, 5));
        QTRY_VERIFY(menu->isVisible());
        QStringList entries;
        QAction* stdEntry = nullptr;
        for (QAction* action : menu->actions()) {
            entries << action->text();
            // Every column is shown but Wall, hidden until chosen.
            QVERIFY(action->isCheckable());
            QCOMPARE(action->isChecked(), action->data().toInt() != RegionTableModel::Wall);
            if (action->data().toInt() == RegionTableModel::Std)
                stdEntry = action;
        }
        menu->close();
        // Every column but Region, by its full name.
        QCOMPARE(entries.size(), RegionTableModel::ColumnCount - 1);
        QVERIFY(!entries.contains(QStringLiteral("Region")));
        QVERIFY(entries.contains(QStringLiteral("Exclusive time")));
        QVERIFY(stdEntry);

        stdEntry->trigger();
        QVERIFY(header->isSectionHidden(RegionTableModel::Std));
        QCOMPARE(QSettings().value(kHiddenColumns).toStringList(), (QStringList{"std", "wall"}));
        // New numbers (another rank selection) keep it hidden.
        QVERIFY(view.setRankSelection(QStringLiteral("0")));
        QSignalSpy ready(&view, &RunView::tableReady);
        QVERIFY(ready.wait(30000));
        QVERIFY(header->isSectionHidden(RegionTableModel::Std));

        // A new tab starts with the same columns.
        RunView next;
        QVERIFY(next.tableView()->horizontalHeader()->isSectionHidden(RegionTableModel::Std));
        QVERIFY(!next.tableView()->horizontalHeader()->isSectionHidden(RegionTableModel::Max));

        // Restored from the same menu, and forgotten.
        next.columnMenu()->setColumnVisible(RegionTableModel::Std, true);
        QVERIFY(!next.tableView()->horizontalHeader()->isSectionHidden(RegionTableModel::Std));
        QCOMPARE(QSettings().value(kHiddenColumns).toStringList(), QStringList{"wall"});
        RunView third;
        QVERIFY(!third.tableView()->horizontalHeader()->isSectionHidden(RegionTableModel::Std));
        // Region cannot be hidden.
        third.columnMenu()->setColumnVisible(RegionTableModel::Region, false);
        QVERIFY(!third.tableView()->horizontalHeader()->isSectionHidden(RegionTableModel::Region));
    }

    // With percentiles, p99, Exclusive and Imbalance must still be on screen.
    void everyColumnFitsTheDefaultWindow() {
        QSettings().remove(QStringLiteral("window"));
        MainWindow window;
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy opened(&window, &MainWindow::runOpened);
        window.openFile(kData + "/run_np3.h5");
        RunView* view = waitForRun(window, opened);
        QVERIFY(view);
        QVERIFY(view->run()->hasEvents()); // percentile columns have numbers
        QTableView* table = view->tableView();
        QHeaderView* header = table->horizontalHeader();
        const auto sum = [header] {
            int width = 0;
            for (int column = 0; column < header->count(); ++column)
                width += header->isSectionHidden(column) ? 0 : header->sectionSize(column);
            return width;
        };
        for (int column = 0; column < header->count(); ++column)
            QCOMPARE(header->isSectionHidden(column), column == RegionTableModel::Wall);
        // Once the window's layout has settled.
        QTRY_VERIFY2(
            sum() <= table->viewport()->width(),
            qPrintable(QStringLiteral("%1 > %2").arg(sum()).arg(table->viewport()->width())));
        QCOMPARE(table->horizontalScrollBar()->maximum(), 0);
        // The numbers and their headers are whole: each column wider than
        // its header's text and than the text of its widest cell.
        const QFontMetrics headerMetrics(header->font());
        const QFontMetrics cellMetrics(table->font());
        // The column that is not, if any (the widths settle in an event of
        // their own once the scroll bars have come or gone).
        const auto cut = [&]() -> QString {
            for (int column = RegionTableModel::Calls; column < RegionTableModel::Wall; ++column) {
                const QString title =
                    view->tableProxy()->headerData(column, Qt::Horizontal).toString();
                int widest = headerMetrics.horizontalAdvance(title);
                for (int row = 0; row < view->tableProxy()->rowCount(); ++row)
                    widest = std::max(
                        widest, cellMetrics.horizontalAdvance(
                                    view->tableProxy()->index(row, column).data().toString()));
                if (header->sectionSize(column) <= widest)
                    return QStringLiteral("%1: %2 <= %3")
                        .arg(title)
                        .arg(header->sectionSize(column))
                        .arg(widest);
            }
            return {};
        };
        QTRY_VERIFY2(cut().isEmpty(), qPrintable(cut()));
        // The region names have room for a dozen characters at least.
        QVERIFY(header->sectionSize(RegionTableModel::Region) >=
                12 * table->fontMetrics().averageCharWidth());
    }

    void aLongRegionNameKeepsTheTableWide() {
        QTemporaryDir dir;
        const QString path = dir.filePath("long.h5");
        const std::string longName = "scope_demo.solvers.krylov.ConjugateGradientSolver.step";
        scope::fixtures::FixtureSpec spec;
        for (std::uint32_t rank = 0; rank < 2; ++rank) {
            spec.rows.push_back(scope::fixtures::FixtureRow::make(rank, "setup", {0}, {50}));
            spec.rows.push_back(scope::fixtures::FixtureRow::make(rank, longName, {100}, {900}));
        }
        scope::fixtures::FixtureWriter::write(spec, path.toStdString());
        auto run = std::make_shared<RunData>();
        run->path = path;
        run->results =
            std::make_shared<const scope::ProfilingResults>(scope::readH5(path.toStdString()));

        RunView view;
        view.resize(1270, 700);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(setRunAndWait(view, run));
        view.selectRegion(*run->results->regionIndex("setup"));
        QApplication::processEvents();
        const int width = view.tableView()->width();
        QVERIFY(width > 800);
        view.selectRegion(*run->results->regionIndex(longName));
        QApplication::processEvents();
        QCOMPARE(view.tableView()->width(), width);
        // The name loses its start in the cell; the tooltip has it whole.
        const QModelIndex cell = view.tableProxy()->index(
            rowOf(*view.tableProxy(), QString::fromStdString(longName)), RegionTableModel::Region);
        QVERIFY(view.tableView()->columnWidth(RegionTableModel::Region) <
                view.tableView()->fontMetrics().horizontalAdvance(cell.data().toString()));
        QVERIFY(cell.data(Qt::ToolTipRole).toString().contains(QString::fromStdString(longName)));
    }

    // The histogram and heatmap beside the table: a heatmap cell selects its
    // region; the histogram follows the selection while it is shown (run_np3:
    // rhs.eval has 600 calls, 200 per rank).
    void histogramAndHeatmapFollowTheRun() {
        RunView view;
        view.resize(1280, 760);
        view.show();
        QVERIFY(setRunAndWait(view, load("run_np3.h5")));
        const int rhs = static_cast<int>(*view.run()->results->regionIndex("rhs.eval"));
        emit view.page<HeatmapPage>()->heatmap()->cellActivated(rhs, 2);
        QCOMPARE(view.selectedRegion(), rhs);
        view.sideTabs()->setCurrentWidget(view.page<HistogramPage>()->histogram());
        const auto& counts = view.page<HistogramPage>()->histogram()->histogram().counts;
        QCOMPARE(std::accumulate(counts.begin(), counts.end(), std::uint64_t(0)),
                 std::uint64_t(600));
        QVERIFY(view.setRankSelection(QStringLiteral("1")));
        const auto& one = view.page<HistogramPage>()->histogram()->histogram().counts;
        QCOMPARE(std::accumulate(one.begin(), one.end(), std::uint64_t(0)), std::uint64_t(200));
    }

    // A heatmap cell selects its region and its rank everywhere: the rank's
    // bar and timeline lane are marked, the rank filter stays (run_np3).
    void heatmapCellSelectsRegionAndRank() {
        RunView view;
        view.resize(1280, 760);
        view.show();
        auto run = std::make_shared<RunData>(*load("run_np3.h5"));
        run->timeline = TimelineView::buildIndex(run->results); // a timeline to mark
        QVERIFY(setRunAndWait(view, run));
        const int rhs = static_cast<int>(*view.run()->results->regionIndex("rhs.eval"));
        emit view.page<HeatmapPage>()->heatmap()->cellActivated(rhs, 2);
        QCOMPARE(view.selectedRegion(), rhs);
        QCOMPARE(view.page<RankChartPage>()->chart()->region(), rhs);
        QCOMPARE(view.page<RankChartPage>()->chart()->selectedRank(),
                 std::optional<std::uint32_t>(2));
        QCOMPARE(view.page<RankChartPage>()->chart()->selectedBars()->data()->size(), 1);
        QCOMPARE(view.page<RankChartPage>()->chart()->selectedBars()->data()->at(0)->key, 2.0);
        QCOMPARE(view.page<TimelinePage>()->timeline()->selectedRank(),
                 std::optional<std::uint32_t>(2));
        QTRY_COMPARE(view.page<TimelinePage>()->timeline()->selectedBand(),
                     2); // set once the table shows
        QCOMPARE(view.rankEdit()->text(), QString());
        QCOMPARE(view.page<RankChartPage>()->chart()->bars()->data()->size(), 3);
        // With ranks 1-2 shown, rank 1 is the first lane.
        QVERIFY(view.setRankSelection(QStringLiteral("1-2")));
        emit view.page<HeatmapPage>()->heatmap()->cellActivated(rhs, 1);
        QCOMPARE(view.page<TimelinePage>()->timeline()->selectedBand(), 0);
        QCOMPARE(view.page<RankChartPage>()->chart()->selectedBars()->data()->at(0)->key, 1.0);
        // The durations over time follow the selection once their tab shows:
        // 200 calls per rank.
        view.sideTabs()->setCurrentWidget(view.page<OverTimePage>()->overTime());
        QCOMPARE(view.page<OverTimePage>()->overTime()->region(), rhs);
        QCOMPARE(view.page<OverTimePage>()->overTime()->series().size(), std::size_t(400));
    }

    void metadataNamesAreNeverCut() {
        RunView view;
        view.resize(1280, 760);
        view.show();
        QVERIFY(setRunAndWait(view, load("run_np3.h5")));
        view.bottomTabs()->setCurrentWidget(view.page<MetadataPage>()->view());
        QTableView* metadata = view.page<MetadataPage>()->view();
        QTRY_VERIFY(metadata->isVisible());
        const QAbstractItemModel& model = *metadata->model();
        QVERIFY(rowOf(model, "Schema version") >= 0);
        const QFontMetrics metrics(metadata->font());
        int widest = 0;
        for (int row = 0; row < model.rowCount(); ++row)
            widest =
                std::max(widest, metrics.horizontalAdvance(model.index(row, 0).data().toString()));
        QVERIFY(widest > 0);
        QVERIFY2(metadata->horizontalHeader()->sectionSize(0) > widest,
                 qPrintable(QStringLiteral("%1 <= %2")
                                .arg(metadata->horizontalHeader()->sectionSize(0))
                                .arg(widest)));
    }
};

QTEST_MAIN(TestRunView)
#include "tst_RunView.moc"
