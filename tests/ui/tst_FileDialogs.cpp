// SPDX-License-Identifier: GPL-3.0-or-later
// The open dialog as Qt draws it without a desktop's file chooser: its size,
// type and date columns show their whole text, and the folder it ends in is
// where the next one starts.
#include "common/FileDialogs.h"

#include <QApplication>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QHeaderView>
#include <QSettings>
#include <QTemporaryDir>
#include <QTimer>
#include <QTreeView>
#include <QtTest>

#include <functional>

class TestFileDialogs : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("scope-viewer-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_FileDialogs"));
        QSettings().clear();
        // "1.50 MiB": longer than what Qt sizes the column for.
        QFile file(dir_.filePath(QStringLiteral("profiling_data.h5")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        QVERIFY(file.resize(3 << 19));
    }
    void cleanupTestCase() { QSettings().clear(); }

    void detailColumnsShowTheirWholeText() {
        // Qt sized the columns for the first folder shown: empty, they only
        // held their titles, and every folder after it elided its texts.
        QSettings().setValue(QStringLiteral("lastDirectory"), empty_.path());
        bool checked = false;
        whileOpen([&](QFileDialog* dialog) {
            auto* view = dialog->findChild<QTreeView*>(QStringLiteral("treeView"));
            QVERIFY(view != nullptr);
            QTest::qWait(200); // the empty folder listed first
            dialog->setDirectory(dir_.path());
            // The file system model lists the folder in the background.
            QTRY_COMPARE(view->model()->rowCount(view->rootIndex()), 1);
            QTRY_VERIFY(!view->model()->index(0, 1, view->rootIndex()).data().toString().isEmpty());
            QHeaderView* header = view->header();
            // Public in the base class: the widest text of a column.
            const QAbstractItemView* cells = view;
            for (int column = 1; column < header->count(); ++column) {
                if (header->isSectionHidden(column))
                    continue;
                QTRY_VERIFY2(header->sectionSize(column) >= cells->sizeHintForColumn(column),
                             qPrintable(QStringLiteral("column %1: %2 px for %3 px of text")
                                            .arg(column)
                                            .arg(header->sectionSize(column))
                                            .arg(cells->sizeHintForColumn(column))));
            }
            // The name takes the room that is left.
            QVERIFY(header->sectionSize(0) > header->sectionSize(1));
            checked = true;
        });
        QVERIFY(FileDialogs::openFiles(nullptr, QStringLiteral("Open"), QStringLiteral("*.h5"))
                    .isEmpty());
        QVERIFY(checked);
    }

    void theNextDialogStartsWhereTheLastOpenEnded() {
        QSettings().setValue(QStringLiteral("lastDirectory"), QDir::homePath());
        const QString file = dir_.filePath(QStringLiteral("profiling_data.h5"));
        whileOpen([&](QFileDialog* dialog) {
            dialog->selectFile(file);
            static_cast<QDialog*>(dialog)->accept(); // QFileDialog's own, protected there
        });
        QCOMPARE(FileDialogs::openFiles(nullptr, QStringLiteral("Open"), QStringLiteral("*.h5")),
                 QStringList{file});
        QString started;
        whileOpen([&](QFileDialog* dialog) { started = dialog->directory().absolutePath(); });
        FileDialogs::openFiles(nullptr, QStringLiteral("Open"), QStringLiteral("*.h5"));
        QCOMPARE(started, QDir(dir_.path()).absolutePath());
    }

private:
    // Runs `check` on the dialog once it is open, then closes it unless
    // `check` did.
    static void whileOpen(std::function<void(QFileDialog*)> check) {
        QTimer::singleShot(0, [check] {
            auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
            if (dialog == nullptr)
                return;
            check(dialog);
            if (dialog->isVisible())
                dialog->reject();
        });
    }

    QTemporaryDir dir_;
    QTemporaryDir empty_;
};

// Qt's dialogs keep their column widths in QtProject.conf, read once per
// process: a state saved by an earlier run would hide what the code does.
int main(int argc, char* argv[]) {
    QTemporaryDir config;
    qputenv("XDG_CONFIG_HOME", config.path().toUtf8());
    QApplication app(argc, argv);
    TestFileDialogs test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_FileDialogs.moc"
