// SPDX-License-Identifier: GPL-3.0-or-later
// The call tree and flame graph in a run's tab: built in the background for
// the selected ranks, in step with the table, greyed without per-call data,
// and exported like the other charts.
#include "RunWaiter.h"
#include "TreePath.h"
#include "analysis/CallTree.h"
#include "callpaths/CallPaths.h"
#include "callpaths/CallTreePage.h"
#include "callpaths/CallTreeView.h"
#include "callpaths/FlameGraph.h"
#include "callpaths/FlameGraphPage.h"
#include "callpaths/SourcePage.h"
#include "callpaths/SourcePanel.h"
#include "charts/TimelinePage.h"
#include "common/EventsUnavailablePanel.h"
#include "common/MessageBanner.h"
#include "export/ExportController.h"
#include "run/RunView.h"
#include "shell/MainWindow.h"

#include <QFile>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QStackedWidget>
#include <QTemporaryDir>
#include <QTreeView>
#include <QtTest>

namespace {

const QString kData = QStringLiteral(SCOPE_TEST_DATA_DIR);

// The view once its table and call tree are in.
RunView* openWithTree(MainWindow& window, const QString& file, bool summaryOnly = false) {
    QSignalSpy opened(&window, &MainWindow::runOpened);
    window.openFile(kData + "/" + file, summaryOnly);
    RunView* view = waitForRun(window, opened);
    if (view == nullptr || !view->run()->hasEvents())
        return view;
    // The tree is built once one of its views is shown.
    QSignalSpy ready(CallPaths::of(view->context()), &CallPaths::treeReady);
    view->bottomTabs()->setCurrentWidget(view->page<CallTreePage>()->widget());
    if (!CallPaths::of(view->context())->tree() && !ready.wait(30000))
        return nullptr;
    return view;
}

int regionIndex(const RunView* view, const char* name) {
    return static_cast<int>(*view->run()->results->regionIndex(name));
}

std::uint32_t topLevelNode(const scope::CallTree& tree, const RunView* view, const char* name) {
    for (const std::uint32_t n : tree.childrenOf(scope::CallTree::kRoot))
        if (tree.region[n] == regionIndex(view, name))
            return n;
    return scope::CallTree::kNone;
}

} // namespace

