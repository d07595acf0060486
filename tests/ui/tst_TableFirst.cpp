// SPDX-License-Identifier: GPL-3.0-or-later
// Table first: the run's table shows as soon as the read is done;
// exclusive times and percentiles say "…" and the event views "Building the
// timeline…" until the complete run arrives, which fills them in without
// losing the user's selection, sorting or filter. The two stages are handed
// to the view one by one, as MainWindow does for LoadController's readDone
// and loaded, so that the test holds the second stage as long as it likes.
#include "FixtureWriter.h"
#include "RunWaiter.h"
#include "TableRows.h"
#include "analysis/ExclusiveTime.h"
#include "analysis/KeptPercentiles.h"
#include "analysis/TimelineIndex.h"
#include "charts/TimelinePage.h"
#include "common/EventsUnavailablePanel.h"
#include "format/ProfileReader.h"
#include "load/AsyncLoader.h"
#include "load/LoadController.h"
#include "load/RunStatusText.h"
#include "models/RegionFilterProxy.h"
#include "models/RegionTableModel.h"
#include "run/RunView.h"
#include "shell/MainWindow.h"

#include <QAbstractItemModelTester>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

#include <tuple>

using namespace scope;

namespace {

// The window's views that show a run, deleted or not: a closed tab's view
// must be gone, not merely out of the tabs.
int viewsWithRuns(const MainWindow& window) {
    int count = 0;
    for (const RunView* view : window.findChildren<RunView*>())
        count += view->run() ? 1 : 0;
    return count;
}

struct Stages {
    std::shared_ptr<const RunData> read;     // what readDone brings
    std::shared_ptr<const RunData> complete; // what loaded brings
};

// The stages as AsyncLoader makes them, from a file read here.
Stages stagesOf(const QString& path) {
    auto results = std::make_shared<ProfilingResults>(readH5(path.toStdString()));
    Stages stages;
    auto read = std::make_shared<RunData>();
    read->path = path;
    read->results = AsyncLoader::readStageCopy(*results);
    stages.read = read;
    auto complete = std::make_shared<RunData>();
    complete->path = path;
    auto timeline = std::make_shared<const TimelineIndex>(*results);
    fillExclusiveTimes(*results, *timeline);
    complete->timeline = timeline;
    complete->results = results;
    stages.complete = complete;
    return stages;
}

} // namespace

