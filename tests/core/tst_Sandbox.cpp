// SPDX-License-Identifier: GPL-3.0-or-later
// The read helper's sandbox (app/scope-read-worker/Sandbox.h): a helper that,
// once the file is open, tries to open another file, connect a socket, run a
// program or start a process is killed, and the caller gets an error naming
// the file; while every sample and every compression still reads through the
// sandboxed helper exactly as in this process.
#include "../isolate/ResultsEquality.h"
#include "FixtureWriter.h"
#include "LayoutRows.h"
#include "SampleSpecs.h"
#include "TestSupport.h"
#include "format/ProfileReader.h"
#include "isolate/IsolatedReader.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace scope;
using namespace scope::fixtures;
using scope::testing::thrown;

namespace {

const QString kData = QStringLiteral(SCOPE_TEST_DATA_DIR);
const std::string kSample = (kData + QStringLiteral("/run_np3.h5")).toStdString();

// The tests' copy of the helper, which does what $SCOPE_SANDBOX_ESCAPE says
// right after confining itself (tests/isolate/SandboxEscape.h).
ReadRequest escapingWorker(const char* action, bool summaryOnly = false) {
    qputenv("SCOPE_SANDBOX_ESCAPE", action);
    ReadRequest request;
    request.worker = SCOPE_SANDBOX_TEST_READ_WORKER_EXE;
    request.summaryOnly = summaryOnly;
    request.fallback = true; // the sample has no summary columns
    return request;
}

ReadRequest realWorker(bool summaryOnly) {
    ReadRequest request;
    request.worker = SCOPE_READ_WORKER_EXE;
    request.summaryOnly = summaryOnly;
    request.fallback = true;
    request.includeLikwid = true;
    request.includeLineProfile = true;
    return request;
}

} // namespace

class TestSandbox : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;

    void compareBothReads(const std::string& file) {
        const QString full =
            scope::testing::resultsDifference(readIsolated(file, realWorker(false)), readH5(file));
        QVERIFY2(full.isEmpty(), qPrintable(full));
        const ReadRequest summary = realWorker(true);
        const QString part = scope::testing::resultsDifference(readIsolated(file, summary),
                                                               readH5Summary(file, summary));
        QVERIFY2(part.isEmpty(), qPrintable(part));
    }

