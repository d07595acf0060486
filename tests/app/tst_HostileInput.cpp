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

// scope-report with at most 2 GiB of address space and 60 s, far more than
// any of these files needs: an unbounded allocation fails instead of
// swapping the machine.
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

    // A 60-byte trace naming rank 2^31 - 1 must not allocate per rank.
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

    // A recursion 100,000 calls deep wrote every path with all its callers:
    // 10 GB and growing. Paths past 256 levels are folded, and it says so.
    void deepRecursionIsFolded() {
        constexpr std::int64_t kDepth = 100'000;
        std::vector<std::int64_t> starts;
        std::vector<std::int64_t> ends;
        for (std::int64_t i = 0; i < kDepth; ++i) {
            starts.push_back(i);
            ends.push_back(2 * kDepth - i);
        }
        const QString file =
            writeSpt(QStringLiteral("deep.spt"), SptImage().add(SptRecord("fib", starts, ends)));
        const Bounded run = runBounded(
            {file, QStringLiteral("--call-tree"), QStringLiteral("--json"), QStringLiteral("-")});
        QVERIFY_RUN(run, 0,
                    "call paths reach 100000 levels; those below level 256 are folded into their "
                    "level-256 call");
        const QJsonArray tree =
            scope::testing::parseJson(run.out)["files"][0]["call_tree"].toArray();
        QCOMPARE(tree.size(), 256);
        const QJsonObject last = tree.last().toObject();
        QCOMPARE(last["path"].toArray().size(), 256);
        QVERIFY(last["folded"].toBool());
        // The 256th call lasts 2 * 100000 - 2 * 255 ns, all of it its own once folded.
        QCOMPARE(qRound64(last["inclusive_seconds"].toDouble() * 1e9), qint64{199'490});
        QCOMPARE(qRound64(last["exclusive_seconds"].toDouble() * 1e9), qint64{199'490});
        QVERIFY(!tree[254].toObject().contains("folded"));
        QCOMPARE(qRound64(tree[254]["exclusive_seconds"].toDouble() * 1e9), qint64{2});
    }

    // A call that starts inside another and ends after it cannot nest: the
    // speedscope export cuts it at its caller's end, and now says so.
    void speedscopeWarnsOfCutCalls() {
        FixtureSpec spec;
        spec.schema = 3;
        spec.rows = {FixtureRow::make(0, "outer", {0}, {100}),
                     FixtureRow::make(0, "inner", {50}, {150})};
        const QString file = path(QStringLiteral("overlap.h5"));
        FixtureWriter::write(spec, file.toStdString());
        const Bounded run = runBounded({QStringLiteral("--speedscope"), QStringLiteral("-"), file});
        QVERIFY_RUN(run, 0,
                    "1 call overlaps its caller without nesting; the speedscope export cuts it "
                    "at the caller's end");
        const QJsonArray events =
            scope::testing::parseJson(run.out)["profiles"][0]["events"].toArray();
        QCOMPARE(events.size(), 4);
        // Opened at 0 and 50, both closed at 100, the inner one first.
        QCOMPARE(events[2]["type"].toString(), QStringLiteral("C"));
        QCOMPARE(events[2]["at"].toInt(), 100);
        QCOMPARE(events[3]["at"].toInt(), 100);
    }

    // A 315 kB file whose compressed columns were never written claimed 2^27
    // calls, and libhdf5 made up their fill values: 3.2 GB whatever the budget.
    void columnsNeverWrittenAreAnError_data() {
        QTest::addColumn<int>("writtenChunks");
        QTest::addColumn<QString>("message");
        QTest::newRow("none") << 0 << "but none was ever written";
        QTest::newRow("one chunk") << 1 << "but only 1 of them were ever written";
    }
    void columnsNeverWrittenAreAnError() {
        QFETCH(int, writtenChunks);
        QFETCH(QString, message);
        const QString file = path(QStringLiteral("unwritten-%1.h5").arg(writtenChunks));
        FixtureWriter::write(SampleSpecs::standard(3), file.toStdString());
        {
            const h5::File h5(H5Fopen(file.toUtf8().constData(), H5F_ACC_RDWR, H5P_DEFAULT));
            QVERIFY(h5);
            const char* column = "events/durations";
            hsize_t length = 0;
            {
                const h5::Dataset old(H5Dopen2(h5.get(), column, H5P_DEFAULT));
                const h5::Dataspace space(H5Dget_space(old.get()));
                QVERIFY(H5Sget_simple_extent_dims(space.get(), &length, nullptr) == 1);
            }
            constexpr hsize_t kChunk = 64;
            QVERIFY(length > kChunk);
            QVERIFY(H5Ldelete(h5.get(), column, H5P_DEFAULT) >= 0);
            const h5::PropertyList creation(H5Pcreate(H5P_DATASET_CREATE));
            QVERIFY(H5Pset_chunk(creation.get(), 1, &kChunk) >= 0);
            QVERIFY(H5Pset_deflate(creation.get(), 6) >= 0);
            const h5::Dataspace space(H5Screate_simple(1, &length, nullptr));
            const h5::Dataset fresh(H5Dcreate2(h5.get(), column, H5T_STD_I64LE, space.get(),
                                               H5P_DEFAULT, creation.get(), H5P_DEFAULT));
            QVERIFY(fresh);
            if (writtenChunks > 0) {
                const std::vector<std::int64_t> values(kChunk, 5);
                const hsize_t first = 0;
                const h5::Dataspace memory(H5Screate_simple(1, &kChunk, nullptr));
                QVERIFY(H5Sselect_hyperslab(space.get(), H5S_SELECT_SET, &first, nullptr, &kChunk,
                                            nullptr) >= 0);
                QVERIFY(H5Dwrite(fresh.get(), H5T_NATIVE_INT64, memory.get(), space.get(),
                                 H5P_DEFAULT, values.data()) >= 0);
            }
        }
        for (const char* mode : {"", "--summary-only"}) {
            QStringList arguments{file};
            if (*mode != '\0')
                arguments << QString::fromLatin1(mode);
            const Bounded run = runBounded(arguments);
            if (*mode != '\0') {
                // The summary columns are whole: a summary-only read never looks at the calls.
                QVERIFY_RUN(run, 0, "");
                continue;
            }
            QVERIFY_RUN(run, kUnreadable, "'events/durations' claims");
            QVERIFY2(run.err.contains(message.toUtf8()), run.err.constData());
        }
    }

    // Big-endian (or checksummed) columns are read by libhdf5 in the helper,
    // whole: the budget bounds them there too.
    void columnsOnlyLibhdf5ReadsHonourTheBudget() {
        FixtureSpec spec = SampleSpecs::standard(3);
        spec.bigEndianEvents = true;
        const QString file = path(QStringLiteral("big-endian.h5"));
        FixtureWriter::write(spec, file.toStdString());
        const Bounded tight =
            runBounded({QStringLiteral("--memory-budget"), QStringLiteral("4K"), file});
        QVERIFY_RUN(tight, kUnreadable, "is stored so that only libhdf5 reads it");
        QVERIFY2(tight.err.contains("more than the memory budget"), tight.err.constData());
        const Bounded ample =
            runBounded({QStringLiteral("--memory-budget"), QStringLiteral("64M"), file});
        QVERIFY_RUN(ample, 0, "");
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
