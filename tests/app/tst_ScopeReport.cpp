// SPDX-License-Identifier: GPL-3.0-or-later
// scope-report's exports end to end: runs the built executable on the samples
// and compares its JSON with what scope-profiler itself wrote for them.
#include "FixtureWriter.h"
#include "ScopeReportRunner.h"

#include <QtTest>

#include <cmath>

using namespace scope::fixtures;
using namespace scope::testing;

class TestScopeReport : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void jsonEqualsScopeProfiler_data();
    void jsonEqualsScopeProfiler();
    void jsonOfTwoFilesHasCommonRegions();
    void jsonMatchesIndependentReader_data();
    void jsonMatchesIndependentReader();
    void aggregateStdIsNull();
    void ranksChangePooledStatistics();
    void rankWithoutCallsGivesNulls();
    void includeAndExclude();
    void duplicateLabels();
    void csvHasRankAndAllRows();
    void csvQuotesAwkwardNames();
    void exportsToFilesKeepTheTable();

private:
    QTemporaryDir dir_;
};

void TestScopeReport::initTestCase() {
    QVERIFY(dir_.isValid());
    QVERIFY(QFileInfo::exists(QStringLiteral(SCOPE_REPORT_EXE)));
}

void TestScopeReport::jsonEqualsScopeProfiler_data() {
    QTest::addColumn<QString>("name");
    QTest::newRow("run_serial") << "run_serial";
    QTest::newRow("run_np3") << "run_np3";
    QTest::newRow("run_cli_cg") << "run_cli_cg";
}

void TestScopeReport::jsonEqualsScopeProfiler() {
    QFETCH(QString, name);
    const Run run = runReport({"--json", "-", name + ".h5"});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.err, QByteArray());
    const QByteArray shipped = readFile(kDataDir + "/" + name + ".region_statistics.json");
    QStringList diffs;
    compareJson(parseJson(run.out), parseJson(shipped), "", diffs);
    QVERIFY2(diffs.isEmpty(), qPrintable(diffs.join('\n')));
    QCOMPARE(regionKeyOrders(run.out), regionKeyOrders(shipped));
    // The file_path is the absolute path of the file that was read.
    const QJsonObject file = parseJson(run.out)["files"][0].toObject();
    QCOMPARE(file["file_path"].toString(),
             QFileInfo(kDataDir + "/" + name + ".h5").canonicalFilePath());
}

void TestScopeReport::jsonOfTwoFilesHasCommonRegions() {
    const Run run = runReport({"--json", "-", "run_serial.h5", "run_np3.h5"});
    QCOMPARE(run.exitCode, 0);
    const QByteArray shipped = readFile(kDataDir + "/compare_serial_np3.region_statistics.json");
    QStringList diffs;
    compareJson(parseJson(run.out), parseJson(shipped), "", diffs);
    QVERIFY2(diffs.isEmpty(), qPrintable(diffs.join('\n')));
    QCOMPARE(regionKeyOrders(run.out), regionKeyOrders(shipped));
    QCOMPARE(regionKeyOrders(run.out).size(), 2);
}

void TestScopeReport::jsonMatchesIndependentReader_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("summaryOnly");
    QTest::newRow("v3_serial") << "v3_serial" << false;
    QTest::newRow("v3_serial summary") << "v3_serial" << true;
    QTest::newRow("v3_aggregate") << "v3_aggregate" << false;
    QTest::newRow("v3_aggregate summary") << "v3_aggregate" << true;
}

void TestScopeReport::jsonMatchesIndependentReader() {
    QFETCH(QString, name);
    QFETCH(bool, summaryOnly);
    QStringList arguments = {"--json", "-", name + ".h5"};
    if (summaryOnly)
        arguments.prepend("--summary-only");
    const Run run = runReport(arguments);
    QCOMPARE(run.exitCode, 0);
    const QJsonObject file = parseJson(run.out)["files"][0].toObject();
    const QJsonObject expected = parseJson(readFile(kDataDir + "/" + name + ".expected.json"));
    QStringList diffs;
    for (const QString& key : expected.keys())
        compareJson(file[key], expected[key], key, diffs);
    QVERIFY2(diffs.isEmpty(), qPrintable(diffs.join('\n')));
    const bool aggregate = name.contains("aggregate");
    QCOMPARE(file["summary_only"].toBool(), summaryOnly || aggregate);
    QVERIFY(file["metadata"].toObject().contains("python_version"));
    QVERIFY(file["metadata"]["modules"].isArray());
}