private slots:
    void initTestCase() { QVERIFY(dir_.isValid()); }
    void cleanup() {
        qunsetenv("SCOPE_SANDBOX_ESCAPE");
        qunsetenv("SCOPE_READ_WORKER_SANDBOX");
    }

    // Both kinds of read confine the helper once the file is open.
    void forbiddenActionKillsTheHelper_data() {
        QTest::addColumn<QString>("action");
        QTest::addColumn<bool>("summaryOnly");
        for (const char* action : {"open", "connect", "exec", "fork"}) {
            QTest::addRow("%s", action) << QString::fromLatin1(action) << false;
            QTest::addRow("%s, summary-only", action) << QString::fromLatin1(action) << true;
        }
    }
    void forbiddenActionKillsTheHelper() {
#if defined(__SANITIZE_ADDRESS__)
        QSKIP(
            "AddressSanitizer's runtime needs calls the sandbox forbids: no sandbox in this build");
#endif
        QFETCH(QString, action);
        QFETCH(bool, summaryOnly);
        const QString error =
            thrown([&] { readIsolated(kSample, escapingWorker(qPrintable(action), summaryOnly)); });
        QVERIFY2(error.startsWith(QStringLiteral("CorruptProfileError: ") +
                                  QString::fromStdString(kSample) + QStringLiteral(": ")),
                 qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("stopped by its sandbox (SIGSYS)")),
                 qPrintable(error));
    }

    // The escapes above are real: without the sandbox each one gets through
    // and the read goes on to its results.
    void escapesSucceedWithTheSandboxOff_data() {
        forbiddenActionKillsTheHelper_data();
    }
    void escapesSucceedWithTheSandboxOff() {
        QFETCH(QString, action);
        QFETCH(bool, summaryOnly);
        qputenv("SCOPE_READ_WORKER_SANDBOX", "off");
        const ProfilingResults results =
            readIsolated(kSample, escapingWorker(qPrintable(action), summaryOnly));
        QCOMPARE(results.numRanks, std::uint32_t{3});
    }

    // The test copy of the helper with nothing to try reads like the real one.
    void testHelperReadsWhenItTriesNothing() {
        const QString error = scope::testing::resultsDifference(
            readIsolated(kSample, escapingWorker("nothing")), readH5(kSample));
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }

    void samplesReadInTheSandbox_data() {
        QTest::addColumn<QString>("file");
        for (const QString& folder : {kData, kData + QStringLiteral("/c-api")})
            for (const QString& name : QDir(folder).entryList({QStringLiteral("*.h5")}))
                QTest::newRow(qPrintable(name)) << QDir(folder).filePath(name);
    }
    void samplesReadInTheSandbox() {
        QFETCH(QString, file);
        compareBothReads(file.toStdString());
    }

    // Every layout of the contract, every compression among them (LZF is
    // Debian's plugin, loaded by name before the sandbox closes), reads
    // through the confined helper exactly as in this process: no valid file
    // needs a call the sandbox forbids.
    void everyLayoutReadsInTheSandbox_data() {
        scope::testing::addLayoutRows();
        using scope::testing::layoutVariant;
        QTest::newRow("aggregate")
            << layoutVariant(3, [](FixtureSpec& s) { s.layout = Layout::Aggregate; });
        QTest::newRow("user block") << layoutVariant(3, [](FixtureSpec& s) { s.userBlock = 1024; });
        QTest::newRow("extra groups, thread and task columns, auxiliary data")
            << layoutVariant(3, [](FixtureSpec& s) {
                   s.extraGroups = {"thread_table", "task_table", "something_new"};
                   s.threadTaskColumns = true;
                   SampleSpecs::addAuxiliary(s);
               });
    }
    void everyLayoutReadsInTheSandbox() {
        QFETCH(FixtureSpec, spec);
        const std::string file =
            dir_.filePath(QStringLiteral("layout-%1.h5").arg(QTest::currentDataTag()))
                .toStdString();
        FixtureWriter::write(spec, file);
        compareBothReads(file);
    }

    // libhdf5 asks for the working directory to place a relative name, which
    // the sandbox forbids: scope-report is run so from the shell all the time.
    void relativePathsReadInTheSandbox() {
        const QString before = QDir::currentPath();
        QVERIFY(QDir::setCurrent(kData));
        const ProfilingResults results = readIsolated("run_np3.h5", realWorker(false));
        QVERIFY(QDir::setCurrent(before));
        QCOMPARE(results.numRanks, std::uint32_t{3});
    }

    // Under strace: the helper opens the file once, and neither it nor a
    // duplicate of it is read before PR_SET_NO_NEW_PRIVS, the first step of
    // confinement; libhdf5 opens no path at all.
    void nothingOfTheFileIsReadBeforeConfinement() {
#if defined(__SANITIZE_ADDRESS__)
        QSKIP("no sandbox in this build");
#endif
        const QString strace = QStandardPaths::findExecutable(QStringLiteral("strace"));
        if (strace.isEmpty())
            QSKIP("strace is not installed (scripts/test installs it)");
        const QString log = dir_.filePath(QStringLiteral("strace.log"));
        const QString wrapper = dir_.filePath(QStringLiteral("traced-read-worker"));
        QFile script(wrapper);
        QVERIFY(script.open(QIODevice::WriteOnly));
        // Not exec'd: the reader kills its helper once it has the results,
        // and strace, killed, would lose the end of its log. Here the shell
        // dies and strace writes on until the helper exits.
        script.write(QStringLiteral("#!/bin/sh\n'%1' -f -s 4096 -o '%2' -e "
                                    "trace=open,openat,read,pread64,readv,preadv,mmap,fcntl,dup,"
                                    "dup2,dup3,prctl '%3' \"$@\"\n")
                         .arg(strace, log, QStringLiteral(SCOPE_READ_WORKER_EXE))
                         .toUtf8());
        script.close();
        QVERIFY(script.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                      QFileDevice::ExeOwner));
        ReadRequest request = realWorker(false);
        request.worker = wrapper.toStdString();
        const std::string file = dir_.filePath(QStringLiteral("traced.h5")).toStdString();
        FixtureWriter::write(SampleSpecs::standard(3), file);
        try {
            readIsolated(file, request);
        } catch (const std::exception& error) {
            QFile trace(log);
            if (trace.open(QIODevice::ReadOnly) && trace.readAll().contains("PTRACE"))
                QSKIP("strace cannot trace here");
            QFAIL(error.what());
        }
        // The results arrive before the helper has exited.
        const auto traced = [&log] {
            QFile file(log);
            return file.open(QIODevice::ReadOnly) && file.readAll().contains("+++ exited with");
        };
        QTRY_VERIFY_WITH_TIMEOUT(traced(), 20000);
        QFile trace(log);
        QVERIFY(trace.open(QIODevice::ReadOnly));
        const QString quoted = QLatin1Char('"') + QString::fromStdString(file) + QLatin1Char('"');
        // "PID call(args) = result": descriptors of the file, by what made them.
        static const QRegularExpression result(QStringLiteral(R"(= (\d+)$)"));
        static const QRegularExpression duplicate(
            QStringLiteral(R"((?:fcntl\((\d+), F_DUPFD|dup[23]?\((\d+)[,)]))"));
        static const QRegularExpression reading(QStringLiteral(
            R"((?:read|pread64|readv|preadv)\((\d+),|mmap\([^,]*, \d+, [^,]*, [^,]*, (\d+),)"));
        QSet<QString> fds;
        int opens = 0;
        bool confined = false;
        bool readAfter = false;
        // A call another thread interrupts comes in two lines, "PID call(args
        // <unfinished ...>" and "PID <... call resumed>rest): joined here.
        QHash<QString, QString> unfinished;
        while (!trace.atEnd()) {
            QString line = QString::fromUtf8(trace.readLine()).trimmed();
            const QString pid = line.section(QLatin1Char(' '), 0, 0);
            if (line.endsWith(QStringLiteral("<unfinished ...>"))) {
                unfinished[pid] = line.chopped(int(qstrlen("<unfinished ...>")));
                continue;
            }
            if (const qsizetype resumed = line.indexOf(QStringLiteral(" resumed>"));
                resumed >= 0 && unfinished.contains(pid))
                line = unfinished.take(pid) + line.mid(resumed + int(qstrlen(" resumed>")));
            if (line.contains(QStringLiteral("PR_SET_NO_NEW_PRIVS"))) {
                confined = true;
                continue;
            }
            const QRegularExpressionMatch made = result.match(line);
            if (line.contains(quoted) && made.hasMatch()) {
                ++opens;
                fds.insert(made.captured(1));
                continue;
            }
            const QRegularExpressionMatch copy = duplicate.match(line);
            if (copy.hasMatch() && fds.contains(copy.captured(1) + copy.captured(2)) &&
                made.hasMatch())
                fds.insert(made.captured(1));
            const QRegularExpressionMatch read = reading.match(line);
            if (read.hasMatch() && fds.contains(read.captured(1) + read.captured(2))) {
                QVERIFY2(confined, qPrintable(QStringLiteral("read before confinement: ") + line));
                readAfter = true;
            }
        }
        QCOMPARE(opens, 1);
        QVERIFY(confined);
        QVERIFY2(readAfter, "no read of the file was seen at all");
    }

    // libhdf5 sorts a group's attributes with glibc's qsort, which asks the
    // kernel for the machine's memory (sysinfo) once there are 128 or more:
    // the /metadata of a SLURM job that captured its environment.
    void manyAttributesReadInTheSandbox() {
        FixtureSpec spec = SampleSpecs::standard(3);
        for (int i = 0; i < 1000; ++i)
            spec.metadata.emplace_back("SLURM_VARIABLE_" + std::to_string(i),
                                       FixtureValue{"value " + std::to_string(i)});
        const std::string file = dir_.filePath(QStringLiteral("attributes.h5")).toStdString();
        FixtureWriter::write(spec, file);
        compareBothReads(file);
        const ProfilingResults results = readIsolated(file, realWorker(false));
        QCOMPARE(results.metadata.text("SLURM_VARIABLE_999"),
                 std::optional<std::string>("value 999"));
    }

    // A filter nobody has is an error naming it, not a plugin search the
    // sandbox would kill.
    void missingFilterIsAnErrorNotAKill() {
        FixtureSpec spec = SampleSpecs::standard(3);
        spec.compression = Compression::Unavailable;
        const std::string file = dir_.filePath(QStringLiteral("unavailable.h5")).toStdString();
        FixtureWriter::write(spec, file);
        const QString error = thrown([&] { readIsolated(file, realWorker(false)); });
        QVERIFY2(error.startsWith(QStringLiteral("MissingFilterError: ")), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestSandbox)
#include "tst_Sandbox.moc"
