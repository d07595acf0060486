// SPDX-License-Identifier: GPL-3.0-or-later
// Per-rank files of the C API (`<prefix>_rank<N>.spt` or `.h5`) dropped on the
// window open as one run of all ranks, with the merged statistics; the banner
// offers to open them one by one instead. A folder of them does the same, a
// duplicate rank is an error in the banner, and a change of any one file is
// offered for reload.
#include "RunWaiter.h"
#include "common/MessageBanner.h"
#include "common/RunLabels.h"
#include "models/RegionTableModel.h"
#include "run/RunView.h"
#include "shell/MainWindow.h"

#include <QDateTime>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QMimeData>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>

namespace {

const QString kCapi = QStringLiteral(SCOPE_TEST_DATA_DIR "/c-api");

void drop(MainWindow& window, const QStringList& paths) {
    QMimeData mime;
    QList<QUrl> urls;
    for (const QString& path : paths)
        urls << QUrl::fromLocalFile(path);
    mime.setUrls(urls);
    // As a drag does it: Qt hands the drop only to the widget that accepted the enter.
    QDragEnterEvent enter(QPoint(50, 50), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&window, &enter);
    QDropEvent event(QPointF(50, 50), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&window, &event);
}

// The table's raw value of `column` for a region, -1 when the region is absent.
double shown(RunView* view, const QString& region, int column) {
    RegionTableModel* model = view->tableModel();
    for (int row = 0; row < model->rowCount(); ++row)
        if (model->index(row, RegionTableModel::Region).data().toString() == region)
            return model->index(row, column).data(RegionTableModel::SortRole).toDouble();
    return -1;
}

// The ranks that have rows: a file of rank 1 alone says numRanks 2, too.
QList<std::uint32_t> ranks(const RunView* view) {
    QList<std::uint32_t> out;
    for (const scope::RankRegion& row : view->run()->results->rows)
        if (!out.contains(row.rank))
            out << row.rank;
    std::sort(out.begin(), out.end());
    return out;
}

bool near(double actual, double expected) {
    return std::abs(actual - expected) <= 1e-9 + 1e-6 * std::abs(expected);
}

QStringList files(const QString& prefix, const QString& suffix) {
    return {kCapi + "/" + prefix + "_rank00000." + suffix,
            kCapi + "/" + prefix + "_rank00001." + suffix};
}

} // namespace