void TestScopeReport::aggregateStdIsNull() {
    const Run run = runReport({"--json", "-", "v3_aggregate.h5"});
    QCOMPARE(run.exitCode, 0);
    const QJsonObject stats = parseJson(run.out)["files"][0]["region_statistics"].toObject();
    QVERIFY(!stats.isEmpty());
    for (const QString& region : stats.keys()) {
        const QJsonObject entry = stats[region].toObject();
        QVERIFY(entry["count"].toInt() > 0);
        QVERIFY2(entry["std_duration_seconds"].isNull(), qPrintable(region));
        QVERIFY(entry["total_duration_seconds"].isDouble());
        for (const QJsonValue rank : entry["per_rank"].toObject())
            QVERIFY(rank["std_duration_seconds"].isNull());
    }
    const Run table = runReport({"v3_aggregate.h5"});
    QVERIFY(table.out.contains("n/a"));
}

void TestScopeReport::ranksChangePooledStatistics() {
    const Run run = runReport({"--ranks", "0,2", "--json", "-", "run_np3.h5"});
    QCOMPARE(run.exitCode, 0);
    const QJsonObject ours = parseJson(run.out);
    QCOMPARE(ours["filters"]["ranks"].toArray(), (QJsonArray{0, 2}));
    const QJsonObject shipped = parseJson(readFile(
        kDataDir + "/run_np3.region_statistics.json"))["files"][0]["region_statistics"]
                                    .toObject();
    const QJsonObject stats = ours["files"][0]["region_statistics"].toObject();
    QCOMPARE(stats.keys(), shipped.keys());
    for (const QString& region : shipped.keys()) {
        // Pool the shipped per-rank numbers of ranks 0 and 2 by hand.
        double count = 0, total = 0, weighted = 0;
        double minimum = INFINITY, maximum = -INFINITY;
        QJsonObject expectedPerRank;
        for (const QString rank : {"0", "2"}) {
            const QJsonObject r = shipped[region]["per_rank"][rank].toObject();
            if (r.isEmpty())
                continue;
            expectedPerRank[rank] = r;
            count += r["count"].toDouble();
            total += r["total_duration_seconds"].toDouble();
            weighted += r["count"].toDouble() * r["average_duration_seconds"].toDouble();
            minimum = std::min(minimum, r["min_duration_seconds"].toDouble());
            maximum = std::max(maximum, r["max_duration_seconds"].toDouble());
        }
        const double mean = weighted / count;
        double m2 = 0;
        for (const QJsonValue r : expectedPerRank) {
            const double n = r["count"].toDouble();
            const double s = r["std_duration_seconds"].toDouble();
            const double d = r["average_duration_seconds"].toDouble() - mean;
            m2 += n * s * s + n * d * d;
        }
        const QJsonObject pooled = stats[region].toObject();
        QCOMPARE(pooled["count"].toDouble(), count);
        QVERIFY2(nearlyEqual(pooled["total_duration_seconds"].toDouble(), total),
                 qPrintable(region));
        QVERIFY2(nearlyEqual(pooled["average_duration_seconds"].toDouble(), mean),
                 qPrintable(region));
        QVERIFY2(nearlyEqual(pooled["min_duration_seconds"].toDouble(), minimum),
                 qPrintable(region));
        QVERIFY2(nearlyEqual(pooled["max_duration_seconds"].toDouble(), maximum),
                 qPrintable(region));
        QVERIFY2(
            nearlyEqual(pooled["std_duration_seconds"].toDouble(), std::sqrt(m2 / count), 1e-7),
            qPrintable(region));
        QStringList diffs;
        compareJson(pooled["per_rank"], expectedPerRank, region, diffs);
        QVERIFY2(diffs.isEmpty(), qPrintable(diffs.join('\n')));
    }
}

