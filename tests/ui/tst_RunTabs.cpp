// SPDX-License-Identifier: GPL-3.0-or-later
// The window's tabs as a user meets them with several files: in the order the
// files were given whatever order their reads end in, the comparison first,
// one name per run everywhere, and the keyboard to move between and close them.
#include "RunWaiter.h"
#include "charts/RankBarChart.h"
#include "charts/RankChartPage.h"
#include "charts/TimelinePage.h"
#include "charts/TimelineView.h"
#include "comparison/ComparisonSet.h"
#include "comparison/ComparisonView.h"
#include "export/ExportController.h"
#include "run/RunView.h"
#include "shell/MainWindow.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

namespace {

const QString kData = QStringLiteral(SCOPE_TEST_DATA_DIR);

QStringList tabTexts(const MainWindow& window) {
    QStringList texts;
    for (int i = 0; i < window.tabs()->count(); ++i)
        texts << window.tabs()->tabText(i);
    return texts;
}

QAction* actionNamed(const MainWindow& window, const QString& text) {
    for (QAction* action : window.findChildren<QAction*>())
        if (action->text() == text)
            return action;
    return nullptr;
}

// The view a window builds ahead: a run's view in none of its tabs.
RunView* spareView(const MainWindow& window) {
    for (RunView* view : window.findChildren<RunView*>())
        if (window.tabs()->indexOf(view) < 0)
            return view;
    return nullptr;
}

bool waitForRuns(QSignalSpy& opened, int count) {
    while (opened.size() < count)
        if (!opened.wait(60000))
            return false;
    return true;
}

} // namespace

