// SPDX-License-Identifier: GPL-3.0-or-later
// The Threads page of a run with thread/task lanes (LaneSpecs::threadsAndTasks:
// values worked out by hand there and in tst_ThreadSummary): its models, its
// tab only for runs with a thread table, and the region table's Await column
// only for runs whose tasks awaited inside calls.
#include "FixtureWriter.h"
#include "LaneSpecs.h"
#include "RunWaiter.h"
#include "TableRows.h"
#include "analysis/ThreadSummary.h"
#include "format/ProfileReader.h"
#include "models/HeaderColumnMenu.h"
#include "models/RegionFilterProxy.h"
#include "models/RegionTableCsv.h"
#include "models/RegionTableModel.h"
#include "run/RunView.h"
#include "threads/TaskTableModel.h"
#include "threads/ThreadTableModel.h"
#include "threads/ThreadsPage.h"

#include <QAbstractItemModelTester>
#include <QHeaderView>
#include <QSettings>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace scope;

namespace {

const QString kData = QStringLiteral(SCOPE_TEST_DATA_DIR);

std::shared_ptr<const RunData> load(const QString& path) {
    auto run = std::make_shared<RunData>();
    run->path = path;
    run->results = std::make_shared<const ProfilingResults>(readH5(path.toStdString()));
    return run;
}

bool setRunAndWait(RunView& view, const std::shared_ptr<const RunData>& run) {
    QSignalSpy ready(&view, &RunView::tableReady);
    view.setRun(run);
    return ready.wait(30000);
}

bool tabShown(const RunView& view) {
    const QTabWidget* tabs = view.bottomTabs();
    auto* page = view.page<ThreadsPage>();
    return page && tabs->isTabVisible(tabs->indexOf(page->widget()));
}

QString text(const QAbstractItemModel& model, int row, int column) {
    return model.index(row, column).data().toString();
}

} // namespace

class TestThreadsPage : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    QString lanesPath_;

