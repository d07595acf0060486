// SPDX-License-Identifier: GPL-3.0-or-later
// Files made to hurt scope-report (and so the viewer, which reads them the
// same way): names that made the pattern matcher recurse off its stack,
// control characters for the terminal, rank numbers that made us allocate a
// slot per rank up to 2^32, ambiguous rank groups and region names that gave
// plausible wrong numbers, and paths that are not files. Each run is bounded
// by the harness: an address-space limit and a watchdog, not a timing.
#include "../core/SptImage.h"
#include "FixtureWriter.h"
#include "H5Writer.h"
#include "SampleSpecs.h"
#include "ScopeReportRunner.h"

#include <QTemporaryDir>
#include <QtTest>

#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace scope;
using namespace scope::fixtures;
using scope::testing::SptImage;
using scope::testing::SptRecord;

namespace {

constexpr int kUnreadable = 3;

struct Bounded {
    bool finished = false;
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

// scope-report with at most 2 GiB of address space (the blow-ups took 3 to
// 10 GB) and 60 s, far more than any of these files needs.
Bounded runBounded(const QStringList& arguments) {
    QProcess process;
    process.setProgram(QStringLiteral(SCOPE_REPORT_EXE));
    process.setArguments(arguments);
#if !defined(__SANITIZE_ADDRESS__)
    // AddressSanitizer reserves terabytes of address space for its shadow
    // memory: its build relies on the watchdog alone.
    process.setChildProcessModifier([] {
        const rlimit limit{rlim_t{2} << 30, rlim_t{2} << 30};
        setrlimit(RLIMIT_AS, &limit);
    });
#endif
    process.start();
    Bounded run;
    if (!process.waitForFinished(60'000)) {
        process.kill();
        process.waitForFinished();
        return run;
    }
    run.finished = process.exitStatus() == QProcess::NormalExit;
    run.exitCode = process.exitCode();
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    return run;
}

#define QVERIFY_RUN(run, code, text)                                                               \
    do {                                                                                           \
        QVERIFY2((run).finished, "scope-report crashed, hung or ran out of memory");               \
        QVERIFY2((run).exitCode == (code), (run).err.constData());                                 \
        QVERIFY2((run).err.contains(text), (run).err.constData());                                 \
    } while (false)

} // namespace

class TestHostileInput : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;

    QString path(const QString& name) const { return dir_.filePath(name); }

    QString writeSpt(const QString& name, const SptImage& image) const {
        const QString file = path(name);
        if (!image.save(file))
            qWarning() << "cannot write" << file;
        return file;
    }

private slots:
    void initTestCase() { QVERIFY(dir_.isValid()); }