class TestRunTabs : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        prepareWindowTests();
        QVERIFY(dir_.isValid());
    }

    void cleanup() { qunsetenv("SCOPE_READ_WORKER"); }

    // The reads are made to end in the reverse order of the request: a
    // helper wrapper delays the files named first.
    void tabsKeepTheRequestOrderWhateverOrderReadsEnd() {
        QVERIFY(useSlowWorker());
        QStringList paths;
        for (const char* name : {"a_slow3", "b_slow2", "c_slow1", "d_quick"}) {
            paths << copyOfSerialRun(name);
            QVERIFY(!paths.last().isEmpty());
        }
        MainWindow window;
        QSignalSpy opened(&window, &MainWindow::runOpened);
        QStringList arrivals;
        connect(&window, &MainWindow::runOpened, this, [&arrivals](RunView* view) {
            arrivals << QFileInfo(view->run()->path).completeBaseName();
        });
        window.openFilesToCompare(paths);
        QVERIFY(waitForRuns(opened, 4));
        // The premise: the reads did end out of order.
        QCOMPARE(arrivals, QStringList({"d_quick", "c_slow1", "b_slow2", "a_slow3"}));

        QCOMPARE(tabTexts(window),
                 QStringList({"Comparison", "a_slow3", "b_slow2", "c_slow1", "d_quick"}));
        QCOMPARE(window.tabs()->widget(0), window.comparisonView());
        QCOMPARE(window.comparisonSet()->labels(),
                 QStringList({"a_slow3", "b_slow2", "c_slow1", "d_quick"}));
        for (int i = 0; i < 4; ++i)
            QCOMPARE(window.runView(i)->run()->path, paths[i]);
        // Several files: the comparison is in front.
        QCOMPARE(window.tabs()->currentWidget(), window.comparisonView());

        // A file closed and opened again goes to the end, as a new request.
        window.tabs()->tabCloseRequested(1);
        qunsetenv("SCOPE_READ_WORKER");
        window.openFile(paths[0]);
        QVERIFY(waitForRuns(opened, 5));
        QCOMPARE(tabTexts(window),
                 QStringList({"Comparison", "b_slow2", "c_slow1", "d_quick", "a_slow3"}));
    }

    // Two jobs' default profiling_data.h5: each run is named by its folder in
    // its tab, the run list, the window title and the exported JSON; a rename
    // applies to all of them.
    void equalFileNamesAreNamedByTheirFolderEverywhere() {
        QStringList paths;
        for (const QString& job : {QStringLiteral("runA"), QStringLiteral("runB")}) {
            QVERIFY(QDir(dir_.path()).mkpath(job));
            paths << dir_.filePath(job + QStringLiteral("/profiling_data.h5"));
            QFile::remove(paths.last());
            QVERIFY(QFile::copy(kData + "/run_np3.h5", paths.last()));
        }
        MainWindow window;
        QSignalSpy opened(&window, &MainWindow::runOpened);
        window.openFilesToCompare(paths);
        QVERIFY(waitForRuns(opened, 2));
        const QStringList names{"runA/profiling_data", "runB/profiling_data"};
        QCOMPARE(tabTexts(window), QStringList({"Comparison"}) + names);
        QCOMPARE(window.comparisonSet()->labels(), names);
        window.tabs()->setCurrentIndex(2);
        QCOMPARE(window.windowTitle(), QStringLiteral("runB/profiling_data — Scope Viewer"));

        const auto exportedLabels = [&] {
            const QString json = dir_.filePath("stats.json");
            if (!window.exporter()->exportStatisticsJson(json))
                return QStringList();
            QFile file(json);
            file.open(QIODevice::ReadOnly);
            QStringList labels;
            for (const QJsonValue& entry :
                 QJsonDocument::fromJson(file.readAll()).object()["files"].toArray())
                labels << entry.toObject()["label"].toString();
            return labels;
        };
        QCOMPARE(exportedLabels(), names);

        // F2 in the run list renames through the set: the tab follows.
        window.comparisonSet()->rename(1, QStringLiteral("64 ranks"));
        QCOMPARE(tabTexts(window), QStringList({"Comparison", "runA/profiling_data", "64 ranks"}));
        QCOMPARE(window.comparisonSet()->labels(),
                 QStringList({"runA/profiling_data", "64 ranks"}));
        QCOMPARE(window.windowTitle(), QStringLiteral("64 ranks — Scope Viewer"));
        QCOMPARE(exportedLabels(), QStringList({"runA/profiling_data", "64 ranks"}));
        QCOMPARE(window.exporter()->defaultChartFileName(
                     window.runView(1), QStringLiteral("timeline"), QStringLiteral("png")),
                 QStringLiteral("64_ranks-timeline.png"));
        // The charts' titles carry the name too.
        QCOMPARE(window.runView(1)->page<RankChartPage>()->chart()->runLabel(),
                 QStringLiteral("64 ranks"));
        QVERIFY(window.runView(1)->page<TimelinePage>()->timeline()->title().contains(
            QStringLiteral("64 ranks")));
        // Clearing the name gives the default back.
        window.comparisonSet()->rename(1, QString());
        QCOMPARE(tabTexts(window), QStringList({"Comparison"}) + names);

        // With one of them closed, the other needs no folder any more.
        window.tabs()->tabCloseRequested(1);
        QCOMPARE(tabTexts(window), QStringList({"profiling_data"}));
    }

    // A file handed over by a second `scope-viewer` call comes to the front in
    // its own tab; a dropped one joins the comparison, which comes to the front.
    void aForwardedFileComesToTheFront() {
        MainWindow window;
        QSignalSpy opened(&window, &MainWindow::runOpened);
        window.openFilesToCompare({kData + "/run_serial.h5", kData + "/run_np3.h5"});
        QVERIFY(waitForRuns(opened, 2));
        QCOMPARE(window.tabs()->currentWidget(), window.comparisonView());

        window.openForwardedFiles({kData + "/v3_serial.h5"}, false);
        QVERIFY(waitForRuns(opened, 3));
        QVERIFY(window.currentRunView());
        QCOMPARE(QFileInfo(window.currentRunView()->run()->path).fileName(),
                 QStringLiteral("v3_serial.h5"));

        window.openFilesToCompare({kData + "/run_cli_cg.h5"});
        QVERIFY(waitForRuns(opened, 4));
        QCOMPARE(window.tabs()->currentWidget(), window.comparisonView());
    }

    // Building a run's view was most of the open's longest stall: the window
    // builds the next one while it is idle, and a run opens in it with the
    // choices the user made since.
    void aRunOpensInTheViewBuiltAhead() {
        MainWindow window;
        window.show();
        RunView* ahead = nullptr;
        QTRY_VERIFY((ahead = spareView(window)) != nullptr);
        QVERIFY(!ahead->isVisible());
        QVERIFY(!ahead->run());
        QSignalSpy opened(&window, &MainWindow::runOpened);
        window.openFile(kData + "/run_serial.h5");
        QVERIFY(waitForRuns(opened, 1));
        QCOMPARE(window.runView(0), ahead);
        QVERIFY(ahead->isVisible());

        // The next one, once the open has settled; then a new choice.
        QTRY_VERIFY_WITH_TIMEOUT((ahead = spareView(window)) != nullptr, 10000);
        const Statistic chosen =
            window.runView(0)->statistic() == Statistic::Max ? Statistic::Min : Statistic::Max;
        window.runView(0)->setStatistic(chosen);
        window.openFile(kData + "/run_np3.h5");
        QVERIFY(waitForRuns(opened, 2));
        QCOMPARE(window.runView(1), ahead);
        QCOMPARE(ahead->statistic(), chosen);
    }

    void theKeyboardMovesBetweenAndClosesRunTabs() {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QAction* close = actionNamed(window, QStringLiteral("&Close Run"));
        QVERIFY(close);
        QVERIFY(!close->isEnabled()); // the start page: nothing to close

        QSignalSpy opened(&window, &MainWindow::runOpened);
        window.openFilesToCompare({kData + "/run_serial.h5", kData + "/run_np3.h5"});
        QVERIFY(waitForRuns(opened, 2));
        QTabWidget* tabs = window.tabs();
        QCOMPARE(tabs->currentIndex(), 0);
        QVERIFY(!close->isEnabled()); // the comparison follows the runs

        QTest::keyClick(&window, Qt::Key_PageDown, Qt::ControlModifier);
        QCOMPARE(tabs->currentIndex(), 1);
        QVERIFY(close->isEnabled());
        QTest::keyClick(&window, Qt::Key_Tab, Qt::ControlModifier);
        QCOMPARE(tabs->currentIndex(), 2);
        QTest::keyClick(&window, Qt::Key_PageDown, Qt::ControlModifier);
        QCOMPARE(tabs->currentIndex(), 0); // wraps around
        QTest::keyClick(&window, Qt::Key_PageUp, Qt::ControlModifier);
        QCOMPARE(tabs->currentIndex(), 2);
        // From inside the region table, too.
        window.currentRunView()->tableView()->setFocus();
        QTest::keyClick(window.currentRunView()->tableView(), Qt::Key_PageUp, Qt::ControlModifier);
        QCOMPARE(tabs->currentIndex(), 1);

        QCOMPARE(window.currentRunView()->run()->path, kData + "/run_serial.h5");
        QTest::keyClick(&window, Qt::Key_W, Qt::ControlModifier);
        QCOMPARE(window.runCount(), 1);
        QCOMPARE(window.runView(0)->run()->path, kData + "/run_np3.h5");
        QCOMPARE(tabs->count(), 1); // one run: no comparison
        QTest::keyClick(&window, Qt::Key_W, Qt::ControlModifier);
        QCOMPARE(window.runCount(), 0);
        QVERIFY(!close->isEnabled());
    }