void TestScopeReport::rankWithoutCallsGivesNulls() {
    // io_checkpoint runs on the even ranks only.
    const Run inData = runReport({"--ranks=1", "--json", "-", "run_np3.h5"});
    QCOMPARE(inData.exitCode, 0);
    const QJsonObject io =
        parseJson(inData.out)["files"][0]["region_statistics"]["io_checkpoint"].toObject();
    QCOMPARE(io["count"].toInt(), 0);
    for (const char* key :
         {"average_duration_seconds", "min_duration_seconds", "max_duration_seconds",
          "std_duration_seconds", "total_duration_seconds"})
        QVERIFY2(io[key].isNull(), key);
    QVERIFY(io["per_rank"].toObject().isEmpty());
}

void TestScopeReport::includeAndExclude() {
    const auto regions = [](const Run& run) {
        const QJsonObject json = parseJson(run.out);
        QStringList names;
        for (const QJsonValue name : json["common_regions"].toArray())
            names << name.toString();
        return names;
    };
    const Run both = runReport(
        {"run_serial.h5", "--include", "rhs|linalg", "--exclude", "linalg", "--json", "-"});
    QCOMPARE(both.exitCode, 0);
    QCOMPARE(regions(both), QStringList{"rhs.eval"});
    const QJsonObject filters = parseJson(both.out)["filters"].toObject();
    QCOMPARE(filters["include"].toArray(), QJsonArray{"rhs|linalg"});
    QCOMPARE(filters["exclude"].toArray(), QJsonArray{"linalg"});
    QVERIFY(filters["ranks"].isNull());
    QCOMPARE(parseJson(both.out)["files"][0]["region_statistics"].toObject().keys(),
             QStringList{"rhs.eval"});

    // Matched at the start of the name, like re.match.
    QCOMPARE(regions(runReport({"run_serial.h5", "--include", "eval", "--json", "-"})),
             QStringList());
    QCOMPARE(regions(runReport({"run_serial.h5", "--include", ".*eval", "--json", "-"})),
             QStringList{"rhs.eval"});
    // Several patterns after one option, or the option repeated.
    const QStringList mainSetup = {"main", "setup"};
    QCOMPARE(regions(runReport({"run_serial.h5", "--include", "main", "setup", "--json", "-"})),
             mainSetup);
    QCOMPARE(regions(runReport(
                 {"run_serial.h5", "--include", "main", "--include=setup", "--json", "-"})),
             mainSetup);
    // UTF-8 patterns.
    QCOMPARE(regions(runReport({"--exclude", "L.ser", "--json", "-", "--", "run_serial.h5"})),
             (QStringList{"main", "setup", "solve", "rhs.eval", "linalg solve", "io_checkpoint"}));
    // The table is filtered too.
    const Run table = runReport({"run_serial.h5", "--include", "solve"});
    QVERIFY(table.out.contains("solve"));
    QVERIFY(!table.out.contains("linalg solve"));
    QVERIFY(!table.out.contains("rhs.eval"));
}

void TestScopeReport::duplicateLabels() {
    const Run run = runReport({"--json", "-", "run_serial.h5", "./run_serial.h5"});
    QCOMPARE(run.exitCode, 0);
    const QJsonArray files = parseJson(run.out)["files"].toArray();
    QCOMPARE(files.size(), 2);
    QCOMPARE(files[0]["label"].toString(), QStringLiteral("run_serial"));
    QCOMPARE(files[1]["label"].toString(), QStringLiteral("run_serial (2)"));
}

