// SPDX-License-Identifier: GPL-3.0-or-later
// The window's keys and menus as a user meets them: every shortcut does one
// thing (Ctrl+W closes the run), View reaches the pages by name, Help lists
// the keys and finds the documentation, and the status bar says what a file is.
#include "RunWaiter.h"
#include "common/MessageBanner.h"
#include "load/RunStatusText.h"
#include "run/RunView.h"
#include "shell/KeyboardReference.h"
#include "shell/MainWindow.h"
#include "shell/ShippedDocs.h"

#include <QAction>
#include <QDir>
#include <QMenu>
#include <QMenuBar>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableWidget>
#include <QtTest>

namespace {

const QString kData = QStringLiteral(SCOPE_TEST_DATA_DIR);

// The actions whose keys work anywhere in the window.
QList<QAction*> windowWideActions(const MainWindow& window) {
    QList<QAction*> actions;
    for (QAction* action : window.findChildren<QAction*>())
        if (!action->shortcuts().isEmpty() &&
            (action->shortcutContext() == Qt::WindowShortcut ||
             action->shortcutContext() == Qt::ApplicationShortcut))
            actions << action;
    return actions;
}

QAction* actionNamed(const MainWindow& window, const QString& text) {
    for (QAction* action : window.findChildren<QAction*>())
        if (action->text() == text)
            return action;
    return nullptr;
}

QMenu* menuNamed(const MainWindow& window, const QString& title) {
    for (QAction* action : window.menuBar()->actions())
        if (action->text() == title)
            return action->menu();
    return nullptr;
}

} // namespace