class TestRankFileRuns : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { prepareWindowTests(); }

    // Figures from tests/data/c-api/*.merged.expected.json (the core's
    // reference for the combined run of both ranks).
    void droppedRankFilesOpenAsOneRun_data() {
        QTest::addColumn<QString>("prefix");
        QTest::addColumn<QString>("suffix");
        QTest::addColumn<double>("setupTotal");
        QTest::addColumn<double>("solveMax");
        QTest::newRow("spt") << "capi_trace"
                             << "spt" << 0.006500675 << 0.003575664;
        QTest::newRow("h5") << "capi_run"
                            << "h5" << 0.006501177 << 0.003616039;
    }

    void droppedRankFilesOpenAsOneRun() {
        QFETCH(QString, prefix);
        QFETCH(QString, suffix);
        QFETCH(double, setupTotal);
        QFETCH(double, solveMax);
        MainWindow window;
        window.show();
        QSignalSpy opened(&window, &MainWindow::runOpened);
        // Rank 1 first: the run still numbers them as the files do.
        drop(window, {files(prefix, suffix)[1], files(prefix, suffix)[0]});
        RunView* view = waitForRun(window, opened);
        QVERIFY(view);
        QCOMPARE(window.runCount(), 1);
        QVERIFY(window.comparisonView() == nullptr);
        QCOMPARE(ranks(view), (QList<std::uint32_t>{0, 1}));
        QCOMPARE(view->run()->rankFiles, files(prefix, suffix));
        QCOMPARE(window.tabs()->tabText(window.tabs()->indexOf(view)), prefix + " (2 ranks)");
        QCOMPARE(shown(view, "hot", RegionTableModel::Calls), 3000.0);
        QCOMPARE(shown(view, "solve", RegionTableModel::Calls), 12.0);
        QVERIFY2(near(shown(view, "setup", RegionTableModel::Total), setupTotal),
                 qPrintable(QString::number(shown(view, "setup", RegionTableModel::Total))));
        QVERIFY(near(shown(view, "solve", RegionTableModel::Max), solveMax));
        // Not a file: nothing to reopen from the recent list.
        QVERIFY(!QSettings().value("recentFiles").toStringList().contains(view->run()->path));
        QPushButton* action = window.banner()->actionButton();
        QVERIFY(action->isVisible());
        QCOMPARE(action->text(), QStringLiteral("Open separately"));
        QCOMPARE(window.banner()->errorCount(), 0);
    }

    void openSeparatelyGivesOneRunPerFile() {
        MainWindow window;
        window.show();
        QSignalSpy opened(&window, &MainWindow::runOpened);
        drop(window, files("capi_trace", "spt"));
        RunView* combined = waitForRun(window, opened);
        QVERIFY(combined);
        const QString name = combined->run()->path;
        window.banner()->actionButton()->click();
        QCOMPARE(window.runCount(), 0); // the combined run is closed at once
        QTRY_COMPARE_WITH_TIMEOUT(window.runCount(), 2, 30000);
        // The tabs open with their tables (table first); the comparison
        // follows once both runs are complete.
        QTRY_VERIFY_WITH_TIMEOUT(window.comparisonView() != nullptr, 30000);
        QStringList paths;
        for (int i = 0; i < window.runCount(); ++i) {
            QTRY_VERIFY(window.runView(i)->run() != nullptr);
            QCOMPARE(ranks(window.runView(i)), QList<std::uint32_t>{std::uint32_t(i)});
            QTRY_COMPARE(shown(window.runView(i), "hot", RegionTableModel::Calls), 1500.0);
            QVERIFY(window.runView(i)->run()->rankFiles.isEmpty());
            paths << window.runView(i)->run()->path;
        }
        QCOMPARE(paths, files("capi_trace", "spt"));
        QVERIFY(window.rankFilesOf(name).isEmpty());
        QVERIFY(!window.banner()->actionButton()->isVisible());
    }

    void droppedFolderOpensItsRankFilesAsOneRun() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        for (const QString& file : files("capi_trace", "spt"))
            QVERIFY(QFile::copy(file, dir.filePath(QFileInfo(file).fileName())));
        // Not a rank file, not a profile: left alone.
        QVERIFY(QFile::copy(kCapi + "/capi_trace.merged.expected.json",
                            dir.filePath("capi_trace.merged.expected.json")));
        MainWindow window;
        window.show();
        QSignalSpy opened(&window, &MainWindow::runOpened);
        drop(window, {dir.path()});
        RunView* view = waitForRun(window, opened);
        QVERIFY(view);
        QCOMPARE(window.runCount(), 1);
        QCOMPARE(ranks(view), (QList<std::uint32_t>{0, 1}));
        QCOMPARE(view->run()->rankFiles.size(), 2);
        QCOMPARE(window.runLabel(view), QStringLiteral("capi_trace (2 ranks)"));
        QCOMPARE(shown(view, "hot", RegionTableModel::Calls), 3000.0);
    }

    // A folder handed over by another scope-viewer call (the file manager).
    void forwardedFolderOpensItsRankFilesAsOneRun() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        for (const QString& file : files("capi_run", "h5"))
            QVERIFY(QFile::copy(file, dir.filePath(QFileInfo(file).fileName())));
        MainWindow window;
        window.show();
        QSignalSpy opened(&window, &MainWindow::runOpened);
        window.openForwardedFiles({dir.path()}, false);
        RunView* view = waitForRun(window, opened);
        QVERIFY(view);
        QCOMPARE(window.runCount(), 1);
        QCOMPARE(ranks(view), (QList<std::uint32_t>{0, 1}));
        QCOMPARE(window.runLabel(view), QStringLiteral("capi_run (2 ranks)"));
    }

    void duplicateRankIsABannerErrorAndOpensNothing() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        // Two names of one prefix and one rank: rank 0 twice.
        const QString source = files("capi_trace", "spt")[0];
        QVERIFY(QFile::copy(source, dir.filePath("dup_rank0.spt")));
        QVERIFY(QFile::copy(source, dir.filePath("dup_rank00000.spt")));
        MainWindow window;
        window.show();
        QSignalSpy failed(&window, &MainWindow::loadFailed);
        drop(window, {dir.filePath("dup_rank0.spt"), dir.filePath("dup_rank00000.spt")});
        QVERIFY(failed.wait(30000));
        QCOMPARE(window.runCount(), 0);
        QCOMPARE(window.banner()->errorCount(), 1);
        QVERIFY2(window.banner()->text().contains("dup_rank0"),
                 qPrintable(window.banner()->text()));

        // The window goes on working.
        QSignalSpy opened(&window, &MainWindow::runOpened);
        window.openRankFiles(files("capi_trace", "spt"));
        RunView* view = waitForRun(window, opened);
        QVERIFY(view);
        QCOMPARE(ranks(view), (QList<std::uint32_t>{0, 1}));
        QCOMPARE(window.banner()->errorCount(), 1); // the other run's error stays listed
    }

    // What File ▸ Open Rank Files as One Run… and --combine-ranks call.
    void explicitCombineOpensOneRun() {
        MainWindow window;
        window.show();
        QSignalSpy opened(&window, &MainWindow::runOpened);
        window.openRankFiles(files("capi_run", "h5"));
        RunView* view = waitForRun(window, opened);
        QVERIFY(view);
        QCOMPARE(window.runCount(), 1);
        QCOMPARE(ranks(view), (QList<std::uint32_t>{0, 1}));
        QCOMPARE(window.rankFilesOf(view->run()->path), files("capi_run", "h5"));
        QCOMPARE(shown(view, "io", RegionTableModel::Calls), 4.0);
    }

    // scope-viewer --combine-ranks with a viewer running: files whose names
    // do not say they belong together become one run only when asked.
    void forwardedCombineOpensOneRun() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QStringList copies;
        for (const QString& file : files("capi_run", "h5")) {
            copies << dir.filePath(QStringLiteral("part%1.h5").arg(copies.size() == 0 ? "A" : "B"));
            QVERIFY(QFile::copy(file, copies.back()));
        }
        MainWindow window;
        window.show();
        QSignalSpy opened(&window, &MainWindow::runOpened);
        window.openForwardedFiles(copies, false, 0, true);
        RunView* view = waitForRun(window, opened);
        QVERIFY(view);
        QCOMPARE(window.runCount(), 1);
        QCOMPARE(ranks(view), (QList<std::uint32_t>{0, 1}));
        QCOMPARE(window.rankFilesOf(view->run()->path), copies);

        MainWindow other;
        other.show();
        QSignalSpy compared(&other, &MainWindow::runOpened);
        other.openForwardedFiles(copies, false, 0, false);
        QTRY_COMPARE_WITH_TIMEOUT(compared.size(), 2, 30000);
        QCOMPARE(other.runCount(), 2);
    }

    void changeOfOneMemberIsOfferedForReload() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QStringList copies;
        for (const QString& file : files("capi_trace", "spt")) {
            copies << dir.filePath(QFileInfo(file).fileName());
            QVERIFY(QFile::copy(file, copies.back()));
        }
        MainWindow window;
        window.show();
        QSignalSpy opened(&window, &MainWindow::runOpened);
        drop(window, copies);
        RunView* view = waitForRun(window, opened);
        QVERIFY(view);
        QVERIFY(!view->fileBar()->isVisible());

        // Rank 1's file rewritten: same bytes, a new modification time.
        QFile member(copies[1]);
        QVERIFY(member.open(QIODevice::ReadWrite));
        QVERIFY(member.setFileTime(QDateTime::currentDateTime().addSecs(3600),
                                   QFileDevice::FileModificationTime));
        member.close();
        QTRY_VERIFY_WITH_TIMEOUT(view->fileBar()->isVisible(), 10000);
        QVERIFY(view->fileBarText().contains("changed on disk"));

        // The reload reads the whole set again, into the same tab.
        view->reloadButton()->click();
        RunView* reloaded = waitForRun(window, opened);
        QCOMPARE(reloaded, view);
        QCOMPARE(window.runCount(), 1);
        QCOMPARE(ranks(view), (QList<std::uint32_t>{0, 1}));
        QTRY_VERIFY(!view->fileBar()->isVisible());
    }
};

QTEST_MAIN(TestRankFileRuns)
#include "tst_RankFileRuns.moc"