private slots:
    void initTestCase() {
        prepareWindowTests();
        QVERIFY(dir_.isValid());
        lanesPath_ = dir_.filePath(QStringLiteral("lanes.h5"));
        fixtures::FixtureWriter::write(fixtures::LaneSpecs::threadsAndTasks(3),
                                       lanesPath_.toStdString());
    }
    void init() { QSettings().remove(QStringLiteral("regionTable/hiddenColumns")); }

    void threadModelShowsReadableNumbers() {
        const ProfilingResults results = readH5(lanesPath_.toStdString());
        const ThreadSummary summary = ThreadSummary::build(results, RankSelection({0}));
        ThreadTableModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setRows({summary.threads().begin(), summary.threads().end()});
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.columnCount(), int(ThreadTableModel::ColumnCount));
        QCOMPARE(text(model, 0, ThreadTableModel::Thread), QStringLiteral("MainThread"));
        QCOMPARE(text(model, 0, ThreadTableModel::NativeId), QStringLiteral("5000"));
        QCOMPARE(text(model, 0, ThreadTableModel::Wall), QStringLiteral("alive"));
        QCOMPARE(text(model, 0, ThreadTableModel::RegionTime), QStringLiteral("1.00 µs"));
        QCOMPARE(text(model, 1, ThreadTableModel::Wall), QStringLiteral("980 ns"));
        QCOMPARE(text(model, 1, ThreadTableModel::Cpu), QStringLiteral("401 ns"));
        QCOMPARE(text(model, 1, ThreadTableModel::Calls), QStringLiteral("3"));
        QCOMPARE(text(model, 1, ThreadTableModel::RegionTime), QStringLiteral("700 ns"));
        QCOMPARE(text(model, 2, ThreadTableModel::Calls), QStringLiteral("4"));
        QCOMPARE(text(model, 2, ThreadTableModel::RegionTime), QStringLiteral("640 ns"));

        // Sorted by the raw numbers: region time 640 < 700 < 1000 ns; the
        // alive thread's wall sorts after every ended one.
        QSortFilterProxyModel proxy;
        proxy.setSourceModel(&model);
        proxy.setSortRole(ThreadTableModel::SortRole);
        proxy.sort(ThreadTableModel::RegionTime, Qt::AscendingOrder);
        QCOMPARE(text(proxy, 0, ThreadTableModel::Thread), QStringLiteral("worker-2"));
        QCOMPARE(text(proxy, 2, ThreadTableModel::Thread), QStringLiteral("MainThread"));
        proxy.sort(ThreadTableModel::Wall, Qt::DescendingOrder);
        QCOMPARE(text(proxy, 0, ThreadTableModel::Thread), QStringLiteral("MainThread"));
        QCOMPARE(text(proxy, 2, ThreadTableModel::Thread), QStringLiteral("worker-2"));

        model.setRows({});
        QCOMPARE(model.rowCount(), 0);
    }

    void taskModelShowsReadableNumbers() {
        const ProfilingResults results = readH5(lanesPath_.toStdString());
        const ThreadSummary summary = ThreadSummary::build(results);
        TaskTableModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setRows({summary.tasks().begin(), summary.tasks().end()});
        QCOMPARE(model.rowCount(), 4);
        QCOMPARE(text(model, 0, TaskTableModel::Task), QStringLiteral("Task-1"));
        QCOMPARE(text(model, 0, TaskTableModel::Coroutine), QStringLiteral("main.<locals>.crawl"));
        QCOMPARE(text(model, 0, TaskTableModel::Kind), QStringLiteral("task"));
        QCOMPARE(text(model, 0, TaskTableModel::Thread), QStringLiteral("worker-2"));
        QCOMPARE(text(model, 0, TaskTableModel::Steps), QStringLiteral("2"));
        QCOMPARE(text(model, 0, TaskTableModel::Running), QStringLiteral("90.0 ns"));
        QCOMPARE(text(model, 0, TaskTableModel::Awaiting), QStringLiteral("100 ns"));
        QCOMPARE(text(model, 0, TaskTableModel::Created), QStringLiteral("505 ns"));
        QCOMPARE(text(model, 0, TaskTableModel::Done), QStringLiteral("700 ns"));
        QCOMPARE(text(model, 0, TaskTableModel::Wall), QStringLiteral("195 ns"));
        QCOMPARE(text(model, 1, TaskTableModel::Done), QStringLiteral("unfinished"));
        QCOMPARE(text(model, 1, TaskTableModel::Wall), QStringLiteral("unfinished"));
        QCOMPARE(text(model, 3, TaskTableModel::Rank), QStringLiteral("1"));

        QSortFilterProxyModel proxy;
        proxy.setSourceModel(&model);
        proxy.setSortRole(TaskTableModel::SortRole);
        proxy.sort(TaskTableModel::Awaiting, Qt::DescendingOrder);
        QCOMPARE(text(proxy, 0, TaskTableModel::Task), QStringLiteral("Task-2"));
        QCOMPARE(text(proxy, 3, TaskTableModel::Task), QStringLiteral("Task-1"));
    }

    void shownForLaneRunsWithBothTables() {
        RunView view;
        view.resize(1280, 900);
        view.show();
        QVERIFY(setRunAndWait(view, load(lanesPath_)));
        QVERIFY(tabShown(view));
        ThreadsPage* page = view.page<ThreadsPage>();
        QCOMPARE(page->threadModel()->rowCount(), 6);
        QCOMPARE(page->taskModel()->rowCount(), 4);
        QVERIFY(!page->taskView()->parentWidget()->isHidden());

        // Rank 1 alone: its three threads and two tasks.
        QVERIFY(view.setRankSelection(QStringLiteral("1")));
        QCOMPARE(page->threadModel()->rowCount(), 3);
        QCOMPARE(page->taskModel()->rowCount(), 2);
        QCOMPARE(text(*page->threadModel(), 2, ThreadTableModel::RegionTime),
                 QStringLiteral("640 ns"));
    }

    void hiddenWithoutAThreadTable() {
        RunView view;
        view.show();
        QVERIFY(setRunAndWait(view, load(kData + "/run_np3.h5")));
        QVERIFY(!tabShown(view));
        QVERIFY(!view.tableModel()->hasAwaitColumn());
        QCOMPARE(view.tableModel()->columnCount(), int(RegionTableModel::ColumnCount));
    }

    void tasksTableHiddenWithoutTasks() {
        fixtures::FixtureSpec spec = fixtures::LaneSpecs::threadsAndTasks(3);
        spec.tasks.clear();
        for (fixtures::FixtureRow& row : spec.rows) {
            std::fill(row.taskIds.begin(), row.taskIds.end(), -1);
            std::fill(row.awaitNs.begin(), row.awaitNs.end(), 0);
        }
        const QString path = dir_.filePath(QStringLiteral("threads-only.h5"));
        fixtures::FixtureWriter::write(spec, path.toStdString());
        RunView view;
        view.show();
        QVERIFY(setRunAndWait(view, load(path)));
        QVERIFY(tabShown(view));
        ThreadsPage* page = view.page<ThreadsPage>();
        QCOMPARE(page->threadModel()->rowCount(), 6);
        QVERIFY(page->taskView()->parentWidget()->isHidden());
        // No await anywhere: no Await column.
        QVERIFY(!view.tableModel()->hasAwaitColumn());
    }

    void awaitColumnSumsTheCallsAwaits() {
        RunView view;
        view.resize(1280, 900);
        view.show();
        QVERIFY(setRunAndWait(view, load(lanesPath_)));
        RegionTableModel* model = view.tableModel();
        QAbstractItemModelTester tester(model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(model->hasAwaitColumn());
        QVERIFY(!model->hasGpuColumns());
        QCOMPARE(model->columnCount(), int(RegionTableModel::ColumnCountWithAwait));
        QCOMPARE(model->shownColumnIds().last(), QStringLiteral("await"));
        QCOMPARE(model->headerData(RegionTableModel::Await, Qt::Horizontal).toString(),
                 QStringLiteral("Await"));
        QVERIFY(model->headerData(RegionTableModel::Await, Qt::Horizontal, Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral(
                        "Time its calls' tasks spent suspended (awaiting) inside them")));
        // fetch: 100 + 250 ns on each of the two ranks; parse 20 ns on each.
        const int fetch = rowOf(*model, QStringLiteral("fetch"));
        const QModelIndex cell = model->index(fetch, RegionTableModel::Await);
        QVERIFY(std::fabs(cell.data(RegionTableModel::SortRole).toDouble() - 700e-9) < 1e-18);
        QCOMPARE(cell.data().toString(), QStringLiteral("700 ns"));
        QCOMPARE(model->index(rowOf(*model, QStringLiteral("parse")), RegionTableModel::Await)
                     .data()
                     .toString(),
                 QStringLiteral("40.0 ns"));
        QCOMPARE(model->index(rowOf(*model, QStringLiteral("main")), RegionTableModel::Await)
                     .data()
                     .toString(),
                 QStringLiteral("0 s"));

        // Rank 0 alone: 350 ns.
        QVERIFY(view.setRankSelection(QStringLiteral("0")));
        QSignalSpy ready(&view, &RunView::tableReady);
        QVERIFY(ready.wait(30000));
        QVERIFY(
            std::fabs(model->index(rowOf(*model, QStringLiteral("fetch")), RegionTableModel::Await)
                          .data(RegionTableModel::SortRole)
                          .toDouble() -
                      350e-9) < 1e-18);

        // The header menu offers it by its full name, and hides it by id.
        HeaderColumnMenu* menu = view.columnMenu();
        emit view.tableView()->horizontalHeader()->customContextMenuRequested(QPoint(10, 5));
        QTRY_VERIFY(menu->isVisible());
        QAction* awaitEntry = nullptr;
        for (QAction* action : menu->actions())
            if (action->text() == QStringLiteral("Await time"))
                awaitEntry = action;
        menu->close();
        QVERIFY(awaitEntry);
        QVERIFY(awaitEntry->isChecked());
        awaitEntry->trigger();
        QHeaderView* header = view.tableView()->horizontalHeader();
        QVERIFY(header->isSectionHidden(RegionTableModel::Await));
        QCOMPARE(QSettings().value(QStringLiteral("regionTable/hiddenColumns")).toStringList(),
                 (QStringList{"wall", "await"}));
        // A run without it keeps the choice for the next run with it.
        QVERIFY(setRunAndWait(view, load(kData + "/run_np3.h5")));
        QCOMPARE(header->count(), int(RegionTableModel::ColumnCount));
        QVERIFY(!header->isSectionHidden(RegionTableModel::Max));
        menu->setColumnVisible(RegionTableModel::Max, false);
        QCOMPARE(QSettings().value(QStringLiteral("regionTable/hiddenColumns")).toStringList(),
                 (QStringList{"max", "wall", "await"}));
        menu->setColumnVisible(RegionTableModel::Max, true);
        QVERIFY(setRunAndWait(view, load(lanesPath_)));
        QVERIFY(header->isSectionHidden(RegionTableModel::Await));

        // The CSV names it as a time, in seconds.
        header->setSectionHidden(RegionTableModel::Await, false);
        const std::string csv = RegionTableCsv::text(*view.tableProxy(), *header);
        QVERIFY(csv.find("Await time (s)") != std::string::npos);
        QVERIFY(csv.find("7e-07") != std::string::npos);
    }
};

QTEST_MAIN(TestThreadsPage)
#include "tst_ThreadsPage.moc"