class TestCallPaths : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        prepareWindowTests();
        QVERIFY(dir_.isValid());
    }

    // run_np3: main on every rank (1 call each), rhs.eval 200 calls per rank
    // nested in solve (scope-profiler's region_statistics.json).
    void aNodeSelectsItsRegionEverywhere() {
        MainWindow window;
        RunView* view = openWithTree(window, "run_np3.h5");
        QVERIFY(view);
        CallTreeView* tree = view->page<CallTreePage>()->view();
        const auto& calls = *CallPaths::of(view->context())->tree();
        const std::uint32_t main = topLevelNode(calls, view, "main");
        QVERIFY(main != scope::CallTree::kNone);
        QCOMPARE(calls.calls[main], std::uint64_t(3));

        // The table's region brings its costliest path up in the tree.
        view->selectRegion(regionIndex(view, "rhs.eval"));
        QCOMPARE(tree->currentPathText(), QStringLiteral("main > solve > rhs.eval"));
        // A node chosen in the tree selects its region in the table and the
        // per-rank chart, and stays the node chosen.
        const QModelIndex setup = indexOfPath(tree->treeView()->model(), {"main", "setup"});
        QVERIFY(setup.isValid());
        tree->treeView()->setCurrentIndex(setup);
        QCOMPARE(view->selectedRegion(), regionIndex(view, "setup"));
        QCOMPARE(tree->currentPathText(), QStringLiteral("main > setup"));

        // The timeline is told exactly the calls of that path: setup's 3
        // calls, one per rank, all directly under main.
        QSignalSpy path(view->context(), &RunContext::pathCallsChosen);
        tree->treeView()->setCurrentIndex(indexOfPath(tree->treeView()->model(), {"main"}));
        tree->treeView()->setCurrentIndex(setup);
        // The answer may come at once or later: wait for setup's.
        QTRY_VERIFY_WITH_TIMEOUT(
            !path.isEmpty() && path.last().at(0).toInt() == regionIndex(view, "setup"), 10000);
        const auto onPath = path.last().at(1).value<std::shared_ptr<const std::vector<bool>>>();
        QCOMPARE(path.last().at(0).toInt(), regionIndex(view, "setup"));
        QCOMPARE(std::count(onPath->begin(), onPath->end(), true), 3);

        // The flame graph's click does the same.
        FlameGraph* flame = view->page<FlameGraphPage>()->flameGraph();
        QSignalSpy regions(flame, &FlameGraph::regionSelected);
        flame->resize(800, 400);
        const QRect plot = flame->plotRect();
        // Row 1 under the root: main spans the width on every rank.
        QTest::mouseClick(flame, Qt::LeftButton, {},
                          QPoint(plot.center().x(), plot.top() + flame->rowHeight() * 3 / 2));
        QCOMPARE(regions.size(), 1);
        QCOMPARE(view->selectedRegion(), regionIndex(view, "main"));
    }

    void theRankSelectionRebuildsTheTree() {
        MainWindow window;
        RunView* view = openWithTree(window, "run_np3.h5");
        QVERIFY(view);
        QSignalSpy ready(CallPaths::of(view->context()), &CallPaths::treeReady);
        QVERIFY(view->setRankSelection(QStringLiteral("1")));
        QVERIFY(ready.wait(30000));
        const auto& calls = *CallPaths::of(view->context())->tree();
        QCOMPARE(calls.calls[topLevelNode(calls, view, "main")], std::uint64_t(1));
        // rhs.eval: 600 calls over three ranks, 200 on rank 1.
        std::uint64_t rhs = 0;
        for (std::uint32_t n = 1; n < calls.size(); ++n)
            rhs += calls.region[n] == regionIndex(view, "rhs.eval") ? calls.calls[n] : 0;
        QCOMPARE(rhs, std::uint64_t(200));
    }

    void withoutEventsTheyAreGreyedAndLoadEventsWorks() {
        MainWindow window;
        RunView* view = openWithTree(window, "v3_serial.h5", true);
        QVERIFY(view);
        QVERIFY(!view->run()->hasEvents());
        QTabWidget* tabs = view->bottomTabs();
        CallTreePage* page = view->page<CallTreePage>();
        tabs->setCurrentWidget(page->widget());
        const auto* stack = qobject_cast<QStackedWidget*>(tabs->currentWidget());
        QVERIFY(stack);
        auto* shown = qobject_cast<EventsUnavailablePanel*>(stack->currentWidget());
        QVERIFY(shown);
        QVERIFY(shown->reasonLabel()->text().contains(QStringLiteral("call tree")));
        QVERIFY(shown->loadButton()->isVisibleTo(shown));

        QSignalSpy opened(&window, &MainWindow::runOpened);
        QTest::mouseClick(shown->loadButton(), Qt::LeftButton);
        QVERIFY(waitForRun(window, opened) == view);
        CallPaths* paths = CallPaths::of(view->context());
        QSignalSpy ready(paths, &CallPaths::treeReady);
        QVERIFY(paths->tree() || ready.wait(30000));
        QCOMPARE(stack->currentWidget(), page->view());
        // v3_serial: main 1 call, solve 6 calls below it.
        const auto& calls = *paths->tree();
        const std::uint32_t main = topLevelNode(calls, view, "main");
        QCOMPARE(calls.calls[main], std::uint64_t(1));
    }

    // The Source tab follows the table's region, summary-only too (v3_serial
    // stores main at examples/solver.py:10, setup without a location).
    void theSourceTabFollowsTheSelectedRegion() {
        MainWindow window;
        RunView* view = openWithTree(window, "v3_serial.h5", true);
        QVERIFY(view);
        view->selectRegion(regionIndex(view, "main"));
        QVERIFY2(view->page<SourcePage>()->panel()->locationLabel()->text().contains(
                     QStringLiteral("examples/solver.py:10")),
                 qPrintable(view->page<SourcePage>()->panel()->locationLabel()->text()));
        view->selectRegion(regionIndex(view, "setup"));
        QVERIFY(view->page<SourcePage>()->panel()->messageLabel()->text().contains(
            QStringLiteral("not recorded")));
    }

    // While the timeline is shown nothing is built: an open keeps both cores
    // for the table and the timeline.
    void theTreeIsBuiltWhenItsViewIsShown() {
        MainWindow window;
        QSignalSpy opened(&window, &MainWindow::runOpened);
        window.openFile(kData + "/run_np3.h5");
        RunView* view = waitForRun(window, opened);
        QVERIFY(view);
        QTabWidget* tabs = view->bottomTabs();
        CallPaths* paths = CallPaths::of(view->context());
        tabs->setCurrentWidget(view->page<TimelinePage>()->widget());
        QVERIFY(view->setRankSelection(QStringLiteral("0")));
        QTest::qWait(50);
        QVERIFY(!paths->tree());
        QSignalSpy ready(paths, &CallPaths::treeReady);
        tabs->setCurrentWidget(view->page<FlameGraphPage>()->widget());
        QVERIFY(ready.wait(30000));
        QCOMPARE(paths->tree()->calls[topLevelNode(*paths->tree(), view, "main")],
                 std::uint64_t(1));
        // An export builds it on demand.
        tabs->setCurrentWidget(view->page<TimelinePage>()->widget());
        QVERIFY(view->setRankSelection(QString()));
        QVERIFY(!paths->tree());
        const QString csv = dir_.filePath("all-ranks.csv");
        QVERIFY(window.exporter()->exportCallTreeCsv(view, csv));
        QCOMPARE(paths->tree()->calls[topLevelNode(*paths->tree(), view, "main")],
                 std::uint64_t(3));
    }

    void aggregateFilesOfferNothingToLoad() {
        MainWindow window;
        RunView* view = openWithTree(window, "v3_aggregate.h5");
        QVERIFY(view);
        for (EventsUnavailablePanel* panel :
             view->bottomTabs()->findChildren<EventsUnavailablePanel*>())
            QVERIFY(!panel->loadButton()->isVisibleTo(panel));
    }

    void flameGraphAndTreeExport() {
        MainWindow window;
        RunView* view = openWithTree(window, "run_np3.h5");
        QVERIFY(view);
        ExportController* exporter = window.exporter();
        const QString png = dir_.filePath("flame.png");
        QVERIFY(exporter->exportChart(view, QStringLiteral("flameGraph"),
                                      ChartContextMenu::ExportPng, png, 600, 300, 2.0));
        QCOMPARE(QImage(png).size(), QSize(1200, 600));
        QCOMPARE(exporter->defaultChartFileName(view, QStringLiteral("flameGraph"), "svg"),
                 QStringLiteral("run_np3-flame.svg"));
        const QString csv = dir_.filePath("tree.csv");
        QVERIFY(exporter->exportCallTreeCsv(view, csv));
        QFile file(csv);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(file.readAll());
        QVERIFY(text.contains(QStringLiteral("main > solve > rhs.eval")));
        QVERIFY(window.banner()->text().contains(QStringLiteral("Saved")));
    }

private:
    QTemporaryDir dir_;
};

QTEST_MAIN(TestCallPaths)
#include "tst_CallPaths.moc"
