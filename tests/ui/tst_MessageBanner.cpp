// SPDX-License-Identifier: GPL-3.0-or-later
// Every failure of a batch of files stays listed, a line each, naming its file.
#include "FileDamage.h"
#include "RunWaiter.h"
#include "common/ColorContrast.h"
#include "common/MessageBanner.h"
#include "shell/MainWindow.h"

#include <QDir>
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

namespace {

const QString kData = QStringLiteral(SCOPE_TEST_DATA_DIR);

} // namespace

class TestMessageBanner : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        prepareWindowTests();
        QVERIFY(dir_.isValid());
        // As the viewer reads: libhdf5 meets the damaged files in the helper
        // process (it leaks on some, which would fail the sanitizer build).
        qputenv("SCOPE_READ_WORKER", SCOPE_READ_WORKER_EXE);
    }

    void errorsAccumulateAndInfoDoesNotHideThem() {
        MessageBanner banner;
        banner.showError("Corrupt file", "a.h5: opening the file: not an HDF5 file", "/x/a.h5");
        banner.showError("File not found", "b.h5: no such file", "/x/b.h5");
        banner.showInfo("Saved chart.png");
        QCOMPARE(banner.errorCount(), 2);
        QCOMPARE(banner.lines(),
                 QStringList({"Corrupt file — a.h5: opening the file: not an HDF5 file",
                              "File not found — b.h5: no such file", "Saved chart.png"}));
        // A newer info line replaces the older one; errors stay.
        banner.showInfo("Saved table.csv");
        QCOMPARE(banner.lines().size(), 3);
        QCOMPARE(banner.lines().last(), QStringLiteral("Saved table.csv"));
        // The same file failing again replaces its line instead of repeating it.
        banner.showError("Corrupt file", "a.h5: still broken", "/x/a.h5");
        QCOMPARE(banner.errorCount(), 2);
        QVERIFY(banner.text().contains("a.h5: still broken"));
        QVERIFY(!banner.text().contains("not an HDF5 file"));
        // Errors without a key are all kept.
        banner.showError("Cannot export the chart", "no run is open");
        banner.showError("Cannot export the chart", "no run is open");
        QCOMPARE(banner.errorCount(), 4);
        banner.clearError("/x/b.h5");
        QCOMPARE(banner.errorCount(), 3);
        QVERIFY(!banner.text().contains("b.h5"));
        banner.dismiss();
        QCOMPARE(banner.errorCount(), 0);
        QVERIFY(banner.lines().isEmpty());
        QVERIFY(banner.isHidden());
    }

    // "Saved …" below an error must not read as part of it: a colour of its
    // own, readable on the error's background (4.5:1 at least).
    void aDoneLineAmongProblemsHasItsOwnColour() {
        MessageBanner banner;
        banner.showInfo("Saved chart.png");
        auto* label = banner.findChild<QLabel*>();
        QVERIFY(label != nullptr);
        QVERIFY(!label->text().contains("color:"));
        banner.showError("Corrupt file", "a.h5: opening the file: not an HDF5 file", "/x/a.h5");
        const QRegularExpressionMatch match =
            QRegularExpression(
                QStringLiteral("<span style=\"color:(#[0-9a-f]{6})\">([^<]*)</span>"))
                .match(label->text());
        QVERIFY2(match.hasMatch(), qPrintable(label->text()));
        QVERIFY(match.captured(2).endsWith(QStringLiteral("Saved chart.png")));
        const QColor done(match.captured(1));
        const QColor background = banner.palette().color(QPalette::Window);
        QVERIFY(done != banner.palette().color(QPalette::WindowText));
        QVERIFY2(ColorContrast::ratio(done, background) >= 4.5,
                 qPrintable(QString::number(ColorContrast::ratio(done, background))));
        // The plain lines are the same as without problems.
        QCOMPARE(banner.lines().last(), QStringLiteral("Saved chart.png"));
    }

    // Six files at once, five of them bad: each failure has its line, with
    // its file and cause, and the good run opens.
    void everyFailureOfABatchIsListed() {
        const QString empty = dir_.filePath("empty.h5");
        const QString text = dir_.filePath("notes.h5");
        const QString truncated = dir_.filePath("truncated.h5");
        const QString folder = dir_.filePath("folder.h5");
        const QString missing = dir_.filePath("missing.h5");
        QFile(empty).open(QIODevice::WriteOnly);
        scope::fixtures::FileDamage::writeNotHdf5(text.toStdString());
        const std::string np3 = (kData + "/run_np3.h5").toStdString();
        scope::fixtures::FileDamage::truncatedCopy(np3, truncated.toStdString(),
                                                   scope::fixtures::FileDamage::fileSize(np3) / 3);
        QVERIFY(QDir().mkpath(folder));

        MainWindow window;
        QSignalSpy opened(&window, &MainWindow::runOpened);
        QSignalSpy failed(&window, &MainWindow::loadFailed);
        window.openFilesToCompare(
            {empty, kData + "/run_serial.h5", text, truncated, folder, missing});
        QTRY_COMPARE_WITH_TIMEOUT(failed.size() + opened.size(), 6, 60000);
        QCOMPARE(opened.size(), 1);
        QCOMPARE(window.runCount(), 1);

        const MessageBanner* banner = window.banner();
        QCOMPARE(banner->errorCount(), 5);
        const QStringList lines = banner->lines();
        const auto lineOf = [&lines](const QString& name) {
            for (const QString& line : lines)
                if (line.contains(name))
                    return line;
            return QString();
        };
        QVERIFY2(lineOf("empty.h5").contains("empty file"), qPrintable(lineOf("empty.h5")));
        QVERIFY2(lineOf("notes.h5").contains("not an HDF5 file"), qPrintable(lineOf("notes.h5")));
        QVERIFY(lineOf("truncated.h5").startsWith("Corrupt file"));
        // A folder is no corrupt file: nothing was read from it.
        QCOMPARE(lineOf("folder.h5"), "Cannot open — " + folder + " is a folder, not a profile");
        QVERIFY(lineOf("missing.h5").startsWith("File not found"));
        QVERIFY(banner->isVisibleTo(&window));
    }

    // A file that failed and then loads (it was still being copied) loses its line.
    void aFileThatLoadsLaterLosesItsError() {
        const QString path = dir_.filePath("late.h5");
        QFile::remove(path);
        MainWindow window;
        QSignalSpy opened(&window, &MainWindow::runOpened);
        QSignalSpy failed(&window, &MainWindow::loadFailed);
        window.openFile(path);
        QVERIFY(failed.wait(30000));
        QCOMPARE(window.banner()->errorCount(), 1);
        QVERIFY(QFile::copy(kData + "/run_serial.h5", path));
        window.openFile(path);
        QVERIFY(waitForRun(window, opened));
        QCOMPARE(window.banner()->errorCount(), 0);
    }

    // The heading counts problems and warnings apart, and a warning is no
    // info line: the next "Saved …" does not replace it.
    void problemsAndWarningsAreCountedApart() {
        MessageBanner banner;
        banner.showWarning("a.h5: 2 regions have no calls", "/x/a.h5");
        QCOMPARE(banner.heading(), QString()); // one line says it all
        for (const char* name : {"b", "c", "d", "e", "f", "g"})
            banner.showError("Corrupt file", QStringLiteral("%1.h5: not an HDF5 file").arg(name),
                             QStringLiteral("/x/%1.h5").arg(name));
        banner.showInfo("Saved chart.png");
        QCOMPARE(banner.errorCount(), 6);
        QCOMPARE(banner.warningCount(), 1);
        QCOMPARE(banner.lines().size(), 8);
        QCOMPARE(banner.heading(), QStringLiteral("6 problems, 1 warning"));
        QCOMPARE(banner.lines().at(6), QStringLiteral("Warning — a.h5: 2 regions have no calls"));
        QCOMPARE(banner.lines().last(), QStringLiteral("Saved chart.png"));
        banner.showInfo("Saved table.csv");
        QCOMPARE(banner.warningCount(), 1);
        // Shown again as the file is read again: still one line.
        banner.showWarning("a.h5: 2 regions have no calls", "/x/a.h5");
        QCOMPARE(banner.warningCount(), 1);
        banner.showWarning("a.h5: metadata has no hostname", "/x/a.h5");
        QCOMPARE(banner.heading(), QStringLiteral("6 problems, 2 warnings"));
        for (const char* name : {"c", "d", "e", "f", "g"})
            banner.clearError(QStringLiteral("/x/%1.h5").arg(name));
        QCOMPARE(banner.heading(), QStringLiteral("1 problem, 2 warnings"));
        // The file read again without them: its warnings go with its error.
        banner.clearError("/x/a.h5");
        QCOMPARE(banner.warningCount(), 0);
        QCOMPARE(banner.heading(), QString());
        banner.clearError("/x/b.h5");
        banner.showWarning("one", "/x/1");
        banner.showWarning("two", "/x/2");
        QCOMPARE(banner.heading(), QStringLiteral("2 warnings"));
    }

    // The info line's button ("Open separately") sits beside that line, the
    // last one, even when errors are listed above it.
    void theActionSitsBesideItsLine() {
        MessageBanner banner;
        banner.showError("a.h5", "HDF5 cannot open it (truncated or damaged)", "a");
        banner.showError("b.h5", "HDF5 cannot open it (truncated or damaged)", "b");
        banner.showInfo("Opened 2 rank files as one run", "Open separately", [] {});
        banner.resize(900, banner.sizeHint().height());
        banner.show();
        QVERIFY(QTest::qWaitForWindowExposed(&banner));
        const QRect button = banner.actionButton()->geometry();
        QVERIFY(banner.actionButton()->isVisible());
        // Four lines ("2 problems:", two errors, the info line): the button's
        // middle lies in the last quarter of the banner's height.
        QVERIFY2(button.center().y() > banner.height() * 3 / 4 - 4,
                 qPrintable(QStringLiteral("button at y=%1 of %2")
                                .arg(button.center().y())
                                .arg(banner.height())));
        banner.dismiss();
        banner.showInfo("Opened 2 rank files as one run", "Open separately", [] {});
        banner.show();
        QVERIFY(banner.actionButton()->geometry().top() < banner.height() / 2);
    }

private:
    QTemporaryDir dir_;
};

QTEST_MAIN(TestMessageBanner)
#include "tst_MessageBanner.moc"