    // std::regex overflowed its stack on names past about 50 kB.
    void patternsOnVeryLongNames() {
        const std::string name = std::string(100'000, 'a') + "solve";
        const QString file = writeSpt(
            QStringLiteral("long.spt"),
            SptImage().add(SptRecord(name, {0}, {10})).add(SptRecord("other", {20}, {30})));
        const Bounded include =
            runBounded({file, QStringLiteral("--json"), QStringLiteral("-"),
                        QStringLiteral("--include"), QStringLiteral(".*solve")});
        QVERIFY_RUN(include, 0, "");
        const QJsonObject kept =
            scope::testing::parseJson(include.out)["files"][0]["region_statistics"].toObject();
        QCOMPARE(kept.keys(), QStringList{QString::fromStdString(name)});
        const Bounded exclude =
            runBounded({file, QStringLiteral("--json"), QStringLiteral("-"),
                        QStringLiteral("--exclude"), QStringLiteral("(a|b)+solve")});
        QVERIFY_RUN(exclude, 0, "");
        const QJsonObject left =
            scope::testing::parseJson(exclude.out)["files"][0]["region_statistics"].toObject();
        QCOMPARE(left.keys(), QStringList{QStringLiteral("other")});
    }

    // ESC, CR and the C1 CSI from a file never reach the terminal raw.
    void controlCharactersAreEscaped() {
        const std::string name = "evil\x1b]0;pwned\x07\r\xc2\x9b"
                                 "31m";
        const QString file =
            writeSpt(QStringLiteral("controls.spt"), SptImage().add(SptRecord(name, {0}, {10})));
        const Bounded run = runBounded({file});
        QVERIFY_RUN(run, 0, "");
        for (const char* raw : {"\x1b", "\x07", "\r", "\xc2\x9b"})
            QVERIFY2(!run.out.contains(raw), run.out.constData());
        QVERIFY2(run.out.contains("evil\\x1b]0;pwned\\x07\\x0d\\u009b31m"), run.out.constData());
        // The JSON export keeps the name, in JSON's own escapes.
        const Bounded json = runBounded({QStringLiteral("--json"), QStringLiteral("-"), file});
        QVERIFY_RUN(json, 0, "");
        QVERIFY2(json.out.contains("evil\\u001b]0;pwned\\u0007\\r"), json.out.constData());
    }

    // A 60-byte trace naming rank 2^31 - 1 took 8.4 GB.
    void absurdRankNumbersAreErrors() {
        const QString file = writeSpt(QStringLiteral("rank.spt"),
                                      SptImage(2, 2'147'483'647).add(SptRecord("a", {0}, {1})));
        const Bounded run = runBounded({file});
        QVERIFY_RUN(run, kUnreadable, "rank 2147483647 is past the 16777216 ranks");
    }

    void absurdMpiSizeIsAnError_data() {
        QTest::addColumn<qint64>("mpiSize");
        QTest::newRow("2^31") << (qint64{1} << 31);
        QTest::newRow("2^32, once read as 0 ranks") << (qint64{1} << 32);
    }
    void absurdMpiSizeIsAnError() {
        QFETCH(qint64, mpiSize);
        FixtureSpec spec = SampleSpecs::standard(3);
        for (MetadataItem& item : spec.metadata)
            if (item.key == "mpi_size")
                item = MetadataItem("mpi_size", std::int64_t{mpiSize});
        const QString file = path(QStringLiteral("mpi_size.h5"));
        FixtureWriter::write(spec, file.toStdString());
        const Bounded run = runBounded({file});
        QVERIFY_RUN(run, kUnreadable,
                    QByteArray("mpi_size ") + QByteArray::number(mpiSize) + " is past");
    }

    // rank1 and rank01 were merged into one rank; rank4294967296 was dropped.
    void ambiguousRankGroupsAreErrors_data() {
        QTest::addColumn<QString>("extra");
        QTest::addColumn<QString>("message");
        QTest::newRow("rank01") << "rank01"
                                << "groups 'rank01' and 'rank1' both hold rank 1";
        QTest::newRow("rank4294967296")
            << "rank4294967296"
            << "group 'rank4294967296' names a rank past the 16777216 ranks";
    }
    void ambiguousRankGroupsAreErrors() {
        QFETCH(QString, extra);
        QFETCH(QString, message);
        const QString file = path(extra + QStringLiteral(".h5"));
        FixtureWriter::write(SampleSpecs::standard(1), file.toStdString());
        {
            const h5::File h5(H5Fopen(file.toUtf8().constData(), H5F_ACC_RDWR, H5P_DEFAULT));
            QVERIFY(h5);
            QVERIFY(H5Lcreate_hard(h5.get(), "rank1", h5.get(), extra.toUtf8().constData(),
                                   H5P_DEFAULT, H5P_DEFAULT) >= 0);
        }
        const Bounded run = runBounded({file});
        QVERIFY_RUN(run, kUnreadable, message.toUtf8());
    }

    // Two entries of one name gave two rows and duplicate JSON keys.
    void duplicateRegionNamesAreAnError() {
        FixtureSpec spec = SampleSpecs::standard(3);
        spec.regionTable = FixtureWriter::regionTable(spec);
        spec.regionTable.push_back(spec.regionTable.front());
        const QString file = path(QStringLiteral("twice.h5"));
        FixtureWriter::write(spec, file.toStdString());
        const Bounded run = runBounded({file});
        QVERIFY_RUN(run, kUnreadable,
                    QByteArray("region_table names '") +
                        QByteArray::fromStdString(spec.regionTable.front()) + "' twice");
    }

    // HDF5 calls ending before they start gave negative totals and a Chrome
    // trace with negative durations, while the trace reader rejected them.
    void callsEndingBeforeTheyStartAreAnError_data() {
        QTest::addColumn<int>("schema");
        QTest::addColumn<bool>("summaryOnly");
        QTest::addColumn<QString>("message");
        QTest::newRow("schema 3") << 3 << false
                                  << "a call of region 'backwards' on rank 1 ends before it starts";
        QTest::newRow("schema 3, summary columns")
            << 3 << true << "region 'backwards' on rank 1 has a call that ends before it starts";
        QTest::newRow("schema 1") << 1 << false
                                  << "reading region 'backwards' of rank 1: a call ends before it";
    }
    void callsEndingBeforeTheyStartAreAnError() {
        QFETCH(int, schema);
        QFETCH(bool, summaryOnly);
        QFETCH(QString, message);
        FixtureSpec spec = SampleSpecs::standard(schema);
        spec.rows.push_back(FixtureRow::make(1, "backwards", {100, 200}, {150, 190}));
        if (!spec.regionTable.empty())
            spec.regionTable.push_back("backwards");
        const QString file = path(QStringLiteral("backwards-%1.h5").arg(QTest::currentDataTag()));
        FixtureWriter::write(spec, file.toStdString());
        QStringList arguments{QStringLiteral("--json"), QStringLiteral("-"), file};
        if (summaryOnly)
            arguments.prepend(QStringLiteral("--summary-only"));
        const Bounded run = runBounded(arguments);
        if (schema == 1) {
            // A schema-1 region is its own datasets: it is skipped, with a warning.
            QVERIFY_RUN(run, 0, message.toUtf8());
            QVERIFY(run.out.contains("ends before it starts"));
            return;
        }
        QVERIFY_RUN(run, kUnreadable, message.toUtf8());
    }

    // A FIFO blocked forever, /dev/zero grew without limit, a directory named
    // x.spt got libstdc++'s words, a symlink loop read "no such file".
    void pathsThatAreNotFiles_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("message");
        for (const char* suffix : {"spt", "h5"}) {
            QTest::addRow("fifo.%s", suffix)
                << QStringLiteral("fifo.%1").arg(suffix) << "is a pipe (FIFO), not a profile";
            QTest::addRow("zero.%s", suffix)
                << QStringLiteral("zero.%1").arg(suffix) << "is a device, not a profile";
            QTest::addRow("folder.%s", suffix)
                << QStringLiteral("folder.%1").arg(suffix) << "is a directory, not a profile";
            QTest::addRow("loop.%s", suffix)
                << QStringLiteral("loop.%1").arg(suffix) << "a loop of symbolic links";
        }
    }
    void pathsThatAreNotFiles() {
        QFETCH(QString, name);
        QFETCH(QString, message);
        const QByteArray target = path(name).toUtf8();
        if (name.startsWith(QStringLiteral("fifo")))
            QCOMPARE(mkfifo(target.constData(), 0600), 0);
        else if (name.startsWith(QStringLiteral("zero")))
            QCOMPARE(symlink("/dev/zero", target.constData()), 0);
        else if (name.startsWith(QStringLiteral("folder")))
            QVERIFY(QDir().mkpath(path(name)));
        else
            QCOMPARE(symlink(target.constData(), target.constData()), 0);
        const Bounded run = runBounded({path(name)});
        QVERIFY_RUN(run, kUnreadable, message.toUtf8());
        QVERIFY2(run.err.contains(target), run.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestHostileInput)
#include "tst_HostileInput.moc"
