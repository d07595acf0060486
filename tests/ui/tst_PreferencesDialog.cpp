// SPDX-License-Identifier: GPL-3.0-or-later
// The memory budget as a user sets it: Edit ▸ Preferences (kept in QSettings,
// usable from the keyboard), --memory-budget (which wins for the session and
// travels with the files handed to a running viewer), and every load getting it.
#include "OldForwardRequest.h"
#include "RunWaiter.h"
#include "base/MemoryBudget.h"
#include "common/MemoryBudgetSetting.h"
#include "load/LoadController.h"
#include "run/RunView.h"
#include "shell/MainWindow.h"
#include "shell/PreferencesDialog.h"
#include "shell/SingleInstance.h"

#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QProcess>
#include <QRadioButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QUuid>
#include <QtConcurrent>
#include <QtTest>

#include <algorithm>

namespace {

const QString kData = QStringLiteral(SCOPE_TEST_DATA_DIR);
constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;
constexpr std::uint64_t kGiB = std::uint64_t{1} << 30;

QString uniqueServerName() {
    return QStringLiteral("scope-viewer-test-") +
           QUuid::createUuid().toString(QUuid::WithoutBraces).left(12);
}

// The unit box's entry for `unit`.
void chooseUnit(PreferencesDialog& dialog, PreferencesDialog::Unit unit) {
    dialog.unitBox()->setCurrentIndex(dialog.unitBox()->findData(unit));
}

QString unitShown(const PreferencesDialog& dialog) {
    return dialog.unitBox()->currentText();
}

// The viewer this build made (tests/CMakeLists.txt).
QString viewerExecutable() {
    return QStringLiteral(SCOPE_VIEWER_EXE);
}

RunView* open(MainWindow& window, const QString& name) {
    QSignalSpy opened(&window, &MainWindow::runOpened);
    window.openFile(kData + "/" + name);
    return waitForRun(window, opened);
}

} // namespace

