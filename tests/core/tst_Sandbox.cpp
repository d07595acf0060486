// SPDX-License-Identifier: GPL-3.0-or-later
// The read helper's sandbox (app/scope-read-worker/Sandbox.h): a helper that,
// once the file is open, tries to open another file, connect a socket, run a
// program or start a process is killed, and the caller gets an error naming
// the file; while every sample and every compression still reads through the
// sandboxed helper exactly as in this process.
#include "../isolate/ResultsEquality.h"
#include "FixtureWriter.h"
#include "SampleSpecs.h"
#include "TestSupport.h"
#include "format/ProfileReader.h"
#include "isolate/IsolatedReader.h"

#include <QDir>
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
IsolatedReadRequest escapingWorker(const char* action, bool summaryOnly = false) {
    qputenv("SCOPE_SANDBOX_ESCAPE", action);
    IsolatedReadRequest request;
    request.worker = SCOPE_SANDBOX_TEST_READ_WORKER_EXE;
    request.summaryOnly = summaryOnly;
    request.summary.fallback = true; // the sample has no summary columns
    return request;
}

IsolatedReadRequest realWorker(bool summaryOnly) {
    IsolatedReadRequest request;
    request.worker = SCOPE_READ_WORKER_EXE;
    request.summaryOnly = summaryOnly;
    request.summary.fallback = true;
    request.summary.includeLikwid = true;
    request.summary.includeLineProfile = true;
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
        const IsolatedReadRequest summary = realWorker(true);
        const QString part = scope::testing::resultsDifference(
            readIsolated(file, summary), readH5Summary(file, summary.summary));
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

    // LZF is a plugin HDF5 loads on first use: it must be loaded before the
    // sandbox closes. Zstandard and deflate are built in.
    void compressionsReadInTheSandbox_data() {
        QTest::addColumn<int>("compression");
        QTest::newRow("lzf") << int(Compression::Lzf);
        QTest::newRow("zstd") << int(Compression::Zstd);
        QTest::newRow("deflate") << int(Compression::Deflate);
    }
    void compressionsReadInTheSandbox() {
        QFETCH(int, compression);
        FixtureSpec spec = SampleSpecs::standard(3);
        spec.compression = static_cast<Compression>(compression);
        const std::string file =
            dir_.filePath(QStringLiteral("%1.h5").arg(QTest::currentDataTag())).toStdString();
        FixtureWriter::write(spec, file);
        compareBothReads(file);
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
