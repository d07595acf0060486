// SPDX-License-Identifier: GPL-3.0-or-later
// A run's file changing under the viewer: rewritten (a run that finished
// merging after it was opened) it is offered for reload, and the reload shows
// the new file's numbers; deleted, the data read before stays on screen.
#include "OpenedCopy.h"
#include "RunWaiter.h"
#include "models/RegionTableModel.h"
#include "run/RunFileWatcher.h"
#include "run/RunView.h"
#include "shell/MainWindow.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <cstdio>

namespace {

const QString kData = QStringLiteral(SCOPE_TEST_DATA_DIR);

// A region's statistic over all ranks from a sample's reference JSON.
double expected(const QString& sample, const QString& region, const QString& key) {
    QFile file(kData + "/" + sample + ".region_statistics.json");
    if (!file.open(QIODevice::ReadOnly))
        return -1;
    const QJsonObject run =
        QJsonDocument::fromJson(file.readAll()).object()["files"].toArray()[0].toObject();
    return run["region_statistics"].toObject()[region].toObject()[key].toDouble();
}

// The table's raw value of `column` for a region, -1 when the region is absent.
double shown(RunView* view, const QString& region, int column) {
    RegionTableModel* model = view->tableModel();
    for (int row = 0; row < model->rowCount(); ++row)
        if (model->index(row, RegionTableModel::Region).data().toString() == region)
            return model->index(row, column).data(RegionTableModel::SortRole).toDouble();
    return -1;
}

// As a writer does: a new file beside the old one, renamed over it.
bool replaceByRename(const QString& source, const QString& target) {
    const QString part = target + ".part";
    QFile::remove(part);
    return QFile::copy(source, part) && std::rename(qPrintable(part), qPrintable(target)) == 0;
}

} // namespace

class TestFileWatcher : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { prepareWindowTests(); }

    void rewrittenFileIsOfferedForReloadAndReloadShowsTheNewNumbers() {
        OpenedCopy copy;
        QVERIFY(copy.open(kData + "/run_serial.h5"));
        RunView* view = copy.view;
        const QString& path = copy.path;
        QCOMPARE(shown(view, "main", RegionTableModel::Calls), 1.0);
        QVERIFY(!view->fileBar()->isVisible());

        QVERIFY(replaceByRename(kData + "/run_np3.h5", path));
        QTRY_VERIFY_WITH_TIMEOUT(view->fileBar()->isVisible(), 10000);
        QVERIFY(view->fileBarText().contains("profiling_data.h5"));
        QVERIFY(view->fileBarText().contains("changed on disk"));
        QVERIFY(view->reloadButton()->isVisible());
        // Nothing is reread until the user asks: the old numbers are still shown.
        QCOMPARE(shown(view, "main", RegionTableModel::Calls), 1.0);

        QTest::mouseClick(view->reloadButton(), Qt::LeftButton);
        RunView* reloaded = waitForRun(copy.window, copy.opened);
        QCOMPARE(reloaded, view); // the same tab
        QCOMPARE(copy.window.runCount(), 1);
        QCOMPARE(shown(view, "main", RegionTableModel::Calls),
                 expected("run_np3", "main", "count"));
        QCOMPARE(shown(view, "main", RegionTableModel::Total),
                 expected("run_np3", "main", "total_duration_seconds"));
        QVERIFY(!view->fileBar()->isVisible());
    }

    void deletedFileKeepsItsDataAndSaysSo() {
        OpenedCopy copy;
        QVERIFY(copy.open(kData + "/run_np3.h5"));
        RunView* view = copy.view;
        const QString& path = copy.path;
        const double total = expected("run_np3", "main", "total_duration_seconds");
        QCOMPARE(shown(view, "main", RegionTableModel::Total), total);

        QVERIFY(QFile::remove(path));
        QTRY_VERIFY_WITH_TIMEOUT(view->fileBar()->isVisible(), 10000);
        QVERIFY(view->fileBarText().contains("deleted"));
        QVERIFY(!view->reloadButton()->isVisible()); // nothing to reload from
        QCOMPARE(shown(view, "main", RegionTableModel::Total), total);
        QCOMPARE(view->tableModel()->rowCount(), 8);

        // The file comes back with other contents: now a reload is offered.
        QVERIFY(replaceByRename(kData + "/run_serial.h5", path));
        QTRY_VERIFY_WITH_TIMEOUT(view->reloadButton()->isVisible(), 10000);
        QVERIFY(view->fileBarText().contains("changed on disk"));
        QCOMPARE(shown(view, "main", RegionTableModel::Total), total);
    }

    void failedReloadKeepsTheOldData() {
        OpenedCopy copy;
        QVERIFY(copy.open(kData + "/run_np3.h5"));
        RunView* view = copy.view;
        const QString& path = copy.path;
        QSignalSpy failed(&copy.window, &MainWindow::loadFailed);
        const double total = expected("run_np3", "main", "total_duration_seconds");

        QFile garbage(path + ".part");
        QVERIFY(garbage.open(QIODevice::WriteOnly));
        garbage.write("not an HDF5 file");
        garbage.close();
        QCOMPARE(std::rename(qPrintable(path + ".part"), qPrintable(path)), 0);
        QTRY_VERIFY_WITH_TIMEOUT(view->reloadButton()->isVisible(), 10000);
        QTest::mouseClick(view->reloadButton(), Qt::LeftButton);
        QVERIFY(failed.wait(30000));
        QCOMPARE(copy.window.runCount(), 1);
        QCOMPARE(view->run()->path, path);
        QCOMPARE(shown(view, "main", RegionTableModel::Total), total);
        QVERIFY(view->fileBarText().contains("failed"));
        QVERIFY(view->reloadButton()->isEnabled()); // try again once the writer is done
    }

    // A run combined from per-rank files: any one of them rewritten or gone counts.
    void changeOfAnyFileOfASetIsNoticed() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QStringList files{dir.filePath("run_rank0.h5"), dir.filePath("run_rank1.h5")};
        for (const QString& file : files)
            QVERIFY(QFile::copy(kData + "/run_serial.h5", file));
        RunFileWatcher watcher;
        watcher.setDebounceMs(50);
        watcher.watchFiles(files, dir.filePath("run (2 ranks)"));
        QCOMPARE(watcher.path(), dir.filePath("run (2 ranks)"));
        QCOMPARE(watcher.files(), files);
        QCOMPARE(watcher.state(), RunFileWatcher::State::Unchanged);

        QVERIFY(replaceByRename(kData + "/run_np3.h5", files[1]));
        QTRY_COMPARE_WITH_TIMEOUT(watcher.state(), RunFileWatcher::State::Changed, 10000);
        // Watching the set again takes the files as they are now.
        watcher.watchFiles(files, dir.filePath("run (2 ranks)"));
        QCOMPARE(watcher.state(), RunFileWatcher::State::Unchanged);
        QVERIFY(QFile::remove(files[0]));
        QTRY_COMPARE_WITH_TIMEOUT(watcher.state(), RunFileWatcher::State::Deleted, 10000);
    }
};

QTEST_MAIN(TestFileWatcher)
#include "tst_FileWatcher.moc"