class TestPreferencesDialog : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { prepareWindowTests(); }
    void init() { QSettings().remove(MemoryBudgetSetting::key()); }

    void defaultsToHalfOfTheMachine() {
        PreferencesDialog dialog;
        QVERIFY(dialog.defaultButton()->isChecked());
        QCOMPARE(dialog.memoryBudget(), std::uint64_t(0));
        QVERIFY(dialog.defaultButton()->text().contains(QString::fromStdString(
            scope::MemoryBudget::format(scope::MemoryBudget::defaultBytes()))));
        QVERIFY(!dialog.sizeBox()->isEnabled());
        QVERIFY(!dialog.unitBox()->isEnabled());
        QVERIFY(dialog.sessionNote()->isHidden());
        QCOMPARE(MemoryBudgetSetting::effective(0), scope::MemoryBudget::defaultBytes());
    }

    void roundTripsThroughTheSettings() {
        {
            PreferencesDialog dialog;
            dialog.customButton()->setChecked(true);
            QVERIFY(dialog.sizeBox()->isEnabled());
            chooseUnit(dialog, PreferencesDialog::MiB);
            dialog.sizeBox()->setValue(160);
            dialog.accept();
        }
        QCOMPARE(QSettings().value(MemoryBudgetSetting::key()).toULongLong(), 167772160ULL);
        {
            PreferencesDialog dialog;
            QVERIFY(dialog.customButton()->isChecked());
            QCOMPARE(dialog.sizeBox()->value(), 160);
            QCOMPARE(unitShown(dialog), QStringLiteral("MiB"));
            QCOMPARE(dialog.memoryBudget(), 160 * kMiB);
            chooseUnit(dialog, PreferencesDialog::GiB);
            dialog.sizeBox()->setValue(2);
            dialog.accept();
        }
        QCOMPARE(MemoryBudgetSetting::stored(), 2147483648ULL);
        QCOMPARE(MemoryBudgetSetting::effective(0), 2 * kGiB);
        {
            // Whole GiB come back in GiB; Cancel keeps what was stored.
            PreferencesDialog dialog;
            QCOMPARE(dialog.sizeBox()->value(), 2);
            QCOMPARE(unitShown(dialog), QStringLiteral("GiB"));
            dialog.defaultButton()->setChecked(true);
            dialog.reject();
        }
        QCOMPARE(MemoryBudgetSetting::stored(), 2 * kGiB);
        {
            PreferencesDialog dialog;
            dialog.defaultButton()->setChecked(true);
            dialog.accept();
        }
        QVERIFY(!QSettings().contains(MemoryBudgetSetting::key()));
        QCOMPARE(MemoryBudgetSetting::effective(0), scope::MemoryBudget::defaultBytes());
    }

    void changingTheUnitKeepsTheAmount() {
        PreferencesDialog dialog;
        dialog.customButton()->setChecked(true);
        chooseUnit(dialog, PreferencesDialog::MiB);
        dialog.sizeBox()->setValue(2048);
        chooseUnit(dialog, PreferencesDialog::GiB);
        QCOMPARE(dialog.sizeBox()->value(), 2);
        QCOMPARE(dialog.memoryBudget(), 2 * kGiB);
        dialog.sizeBox()->setValue(3);
        chooseUnit(dialog, PreferencesDialog::MiB);
        QCOMPARE(dialog.sizeBox()->value(), 3072);
        // A stored size that is no whole GiB shows in MiB.
        dialog.setMemoryBudget(1536 * kMiB);
        QCOMPARE(unitShown(dialog), QStringLiteral("MiB"));
        QCOMPARE(dialog.sizeBox()->value(), 1536);
    }

    void worksFromTheKeyboard() {
        PreferencesDialog dialog;
        dialog.show();
        QVERIFY(QTest::qWaitForWindowActive(&dialog));
        // The size's label names it for screen readers and Alt+S.
        const auto labels = dialog.findChildren<QLabel*>();
        QVERIFY(std::any_of(labels.begin(), labels.end(),
                            [&](QLabel* label) { return label->buddy() == dialog.sizeBox(); }));
        QVERIFY(!dialog.unitBox()->accessibleName().isEmpty());
        // A mnemonic clicks its button a moment later, as a visible press.
        QTest::keyClick(&dialog, Qt::Key_C, Qt::AltModifier);
        QTRY_VERIFY(dialog.customButton()->isChecked());
        QTest::keyClick(&dialog, Qt::Key_S, Qt::AltModifier);
        QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(dialog.sizeBox()));
        dialog.sizeBox()->selectAll();
        QTest::keyClicks(QApplication::focusWidget(), QStringLiteral("300"));
        QCOMPARE(dialog.sizeBox()->value(), 300);
        QTest::keyClick(&dialog, Qt::Key_D, Qt::AltModifier);
        QTRY_VERIFY(dialog.defaultButton()->isChecked());
        QVERIFY(!dialog.sizeBox()->isEnabled());
        QTest::keyClick(&dialog, Qt::Key_C, Qt::AltModifier);
        QTRY_VERIFY(dialog.customButton()->isChecked());
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return);
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QCOMPARE(MemoryBudgetSetting::stored(), 300 * kGiB);
    }

    void theCommandLineWinsForTheSession() {
        MemoryBudgetSetting::store(2 * kGiB);
        PreferencesDialog dialog(160 * kMiB);
        QVERIFY(!dialog.sessionNote()->isHidden());
        QVERIFY(dialog.sessionNote()->text().contains(QStringLiteral("160 MiB")));
        QCOMPARE(MemoryBudgetSetting::effective(160 * kMiB), 160 * kMiB);
        QCOMPARE(MemoryBudgetSetting::effective(0), 2 * kGiB);

        QString error;
        QCOMPARE(MemoryBudgetSetting::parse(QStringLiteral("160M"), &error), 167772160ULL);
        QCOMPARE(MemoryBudgetSetting::parse(QStringLiteral("2G"), &error), 2147483648ULL);
        QVERIFY(!MemoryBudgetSetting::parse(QStringLiteral("12X"), &error));
        QVERIFY2(error.contains(QStringLiteral("invalid memory budget '12X'")), qPrintable(error));
    }

    void theViewerRejectsAnInvalidBudget() {
        QProcess viewer;
        viewer.start(viewerExecutable(), {QStringLiteral("--memory-budget"), QStringLiteral("12X"),
                                          kData + "/run_serial.h5"});
        QVERIFY(viewer.waitForFinished(30000));
        QCOMPARE(viewer.exitCode(), 1); // usage, like any bad option
        const QString error = QString::fromUtf8(viewer.readAllStandardError());
        QVERIFY2(error.contains(QStringLiteral("scope-viewer: invalid memory budget '12X'")),
                 qPrintable(error));
        viewer.start(viewerExecutable(), {QStringLiteral("--help")});
        QVERIFY(viewer.waitForFinished(30000));
        QVERIFY(QString::fromUtf8(viewer.readAllStandardOutput())
                    .contains(QStringLiteral("--memory-budget <SIZE>")));
    }

    void everyLoadGetsTheBudget() {
        MemoryBudgetSetting::store(2 * kGiB);
        MainWindow window;
        RunView* view = open(window, QStringLiteral("run_serial.h5"));
        QVERIFY(view);
        QCOMPARE(view->run()->memoryBudget, 2 * kGiB);
        window.loader()->setMemoryBudgetOverride(kGiB);
        view = open(window, QStringLiteral("run_np3.h5"));
        QVERIFY(view);
        QCOMPARE(view->run()->memoryBudget, kGiB);
        // Files another viewer hands over come with its budget, for them only.
        QSignalSpy opened(&window, &MainWindow::runOpened);
        window.openForwardedFiles({kData + "/v3_serial.h5"}, false, 160 * kMiB);
        view = waitForRun(window, opened);
        QVERIFY(view);
        QCOMPARE(view->run()->memoryBudget, 160 * kMiB);
        QCOMPARE(window.loader()->memoryBudgetOverride(), kGiB);
        // Without one they get this viewer's.
        window.openForwardedFiles({kData + "/v3_aggregate.h5"}, false, 0);
        view = waitForRun(window, opened);
        QVERIFY(view);
        QCOMPARE(view->run()->memoryBudget, kGiB);
    }

    void forwardsTheBudgetToTheRunningViewer() {
        const QString name = uniqueServerName();
        SingleInstance first(name);
        QVERIFY(first.listen());
        QSignalSpy requested(&first, &SingleInstance::filesRequested);
        SingleInstance second(name);
        second.setMemoryBudget(160 * kMiB);
        QFuture<bool> sent = QtConcurrent::run(
            [&second] { return second.forwardToRunning({QStringLiteral("/data/a.h5")}, true); });
        QTRY_VERIFY(sent.isFinished());
        QVERIFY(sent.result());
        QTRY_COMPARE(requested.size(), 1);
        QCOMPARE(requested.at(0).at(0).toStringList(), QStringList{QStringLiteral("/data/a.h5")});
        QCOMPARE(requested.at(0).at(1).toBool(), true);
        QCOMPARE(requested.at(0).at(2).toULongLong(), 167772160ULL);

        // A viewer of the previous version sends no budget: this one's applies.
        const auto old = sendOldForwardRequest(name, 1, {QStringLiteral("/b.h5")});
        QVERIFY(old);
        QTRY_COMPARE(requested.size(), 2);
        QCOMPARE(requested.at(1).at(0).toStringList(), QStringList{QStringLiteral("/b.h5")});
        QCOMPARE(requested.at(1).at(2).toULongLong(), 0ULL);
    }
};

QTEST_MAIN(TestPreferencesDialog)
#include "tst_PreferencesDialog.moc"