class TestTableFirst : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        prepareWindowTests();
        QVERIFY(dir_.isValid());
        // Rank 0: outer [0, 100 µs] holds inner [10, 40] and [50, 60] µs;
        // "alone" [200, 230] µs nests nothing. Schema 1 stores no exclusive
        // times. By hand: outer 100 - 30 - 10 = 60 µs, inner 40 µs, alone 30 µs.
        fixtures::FixtureSpec spec;
        spec.schema = 1;
        spec.rows.push_back(fixtures::FixtureRow::make(0, "outer", {0}, {100'000}));
        spec.rows.push_back(
            fixtures::FixtureRow::make(0, "inner", {10'000, 50'000}, {40'000, 60'000}));
        spec.rows.push_back(fixtures::FixtureRow::make(0, "alone", {200'000}, {230'000}));
        path_ = dir_.filePath(QStringLiteral("nested.h5"));
        fixtures::FixtureWriter::write(spec, path_.toStdString());
    }

    void exclusiveFillsInKeepingSelectionSortAndFilter() {
        const Stages stages = stagesOf(path_);
        RunView view;
        view.resize(1200, 700);
        QAbstractItemModelTester tester(view.tableModel(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy showing(&view, &RunView::tableShowing);
        QSignalSpy ready(&view, &RunView::tableReady);
        view.setReadStage(stages.read);
        QVERIFY(view.awaitingTimeline());
        QVERIFY(showing.wait(30000));

        // The read stage: every column that needs no nesting has its number.
        const QAbstractItemModel& proxy = *view.tableProxy();
        QCOMPARE(proxy.rowCount(), 3);
        const int inner = rowOf(proxy, QStringLiteral("inner"));
        QVERIFY(inner >= 0);
        QCOMPARE(proxy.index(inner, RegionTableModel::Calls).data().toString(),
                 QStringLiteral("2"));
        QCOMPARE(proxy.index(inner, RegionTableModel::Total).data(RegionTableModel::SortRole),
                 QVariant(40e-6));
        for (int column : {int(RegionTableModel::Exclusive), int(RegionTableModel::P50),
                           int(RegionTableModel::P99)})
            QCOMPARE(proxy.index(inner, column).data().toString(), QStringLiteral("…"));
        QCOMPARE(proxy.index(inner, RegionTableModel::Exclusive).data(Qt::ToolTipRole).toString(),
                 view.tr("Computing exclusive times…"));
        // The event views wait for the timeline instead of offering to load events.
        QCOMPARE(view.page<TimelinePage>()->eventsPanel()->reasonLabel()->text(),
                 view.tr("Building the timeline…"));
        QVERIFY(view.page<TimelinePage>()->eventsPanel()->loadButton()->isHidden());
        QVERIFY(!view.eventViewsEnabled());
        // tableReady means the percentiles are in: not yet.
        QCOMPARE(ready.count(), 0);

        // The user works with the table meanwhile: sorts by total, descending,
        // filters out "alone" and selects "inner".
        view.tableView()->sortByColumn(RegionTableModel::Total, Qt::DescendingOrder);
        view.filterEdit()->setText(QStringLiteral("(outer|inner)"));
        QTRY_COMPARE(proxy.rowCount(), 2);
        view.selectRegion(*stages.read->results->regionIndex("inner"));
        const int innerRegion = view.selectedRegion();
        QCOMPARE(innerRegion, int(*stages.read->results->regionIndex("inner")));

        QSignalSpy reset(view.tableModel(), &QAbstractItemModel::modelReset);
        QSignalSpy changed(view.tableModel(), &QAbstractItemModel::dataChanged);
        view.setRun(stages.complete);
        QVERIFY(ready.wait(30000));
        QVERIFY(!view.awaitingTimeline());
        QCOMPARE(reset.count(), 0);
        QVERIFY(changed.count() >= 1);
        const auto firstChange = changed.first();
        QCOMPARE(firstChange.at(0).toModelIndex().column(), int(RegionTableModel::Exclusive));
        QCOMPARE(firstChange.at(1).toModelIndex().column(), int(RegionTableModel::Exclusive));

        // Selection, filter and sort order survive; the numbers are the hand-made ones.
        QCOMPARE(view.selectedRegion(), innerRegion);
        QCOMPARE(proxy.rowCount(), 2);
        QCOMPARE(proxy.index(0, RegionTableModel::Region).data().toString(),
                 QStringLiteral("outer"));
        QCOMPARE(proxy.index(1, RegionTableModel::Region).data().toString(),
                 QStringLiteral("inner"));
        const auto exclusive = [&](int row) {
            return proxy.index(row, RegionTableModel::Exclusive)
                .data(RegionTableModel::SortRole)
                .toDouble();
        };
        QVERIFY(qAbs(exclusive(0) - 60e-6) < 1e-15);
        QVERIFY(qAbs(exclusive(1) - 40e-6) < 1e-15);
        QVERIFY(proxy.index(1, RegionTableModel::Exclusive).data().toString() !=
                QStringLiteral("…"));
        // p50 of inner's 30 and 10 µs calls is no longer pending.
        QVERIFY(
            proxy.index(1, RegionTableModel::P50).data(RegionTableModel::AvailableRole).toBool());
        QCOMPARE(view.tableModel()->run(), stages.complete);
        QVERIFY(view.eventViewsEnabled());
    }

    // A run opened from its kept index has its percentiles and exclusive
    // times in the read stage already: they show at once, not "…".
    void keptPercentilesShowInTheReadStage() {
        Stages stages = stagesOf(path_);
        auto results = std::make_shared<ProfilingResults>(*stages.complete->results);
        QVERIFY(KeptPercentiles::keep(*results));
        auto read = std::make_shared<RunData>(*stages.read);
        read->results = AsyncLoader::readStageCopy(*results);
        RunView view;
        QSignalSpy showing(&view, &RunView::tableShowing);
        view.setReadStage(read);
        QVERIFY(showing.wait(30000));
        const QAbstractItemModel& proxy = *view.tableProxy();
        const int inner = rowOf(proxy, QStringLiteral("inner"));
        const QModelIndex p50 = proxy.index(inner, RegionTableModel::P50);
        QCOMPARE(p50.data().toString(), QStringLiteral("20.0 µs"));
        // Between its 10 and 30 µs calls, interpolated.
        QVERIFY(qAbs(p50.data(RegionTableModel::SortRole).toDouble() - 20e-6) < 1e-12);
        // The index's exclusive times too (by hand: 40 µs, nothing nested).
        QVERIFY(qAbs(proxy.index(inner, RegionTableModel::Exclusive)
                         .data(RegionTableModel::SortRole)
                         .toDouble() -
                     40e-6) < 1e-12);
    }

    // A read stage whose regions come in another order than the complete
    // run's (summary columns whose first starts disagree with the calls'):
    // the complete run's table is made whole, each row with its own region's
    // numbers, not the stage's numbers under the new order's names.
    void aStageInAnotherRegionOrderIsReplacedWhole() {
        const Stages stages = stagesOf(path_);
        auto stage = std::make_shared<ProfilingResults>(*stages.read->results);
        for (RankRegion& row : stage->rows)
            if (stage->regions[row.region] == "alone")
                row.summary.startMinimum = -1;
        stage->finalize();
        QCOMPARE(stage->regions.front(), std::string("alone"));
        QCOMPARE(stages.complete->results->regions.front(), std::string("outer"));
        auto read = std::make_shared<RunData>(*stages.read);
        read->results = stage;
        RunView view;
        QSignalSpy showing(&view, &RunView::tableShowing);
        QSignalSpy ready(&view, &RunView::tableReady);
        view.setReadStage(read);
        QVERIFY(showing.wait(30000));
        view.selectRegion(*stage->regionIndex("inner"));
        view.setRun(stages.complete);
        QVERIFY(ready.wait(30000));
        // The selection stays on the region, not on its index of the stage.
        QCOMPARE(view.selectedRegion(), int(*stages.complete->results->regionIndex("inner")));
        const QAbstractItemModel& proxy = *view.tableProxy();
        const auto number = [&](const char* region, int column) {
            return proxy.index(rowOf(proxy, QString::fromLatin1(region)), column)
                .data(RegionTableModel::SortRole)
                .toDouble();
        };
        // By hand, as in initTestCase.
        for (const auto& [region, total, exclusive] :
             {std::tuple{"outer", 100e-6, 60e-6}, std::tuple{"inner", 40e-6, 40e-6},
              std::tuple{"alone", 30e-6, 30e-6}}) {
            QVERIFY2(qAbs(number(region, RegionTableModel::Total) - total) < 1e-12, region);
            QVERIFY2(qAbs(number(region, RegionTableModel::Exclusive) - exclusive) < 1e-12, region);
        }
    }

    // A load cancelled or failed between the stages: the table stays, as if
    // the run had been opened summary-only (MainWindow calls setRun(run())).
    void endingTheWaitLeavesTheSummary() {
        const Stages stages = stagesOf(path_);
        RunView view;
        QSignalSpy ready(&view, &RunView::tableReady);
        view.setReadStage(stages.read);
        view.setRun(view.run());
        QVERIFY(!view.awaitingTimeline());
        QVERIFY(ready.wait(30000));
        const QAbstractItemModel& proxy = *view.tableProxy();
        const int outer = rowOf(proxy, QStringLiteral("outer"));
        QCOMPARE(proxy.index(outer, RegionTableModel::Exclusive).data().toString(),
                 QStringLiteral("n/a"));
        QCOMPARE(proxy.index(outer, RegionTableModel::P50).data().toString(),
                 QStringLiteral("n/a"));
        QVERIFY(view.page<TimelinePage>()->eventsPanel()->reasonLabel()->text() !=
                view.tr("Building the timeline…"));
    }

    // Through the window, the loader's signals as it sends them: a load that
    // ends between the stages says how it ended, in the timeline's place, in
    // the status line and in the percentiles' tooltips; the button reads the
    // calls again. A run opened summary-only still says so.
    void aLoadEndedBetweenStagesSaysHow_data() {
        QTest::addColumn<bool>("cancelled");
        QTest::addColumn<QString>("panel");
        QTest::addColumn<QString>("status");
        QTest::addColumn<QString>("tooltip");
        QTest::newRow("cancelled") << true << QStringLiteral("calls was cancelled")
                                   << QStringLiteral("its calls not read (cancelled)")
                                   << QStringLiteral("whose read was cancelled");
        QTest::newRow("failed") << false << QStringLiteral("calls failed; the message above")
                                << QStringLiteral("its calls not read (the read failed)")
                                << QStringLiteral("whose read failed");
    }
    void aLoadEndedBetweenStagesSaysHow() {
        QFETCH(bool, cancelled);
        QFETCH(QString, panel);
        QFETCH(QString, status);
        QFETCH(QString, tooltip);
        MainWindow window;
        const Stages stages = stagesOf(path_);
        constexpr quint64 kId = 4242; // a load of the test's own
        emit window.loader()->readDone(kId, stages.read);
        RunView* view = nullptr;
        for (RunView* candidate : window.findChildren<RunView*>())
            if (candidate->run())
                view = candidate;
        QVERIFY(view != nullptr);
        QVERIFY(view->awaitingTimeline());
        // The read stage's table on screen, its percentiles still to come.
        const auto p50 = [view] {
            const QAbstractItemModel& proxy = *view->tableProxy();
            return proxy.index(rowOf(proxy, QStringLiteral("outer")), RegionTableModel::P50)
                .data()
                .toString();
        };
        QTRY_COMPARE(p50(), QStringLiteral("…"));
        if (cancelled) {
            emit window.loader()->cancelled(kId, path_);
        } else {
            LoadFailure failure;
            failure.title = QStringLiteral("Corrupt file");
            failure.message = path_ + QStringLiteral(": reading the event columns: damaged");
            emit window.loader()->failed(kId, path_, failure);
        }
        QVERIFY(!view->awaitingTimeline());
        const EventsUnavailablePanel* events = view->page<TimelinePage>()->eventsPanel();
        QVERIFY2(events->reasonLabel()->text().contains(panel),
                 qPrintable(events->reasonLabel()->text()));
        QVERIFY(events->loadButton()->isVisibleTo(view));
        QVERIFY2(RunStatusText::describe(*view->run(), false).contains(status),
                 qPrintable(RunStatusText::describe(*view->run(), false)));
        // Not "…": no percentiles are on their way.
        QTRY_COMPARE(p50(), QStringLiteral("n/a"));
        const QAbstractItemModel& proxy = *view->tableProxy();
        const QString tip =
            proxy.index(rowOf(proxy, QStringLiteral("outer")), RegionTableModel::P50)
                .data(Qt::ToolTipRole)
                .toString();
        QVERIFY2(tip.contains(tooltip), qPrintable(tip));

        auto summaryOnly = std::make_shared<RunData>(*stages.read);
        summaryOnly->summaryOnlyRequested = true;
        view->setRun(summaryOnly);
        QVERIFY2(events->reasonLabel()->text().contains(QStringLiteral("opened summary-only")),
                 qPrintable(events->reasonLabel()->text()));
    }

    // Through the real window and loader: the tab is there with the complete
    // run in the end, the exclusive times filled in.
    void windowEndsWithTheCompleteRun() {
        MainWindow window;
        QSignalSpy opened(&window, &MainWindow::runOpened);
        window.openFile(path_);
        RunView* view = waitForRun(window, opened);
        QVERIFY(view != nullptr);
        QVERIFY(!view->awaitingTimeline());
        QVERIFY(view->run()->timeline);
        // One view with a run (the window may hold an empty one built ahead).
        QCOMPARE(viewsWithRuns(window), 1);
        const QAbstractItemModel& proxy = *view->tableProxy();
        const int outer = rowOf(proxy, QStringLiteral("outer"));
        QVERIFY(qAbs(proxy.index(outer, RegionTableModel::Exclusive)
                         .data(RegionTableModel::SortRole)
                         .toDouble() -
                     60e-6) < 1e-15);
    }

    // Closing the tab the read stage opened ends the run there: a complete
    // run already on its way (the worker finished before the cancel reached
    // it) must not open the tab again.
    void closedReadStageTabStaysClosed() {
        MainWindow window;
        QSignalSpy opened(&window, &MainWindow::runOpened);
        QSignalSpy loaded(window.loader(), &LoadController::loaded);
        QSignalSpy cancelled(window.loader(), &LoadController::cancelled);
        int tabsAtReadStage = -1;
        // Connected after the window's own slot, which opens the tab first.
        connect(window.loader(), &LoadController::readDone, &window, [&] {
            tabsAtReadStage = window.runCount();
            emit window.tabs()->tabCloseRequested(window.tabs()->currentIndex());
            // The timeline of four calls is built long before this ends, so
            // that `loaded`, not `cancelled`, is what arrives.
            QThread::msleep(300);
        });
        window.openFile(path_);
        QTRY_VERIFY_WITH_TIMEOUT(loaded.count() + cancelled.count() == 1, 30000);
        QCoreApplication::processEvents();
        QCOMPARE(tabsAtReadStage, 1);
        QCOMPARE(loaded.count(), 1); // else the race this test is about did not happen
        QCOMPARE(window.runCount(), 0);
        QCOMPARE(window.tabs()->count(), 0);
        QCOMPARE(opened.count(), 0);
        QCOMPARE(viewsWithRuns(window), 0);
    }

private:
    QTemporaryDir dir_;
    QString path_;
};

QTEST_MAIN(TestTableFirst)
#include "tst_TableFirst.moc"