private:
    // Reads go through a helper wrapper that sleeps for files named
    // *slow1* (0.5 s), *slow2* (1 s) and *slow3* (1.5 s).
    bool useSlowWorker() {
        const QString wrapper = dir_.filePath("slow-worker.sh");
        QFile script(wrapper);
        if (!script.open(QIODevice::WriteOnly))
            return false;
        script.write(QStringLiteral("#!/bin/sh\n"
                                    "for a in \"$@\"; do case \"$a\" in\n"
                                    "  *slow3*) sleep 1.5 ;; *slow2*) sleep 1.0 ;;\n"
                                    "  *slow1*) sleep 0.5 ;; esac; done\n"
                                    "exec '%1' \"$@\"\n")
                         .arg(QStringLiteral(SCOPE_READ_WORKER_EXE))
                         .toUtf8());
        script.close();
        qputenv("SCOPE_READ_WORKER", wrapper.toUtf8());
        return QFile::setPermissions(wrapper,
                                     QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    }

    // run_serial.h5 as <name>.h5 in the test's folder; empty on failure.
    QString copyOfSerialRun(const char* name) {
        const QString path = dir_.filePath(QString::fromLatin1(name) + QStringLiteral(".h5"));
        QFile::remove(path);
        return QFile::copy(kData + "/run_serial.h5", path) ? path : QString();
    }

    QTemporaryDir dir_;
};

QTEST_MAIN(TestRunTabs)
#include "tst_RunTabs.moc"