class TestWindowMenus : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { prepareWindowTests(); }

    // A key bound twice, even to one action, is ambiguous and does nothing.
    // Under X11 (QT_QPA_PLATFORM=xcb) QKeySequence::Close is Ctrl+W itself.
    void noKeyIsTakenTwice() {
        MainWindow window;
        QHash<QKeySequence, QString> owner;
        const QList<QAction*> actions = windowWideActions(window);
        QVERIFY(actions.size() >= 10);
        for (const QAction* action : actions)
            for (const QKeySequence& key : action->shortcuts()) {
                QVERIFY2(!owner.contains(key),
                         qPrintable(QStringLiteral("%1 is taken by %2 and %3")
                                        .arg(key.toString(), owner.value(key), action->text())));
                owner.insert(key, action->text());
            }
        // The keys this test walks through below.
        QCOMPARE(owner.value(QKeySequence(QStringLiteral("Ctrl+W"))), QStringLiteral("&Close Run"));
        QVERIFY(owner.contains(QKeySequence(QStringLiteral("Alt+1"))));
        QVERIFY(owner.contains(QKeySequence(QStringLiteral("Alt+9"))));
    }

    void ctrlWClosesTheRun() {
        QTest::failOnWarning(QRegularExpression(QStringLiteral("Ambiguous shortcut")));
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QSignalSpy opened(&window, &MainWindow::runOpened);
        window.openFile(kData + "/run_serial.h5");
        QVERIFY(waitForRun(window, opened));
        QCOMPARE(window.runCount(), 1);
        window.currentRunView()->tableView()->setFocus();
        QTest::keyClick(window.currentRunView()->tableView(), Qt::Key_W, Qt::ControlModifier);
        QCOMPARE(window.runCount(), 0);
        QCOMPARE(window.tabs()->count(), 0);
    }

    // Alt+N brings the run's N-th page tab (beside the table, then below it)
    // to the front; View ▸ Page names them.
    void altDigitShowsThePageOfThatNumber() {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QSignalSpy opened(&window, &MainWindow::runOpened);
        window.openFile(kData + "/run_np3.h5");
        RunView* view = waitForRun(window, opened);
        QVERIFY(view);
        QList<std::pair<QTabWidget*, int>> shown;
        for (QTabWidget* tabs : {view->sideTabs(), view->bottomTabs()})
            for (int i = 0; i < tabs->count(); ++i)
                if (tabs->isTabVisible(i))
                    shown.append({tabs, i});
        QVERIFY(shown.size() >= 3);
        const int last = static_cast<int>(std::min<qsizetype>(shown.size(), 9)) - 1;
        for (int n : {1, last, 0}) {
            QTest::keyClick(view->tableView(), static_cast<Qt::Key>(Qt::Key_1 + n),
                            Qt::AltModifier);
            QCOMPARE(shown[n].first->currentIndex(), shown[n].second);
        }
        QMenu* viewMenu = menuNamed(window, QStringLiteral("&View"));
        QVERIFY(viewMenu);
        emit viewMenu->aboutToShow();
        QAction* second = nullptr;
        for (QAction* action : window.findChildren<QAction*>())
            if (action->shortcut() == QKeySequence(QStringLiteral("Alt+2")))
                second = action;
        QVERIFY(second);
        QCOMPARE(second->text(), QStringLiteral("&2 ") + shown[1].first->tabText(shown[1].second));
        QVERIFY(second->isEnabled());
    }

    void theKeyboardReferenceListsEveryKeyOfTheWindow() {
        MainWindow window;
        // The view built ahead for the first run brings the views' own actions.
        QTRY_VERIFY(window.findChild<RunView*>() != nullptr);
        const QList<KeyboardReference::Row> rows = KeyboardReference::rows(&window);
        const auto rowFor = [&rows](const QString& what) {
            for (const KeyboardReference::Row& row : rows)
                if (row.what == what)
                    return row;
            return KeyboardReference::Row{};
        };
        for (const QAction* action : windowWideActions(window)) {
            const QString keys = action->shortcuts().first().toString(QKeySequence::NativeText);
            const bool listed = std::any_of(rows.begin(), rows.end(), [&](const auto& row) {
                return row.keys.split(QStringLiteral(", ")).contains(keys);
            });
            QVERIFY2(listed, qPrintable(action->text() + QStringLiteral(" ") + keys));
        }
        QVERIFY(rowFor(QStringLiteral("Close Run")).keys.startsWith(QStringLiteral("Ctrl+W")));
        QCOMPARE(rowFor(QStringLiteral("Close Run")).where, QStringLiteral("File"));
        QCOMPARE(rowFor(QStringLiteral("Open")).keys, QStringLiteral("Ctrl+O"));
        QCOMPARE(rowFor(QStringLiteral("Zoom in on time")).where,
                 QStringLiteral("Timeline (click it first)"));
        QCOMPARE(rowFor(QStringLiteral("Up one level")).keys, QStringLiteral("Backspace, Esc"));
        QVERIFY(rowFor(QStringLiteral("Full Screen")).keys.startsWith(QStringLiteral("F11")));
        // A view's own action, once however many runs have that view, named by its page.
        QCOMPARE(rowFor(QStringLiteral("Copy Path")).where, QStringLiteral("Call tree"));

        KeyboardReference dialog(&window);
        QCOMPARE(dialog.table()->rowCount(), rows.size());
        QCOMPARE(dialog.table()->item(0, 0)->text(), rows.first().keys);
    }

    void helpFindsTheDocumentation() {
        MainWindow window;
        QVERIFY(actionNamed(window, QStringLiteral("&Keyboard Shortcuts")));
        QVERIFY(actionNamed(window, QStringLiteral("&Documentation")));
        // This test runs in the build tree (build/tests): the source tree's docs.
        const QString found = ShippedDocs::locate();
        QCOMPARE(QFileInfo(found).canonicalFilePath(),
                 QFileInfo(QStringLiteral(SCOPE_TEST_DATA_DIR "/../../docs/viewer.md"))
                     .canonicalFilePath());
        // Installed: beside bin/, where packaging/CMakeLists.txt puts them.
        QCOMPARE(ShippedDocs::candidates(QStringLiteral("/opt/scope/bin")).first(),
                 QStringLiteral("/opt/scope/share/doc/scope-viewer"));
    }

    void theStatusBarSaysWhatTheFileIs_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("kind");
        QTest::newRow("Python HDF5") << "run_serial.h5"
                                     << "HDF5 schema 1";
        QTest::newRow("schema 3") << "v3_serial.h5"
                                  << "HDF5 schema 3";
        QTest::newRow("native trace") << "c-api/capi_trace_rank00000.spt"
                                      << "native trace (.spt v2)";
        QTest::newRow("C API HDF5") << "c-api/capi_run_rank00000.h5"
                                    << "C API rank file (HDF5 schema 2)";
        QTest::newRow("JSON") << "json-v1.json"
                              << "JSON profile (.json)";
    }

    void theStatusBarSaysWhatTheFileIs() {
        QFETCH(QString, file);
        QFETCH(QString, kind);
        MainWindow window;
        QSignalSpy opened(&window, &MainWindow::runOpened);
        window.openFile(kData + "/" + file);
        RunView* view = waitForRun(window, opened);
        QVERIFY(view);
        const QString status = RunStatusText::describe(*view->run(), false);
        QVERIFY2(status.startsWith(kind + QStringLiteral(" · ")), qPrintable(status));
        QVERIFY2(!status.contains(QStringLiteral("Schema")), qPrintable(status));
    }
};

QTEST_MAIN(TestWindowMenus)
#include "tst_WindowMenus.moc"
