// SPDX-License-Identifier: GPL-3.0-or-later
// scope-report as a command: the table, exit statuses, warnings and errors
// on the samples and on damaged fixture files.
#include "FileDamage.h"
#include "FixtureWriter.h"
#include "SampleSpecs.h"
#include "ScopeReportRunner.h"

#include <QtTest>

#include <algorithm>

using namespace scope::fixtures;
using namespace scope::testing;

class TestScopeReportCli : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void tableShowsMetadataAndAlignsColumns();
    void exitStatus_data();
    void exitStatus();
    void severalFilesReportTheWorstStatus();
    void ranksTheFileLacksAreAnError();
    void summaryFallbackWarns();
    void damagedRegionWarns();
    void newerSchemaWarns();
    void helpAndVersion();

private:
    QTemporaryDir dir_;
    QString notHdf5_;
    QString truncated_;
    QString missingFilter_;
};

void TestScopeReportCli::initTestCase() {
    QVERIFY(dir_.isValid());
    QVERIFY(QFileInfo::exists(QStringLiteral(SCOPE_REPORT_EXE)));
    notHdf5_ = dir_.filePath("not_hdf5.h5");
    FileDamage::writeNotHdf5(notHdf5_.toStdString());
    truncated_ = dir_.filePath("truncated.h5");
    const std::string np3 = (kDataDir + "/run_np3.h5").toStdString();
    FileDamage::truncatedCopy(np3, truncated_.toStdString(), FileDamage::fileSize(np3) / 2);
    missingFilter_ = dir_.filePath("missing_filter.h5");
    FixtureSpec spec = SampleSpecs::standard(3);
    spec.compression = Compression::Unavailable;
    FixtureWriter::write(spec, missingFilter_.toStdString());
}

void TestScopeReportCli::tableShowsMetadataAndAlignsColumns() {
    const Run run = runReport({"run_np3.h5"});
    QCOMPARE(run.exitCode, 0);
    const QString out = QString::fromUtf8(run.out);
    for (const char* text : {"run_np3.h5", "hostname", "mpi_size", "python_version",
                             "mpi.allreduce", "Löser-ε", " ms", " µs"})
        QVERIFY2(out.contains(QString::fromUtf8(text)), text);
    // Every table line (header and regions) is as wide as the header.
    const QStringList lines = nonEmptyLines(run.out);
    const auto header = std::find_if(lines.begin(), lines.end(), [](const QString& line) {
        return line.trimmed().startsWith("region ");
    });
    QVERIFY(header != lines.end());
    QVERIFY(header->contains("calls") && header->contains("std"));
    for (auto line = header; line != lines.end(); ++line)
        QCOMPARE(line->size(), header->size());
    QCOMPARE(lines.end() - header, 9);
}

void TestScopeReportCli::exitStatus_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<int>("status");
    QTest::addColumn<QStringList>("stderrMentions");
    QTest::newRow("missing file") << QStringList{"no_such_file.h5"} << 2
                                  << QStringList{"no_such_file.h5"};
    QTest::newRow("not HDF5") << QStringList{notHdf5_} << 3 << QStringList{"not_hdf5.h5"};
    QTest::newRow("truncated") << QStringList{truncated_} << 3 << QStringList{"truncated.h5"};
    QTest::newRow("missing filter")
        << QStringList{missingFilter_} << 3 << (QStringList{"missing_filter.h5", "32099"});
    QTest::newRow("no summaries") << QStringList{"--summary-only", "--no-fallback", "run_serial.h5"}
                                  << 4 << QStringList{"run_serial.h5"};
    QTest::newRow("bad option") << QStringList{"--bogus", "run_serial.h5"} << 1
                                << QStringList{"--bogus"};
    QTest::newRow("bad ranks") << QStringList{"--ranks", "3-x", "run_serial.h5"} << 1
                               << QStringList{"3-x"};
    QTest::newRow("bad regex") << QStringList{"run_serial.h5", "--include", "(a"} << 1
                               << QStringList{"(a"};
    QTest::newRow("no files") << QStringList{} << 1 << QStringList{"no input files"};
    QTest::newRow("regex swallows files")
        << QStringList{"--include", "a", "run_serial.h5"} << 1 << QStringList{"no input files"};
    QTest::newRow("missing value")
        << QStringList{"run_serial.h5", "--json"} << 1 << QStringList{"--json"};
    QTest::newRow("both to stdout") << QStringList{"--json", "-", "--csv", "-", "run_serial.h5"}
                                    << 1 << QStringList{"standard output"};
}

