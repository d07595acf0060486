// SPDX-License-Identifier: GPL-3.0-or-later
// scope-viewer's text-only uses on a machine without a display (a cluster
// login): help, the version and usage errors print and exit, never abort for
// want of the platform plugin. And none of the executables loads a library
// from the folder it was started in.
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QtTest>

namespace {

struct Run {
    int exitCode = -1;
    bool crashed = true;
    QString out;
    QString err;
};

Run runProgram(const QString& program, const QStringList& arguments,
               const QString& workingDirectory = {}) {
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
        environment.remove(QString::fromLatin1(name));
    QProcess process;
    process.setProcessEnvironment(environment);
    process.setProgram(program);
    process.setArguments(arguments);
    if (!workingDirectory.isEmpty())
        process.setWorkingDirectory(workingDirectory);
    process.start();
    Run run;
    if (!process.waitForFinished(60000)) {
        process.kill();
        process.waitForFinished();
        return run;
    }
    run.crashed = process.exitStatus() != QProcess::NormalExit;
    run.exitCode = process.exitCode();
    run.out = QString::fromLocal8Bit(process.readAllStandardOutput());
    run.err = QString::fromLocal8Bit(process.readAllStandardError());
    return run;
}

Run runViewer(const QStringList& arguments) {
    return runProgram(QStringLiteral(SCOPE_VIEWER_EXE), arguments);
}

} // namespace

class TestViewerCli : public QObject {
    Q_OBJECT
private slots:
    void helpNeedsNoDisplay_data() {
        QTest::addColumn<QString>("option");
        QTest::newRow("--help") << QStringLiteral("--help");
        QTest::newRow("-h") << QStringLiteral("-h");
        QTest::newRow("--help-all") << QStringLiteral("--help-all");
    }

    void helpNeedsNoDisplay() {
        QFETCH(QString, option);
        const Run run = runViewer({option});
        QVERIFY2(!run.crashed, qPrintable(run.err));
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.contains(QStringLiteral("--export-dir")), qPrintable(run.out));
        QVERIFY2(run.out.contains(QStringLiteral("--memory-budget")), qPrintable(run.out));
    }

    void versionNeedsNoDisplay() {
        const Run run = runViewer({QStringLiteral("--version")});
        QVERIFY2(!run.crashed, qPrintable(run.err));
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.out.trimmed(),
                 QStringLiteral("scope-viewer %1").arg(QStringLiteral(SCOPE_VIEWER_VERSION)));
    }

    void usageErrorsNeedNoDisplay_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("said");
        QTest::newRow("unknown option")
            << QStringList{QStringLiteral("--bogus-option")} << QStringLiteral("bogus-option");
        QTest::newRow("missing value")
            << QStringList{QStringLiteral("--export-dir")} << QStringLiteral("export-dir");
        QTest::newRow("bad budget")
            << QStringList{QStringLiteral("--memory-budget"), QStringLiteral("lots")}
            << QStringLiteral("lots");
    }

    void usageErrorsNeedNoDisplay() {
        QFETCH(QStringList, arguments);
        QFETCH(QString, said);
        const Run run = runViewer(arguments);
        QVERIFY2(!run.crashed, qPrintable(run.err));
        QVERIFY2(run.exitCode != 0 && run.exitCode != 134, qPrintable(run.err));
        QVERIFY2(run.err.contains(said), qPrintable(run.err));
        QVERIFY2(!run.err.contains(QStringLiteral("platform plugin")), qPrintable(run.err));
    }

    // A user starts the viewer in the folder of their runs, which on a
    // cluster may hold libraries of their own build. The read helper is
    // started in the same folder.
    void librariesAreNotLoadedFromTheWorkingDirectory_data() {
        QTest::addColumn<QString>("program");
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<int>("exitCode");
        QTest::newRow("scope-viewer")
            << QStringLiteral(SCOPE_VIEWER_EXE) << QStringList{QStringLiteral("--version")} << 0;
        QTest::newRow("scope-report")
            << QStringLiteral(SCOPE_REPORT_EXE) << QStringList{QStringLiteral("--version")} << 0;
        // Its usage error: it is not meant to be run by hand.
        QTest::newRow("scope-read-worker")
            << QStringLiteral(SCOPE_READ_WORKER_EXE) << QStringList{QStringLiteral("--bogus")} << 2;
    }

    void librariesAreNotLoadedFromTheWorkingDirectory() {
        QFETCH(QString, program);
        QFETCH(QStringList, arguments);
        QFETCH(int, exitCode);
        QTemporaryDir folder;
        QVERIFY(folder.isValid());
        // Empty files: the loader stops at the first one it opens.
        for (const char* name : {"libz.so.1", "libzstd.so.1", "libhdf5_serial.so.103",
                                 "libseccomp.so.2", "libstdc++.so.6", "libQt6Core.so.6"}) {
            QFile file(folder.filePath(QString::fromLatin1(name)));
            QVERIFY(file.open(QIODevice::WriteOnly));
        }
        const Run run = runProgram(program, arguments, folder.path());
        QVERIFY2(!run.crashed, qPrintable(run.err));
        QVERIFY2(!run.err.contains(QStringLiteral("error while loading shared libraries")),
                 qPrintable(run.err));
        QCOMPARE(run.exitCode, exitCode);
    }
};

QTEST_GUILESS_MAIN(TestViewerCli)
#include "tst_ViewerCli.moc"