void TestScopeReport::csvHasRankAndAllRows() {
    const Run run = runReport({"--csv", "-", "run_np3.h5"});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(run.out.endsWith("\r\n"));
    const QStringList lines = QString::fromUtf8(run.out).split("\r\n", Qt::SkipEmptyParts);
    QCOMPARE(lines.front(),
             QStringLiteral("file,region,rank,count,total_s,average_s,min_s,max_s,std_s"));
    const QJsonObject shipped = parseJson(readFile(
        kDataDir + "/run_np3.region_statistics.json"))["files"][0]["region_statistics"]
                                    .toObject();
    qsizetype expectedRows = 1;
    for (const QJsonValue region : shipped)
        expectedRows += region["per_rank"].toObject().size() + 1;
    QCOMPARE(lines.size(), expectedRows);
    QHash<QString, QStringList> allRows;
    for (const QString& line : lines.mid(1)) {
        const QStringList cells = line.split(',');
        QCOMPARE(cells.size(), 9);
        QCOMPARE(cells[0], QStringLiteral("run_np3"));
        if (cells[2] == "all")
            allRows[cells[1]] = cells;
    }
    QCOMPARE(allRows.size(), shipped.size());
    for (const QString& region : shipped.keys()) {
        const QStringList& cells = allRows[region];
        QCOMPARE(cells[3].toInt(), shipped[region]["count"].toInt());
        QVERIFY(
            nearlyEqual(cells[4].toDouble(), shipped[region]["total_duration_seconds"].toDouble()));
        QVERIFY(
            nearlyEqual(cells[8].toDouble(), shipped[region]["std_duration_seconds"].toDouble()));
    }
    QVERIFY(allRows.contains(QStringLiteral("Löser-ε")));

    const Run aggregate = runReport({"--csv", "-", "v3_aggregate.h5"});
    for (const QString& line :
         QString::fromUtf8(aggregate.out).split("\r\n", Qt::SkipEmptyParts).mid(1))
        QVERIFY2(line.endsWith(','), qPrintable(line)); // std unknown: empty last cell
}

void TestScopeReport::csvQuotesAwkwardNames() {
    FixtureSpec spec;
    spec.schema = 3;
    spec.metadata = {{"mpi_size", std::int64_t{1}}};
    const auto addRow = [&spec](std::string region, std::vector<std::int64_t> starts,
                                std::vector<std::int64_t> ends) {
        FixtureRow row;
        row.region = std::move(region);
        row.starts = std::move(starts);
        row.ends = std::move(ends);
        spec.rows.push_back(std::move(row));
    };
    addRow("f(a, b)", {100, 300}, {200, 500});
    addRow("say \"hi\"", {600}, {650});
    const QString path = dir_.filePath("awkward.h5");
    FixtureWriter::write(spec, path.toStdString());
    const Run run = runReport({"--csv", "-", path});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(QString::fromUtf8(run.out),
             QStringLiteral("file,region,rank,count,total_s,average_s,min_s,max_s,std_s\r\n"
                            "awkward,\"f(a, b)\",0,2,3e-07,1.5e-07,1e-07,2e-07,5e-08\r\n"
                            "awkward,\"f(a, b)\",all,2,3e-07,1.5e-07,1e-07,2e-07,5e-08\r\n"
                            "awkward,\"say \"\"hi\"\"\",0,1,5e-08,5e-08,5e-08,5e-08,0.0\r\n"
                            "awkward,\"say \"\"hi\"\"\",all,1,5e-08,5e-08,5e-08,5e-08,0.0\r\n"));
}

void TestScopeReport::exportsToFilesKeepTheTable() {
    const QString json = dir_.filePath("out.json");
    const QString csv = dir_.filePath("out.csv");
    const Run run = runReport({"--json", json, "--csv", csv, "run_serial.h5"});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(run.out.contains("linalg solve"));
    QCOMPARE(parseJson(readFile(json))["files"].toArray().size(), 1);
    QVERIFY(readFile(csv).startsWith("file,region,rank,"));

    const Run unwritable =
        runReport({"--json", dir_.filePath("no/such/dir/x.json"), "run_serial.h5"});
    QCOMPARE(unwritable.exitCode, 1);
    QVERIFY(unwritable.err.contains("x.json"));
}

QTEST_GUILESS_MAIN(TestScopeReport)
#include "tst_ScopeReport.moc"