void TestScopeReportCli::exitStatus() {
    QFETCH(QStringList, arguments);
    QFETCH(int, status);
    QFETCH(QStringList, stderrMentions);
    const Run run = runReport(arguments);
    QCOMPARE(run.exitCode, status);
    for (const QString& text : stderrMentions)
        QVERIFY2(QString::fromUtf8(run.err).contains(text), run.err.constData());
    if (status >= 2) // the failing file is skipped: nothing printed for it
        QVERIFY2(run.out.isEmpty(), run.out.constData());
}

void TestScopeReportCli::severalFilesReportTheWorstStatus() {
    const Run run = runReport({"run_serial.h5", "no_such_file.h5", "v3_serial.h5"});
    QCOMPARE(run.exitCode, 2);
    QVERIFY(run.err.contains("no_such_file.h5"));
    QVERIFY(run.out.contains("run_serial.h5"));
    QVERIFY(run.out.contains("v3_serial.h5"));

    const Run worst = runReport({"no_such_file.h5", notHdf5_, "--json", "-", "run_serial.h5"});
    QCOMPARE(worst.exitCode, 3);
    QVERIFY(worst.err.contains("no_such_file.h5"));
    QVERIFY(worst.err.contains("not_hdf5.h5"));
    const QJsonArray files = parseJson(worst.out)["files"].toArray();
    QCOMPARE(files.size(), 1);
    QCOMPARE(files[0]["label"].toString(), QStringLiteral("run_serial"));

    const Run summaries =
        runReport({"--summary-only", "--no-fallback", "run_np3.h5", notHdf5_, "v3_serial.h5"});
    QCOMPARE(summaries.exitCode, 4);
    QVERIFY(summaries.out.contains("v3_serial.h5"));
}

// run_np3.h5 has ranks 0-2, run_serial.h5 rank 0 only.
void TestScopeReportCli::ranksTheFileLacksAreAnError() {
    const Run outOfRange = runReport({"--ranks", "7", "run_np3.h5"});
    QCOMPARE(outOfRange.exitCode, 1);
    QVERIFY2(outOfRange.err.contains("run_np3.h5") &&
                 outOfRange.err.contains("rank 7 not in this run (it has ranks 0\u20132)"),
             outOfRange.err.constData());
    QVERIFY2(outOfRange.out.isEmpty(), outOfRange.out.constData()); // no table of empty rows

    // Existing ranks beside a missing one do not make the list valid.
    const Run mixed = runReport({"--ranks", "1-3", "--json", "-", "run_np3.h5"});
    QCOMPARE(mixed.exitCode, 1);
    QVERIFY2(mixed.err.contains("rank 3 not in this run"), mixed.err.constData());
    QVERIFY(mixed.out.isEmpty());

    // Several files: the one without the rank is named and skipped, the others are reported.
    const Run several = runReport({"--ranks", "1", "--json", "-", "run_np3.h5", "run_serial.h5"});
    QCOMPARE(several.exitCode, 1);
    QVERIFY2(several.err.contains("run_serial.h5") &&
                 several.err.contains("rank 1 not in this run (it has rank 0)"),
             several.err.constData());
    QVERIFY2(!several.err.contains("run_np3.h5"), several.err.constData());
    const QJsonArray files = parseJson(several.out)["files"].toArray();
    QCOMPARE(files.size(), 1);
    QCOMPARE(files[0]["label"].toString(), QStringLiteral("run_np3"));

    // A worse status of another file still wins.
    QCOMPARE(runReport({"--ranks", "1", "run_serial.h5", "no_such_file.h5"}).exitCode, 2);

    const Run diff = runReport({"--ranks", "2", "--diff", "run_np3.h5", "run_serial.h5"});
    QCOMPARE(diff.exitCode, 1);
    QVERIFY2(diff.err.contains("run_serial.h5"), diff.err.constData());
    QVERIFY(diff.out.isEmpty());

    QCOMPARE(runReport({"--ranks", "0-2", "run_np3.h5"}).exitCode, 0);
}

void TestScopeReportCli::summaryFallbackWarns() {
    const Run run = runReport({"--summary-only", "--json", "-", "run_serial.h5"});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.err.contains("run_serial.h5"), run.err.constData());
    const QJsonObject file = parseJson(run.out)["files"][0].toObject();
    QCOMPARE(file["summary_only"].toBool(), false);
    QCOMPARE(file["region_statistics"]["solve"]["count"].toInt(), 20);

    const Run summary = runReport({"--summary-only", "--json", "-", "v3_serial.h5"});
    QCOMPARE(summary.exitCode, 0);
    QCOMPARE(summary.err, QByteArray());
    QCOMPARE(parseJson(summary.out)["files"][0]["summary_only"].toBool(), true);
}

void TestScopeReportCli::damagedRegionWarns() {
    const QString path = dir_.filePath("damaged.h5");
    FixtureWriter::write(SampleSpecs::standard(1), path.toStdString());
    FileDamage::damageSchema1Region(path.toStdString(), 2, "io_checkpoint",
                                    FileDamage::Schema1Damage::LengthMismatch);
    const Run run = runReport({"--json", "-", path});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.err.contains("damaged.h5") && run.err.contains("io_checkpoint"),
             run.err.constData());
    const QJsonObject file = parseJson(run.out)["files"][0].toObject();
    const QJsonArray damaged = file["damaged"].toArray();
    QCOMPARE(damaged.size(), 1);
    QCOMPARE(damaged[0]["rank"].toInt(), 2);
    QCOMPARE(damaged[0]["region"].toString(), QStringLiteral("io_checkpoint"));
    QVERIFY(!damaged[0]["reason"].toString().isEmpty());
    // The damaged rank is skipped; rank 0 still counts (rank 1 never ran the region).
    QCOMPARE(file["region_statistics"]["io_checkpoint"]["per_rank"].toObject().keys(),
             QStringList{"0"});
}

void TestScopeReportCli::newerSchemaWarns() {
    const QString path = dir_.filePath("schema4.h5");
    FixtureWriter::write(SampleSpecs::standard(4), path.toStdString());
    const Run run = runReport({"--json", "-", path});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.err.contains("schema4.h5") && run.err.contains("schema 4"), run.err.constData());
    QCOMPARE(run.err.count("schema4.h5"), 1); // named once, not by the reader and again by us
    QCOMPARE(parseJson(run.out)["files"][0]["schema_version"].toInt(), 4);
}

void TestScopeReportCli::helpAndVersion() {
    const Run help = runReport({"--help"});
    QCOMPARE(help.exitCode, 0);
    for (const char* option : {"--json", "--csv", "--summary-only", "--no-fallback", "--include",
                               "--exclude", "--ranks", "--version"})
        QVERIFY2(help.out.contains(option), option);
    const Run version = runReport({"--version"});
    QCOMPARE(version.exitCode, 0);
    QVERIFY(version.out.startsWith("scope-report "));
}

QTEST_GUILESS_MAIN(TestScopeReportCli)
#include "tst_ScopeReportCli.moc"
