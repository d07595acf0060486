// SPDX-License-Identifier: GPL-3.0-or-later
// scope-report on native traces and --combine-ranks end to end: the C API's
// real files alone and combined against their expected statistics, pooled
// statistics of hand-made traces, CSV, and the errors a user sees (status 3).
#include "../core/SptImage.h"
#include "ScopeReportRunner.h"

#include <QtTest>

using namespace scope::testing;

namespace {

// The fields our JSON shares with the expected files, region by region.
void compareRegions(const QJsonObject& ours, const QJsonObject& expected, QStringList& diffs) {
    static const QStringList kKeys = {"count",
                                      "total_duration_seconds",
                                      "average_duration_seconds",
                                      "min_duration_seconds",
                                      "max_duration_seconds",
                                      "std_duration_seconds"};
    if (ours.keys() != expected.keys())
        diffs << "regions differ: " + ours.keys().join(',');
    for (auto it = expected.begin(); it != expected.end(); ++it) {
        const QJsonObject a = ours[it.key()].toObject();
        const QJsonObject b = it.value().toObject();
        for (const QString& key : kKeys)
            compareJson(a[key], b[key], it.key() + "/" + key, diffs);
        const QJsonObject ranks = b["per_rank"].toObject();
        if (a["per_rank"].toObject().keys() != ranks.keys())
            diffs << it.key() + ": ranks differ";
        for (auto rank = ranks.begin(); rank != ranks.end(); ++rank)
            for (const QString& key : kKeys)
                compareJson(a["per_rank"][rank.key()][key], rank.value()[key],
                            it.key() + "/" + rank.key() + "/" + key, diffs);
    }
}

} // namespace

class TestScopeReportCombine : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void realFiles_data();
    void realFiles();
    void handMadePooled();
    void csvOfCombinedRun();
    void duplicateRank();
    void truncatedTrace();
    void combineWithDiffIsUsageError();

private:
    QTemporaryDir dir_;
};

void TestScopeReportCombine::initTestCase() {
    QVERIFY(dir_.isValid());
    // rank 0: a 10 ns, 30 ns; rank 1: a 20 ns, b 5 ns.
    QVERIFY(SptImage(2, 0).add({"a", {0, 100}, {10, 130}}).save(dir_.filePath("h_rank0.spt")));
    QVERIFY(SptImage(1, 1)
                .add({"a", {0}, {20}})
                .add({"b", {40}, {45}})
                .save(dir_.filePath("h_rank1.spt")));
}

void TestScopeReportCombine::realFiles_data() {
    QTest::addColumn<QStringList>("files");
    QTest::addColumn<QString>("expected");
    QTest::newRow("trace rank 0") << QStringList{"capi_trace_rank00000.spt"}
                                  << "capi_trace_rank00000";
    QTest::newRow("trace rank 1") << QStringList{"capi_trace_rank00001.spt"}
                                  << "capi_trace_rank00001";
    QTest::newRow("traces combined")
        << QStringList{"--combine-ranks", "capi_trace_rank00001.spt", "capi_trace_rank00000.spt"}
        << "capi_trace.merged";
    QTest::newRow("HDF5 combined")
        << QStringList{"--combine-ranks", "capi_run_rank00000.h5", "capi_run_rank00001.h5"}
        << "capi_run.merged";
}

void TestScopeReportCombine::realFiles() {
    QFETCH(QStringList, files);
    QFETCH(QString, expected);
    const Run run = runReport(QStringList{"--json", "-"} + files, kDataDir + "/c-api");
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.err, QByteArray());
    const QJsonObject ours = parseJson(run.out)["files"][0].toObject();
    const QJsonObject theirs =
        parseJson(readFile(kDataDir + "/c-api/" + expected + ".expected.json"))["files"][0]
            .toObject();
    QCOMPARE(ours["label"].toString(), theirs["label"].toString());
    if (theirs.contains("num_ranks"))
        QCOMPARE(ours["num_ranks"].toInt(), theirs["num_ranks"].toInt());
    QStringList diffs;
    compareRegions(ours["region_statistics"].toObject(), theirs["region_statistics"].toObject(),
                   diffs);
    QVERIFY2(diffs.isEmpty(), qPrintable(diffs.join('\n')));
}

void TestScopeReportCombine::handMadePooled() {
    const Run run =
        runReport({"--json", "-", "--combine-ranks", "h_rank0.spt", "h_rank1.spt"}, dir_.path());
    QCOMPARE(run.exitCode, 0);
    const QJsonObject file = parseJson(run.out)["files"][0].toObject();
    QCOMPARE(file["label"].toString(), QStringLiteral("h"));
    QCOMPARE(file["num_ranks"].toInt(), 2);
    // a: 10, 30 (rank 0) and 20 (rank 1): total 60, mean 20, std sqrt(200/3).
    const QJsonObject a = file["region_statistics"]["a"].toObject();
    QCOMPARE(a["count"].toInt(), 3);
    QVERIFY(nearlyEqual(a["total_duration_seconds"].toDouble(), 60e-9));
    QVERIFY(nearlyEqual(a["average_duration_seconds"].toDouble(), 20e-9));
    QVERIFY(nearlyEqual(a["min_duration_seconds"].toDouble(), 10e-9));
    QVERIFY(nearlyEqual(a["max_duration_seconds"].toDouble(), 30e-9));
    QVERIFY(nearlyEqual(a["std_duration_seconds"].toDouble(), std::sqrt(200.0 / 3.0) * 1e-9));
    QVERIFY(nearlyEqual(a["per_rank"]["0"]["total_duration_seconds"].toDouble(), 40e-9));
    QCOMPARE(file["region_statistics"]["b"]["per_rank"].toObject().keys(), QStringList{"1"});
    // The table shows the combined run once, with both ranks.
    const Run table = runReport({"--combine-ranks", "h_rank0.spt", "h_rank1.spt"}, dir_.path());
    QCOMPARE(table.exitCode, 0);
    QVERIFY2(table.out.contains("2 ranks"), table.out.constData());
}

void TestScopeReportCombine::csvOfCombinedRun() {
    const Run run =
        runReport({"--csv", "-", "--combine-ranks", "h_rank0.spt", "h_rank1.spt"}, dir_.path());
    QCOMPARE(run.exitCode, 0);
    const QStringList lines = nonEmptyLines(run.out);
    // a: ranks 0, 1 and "all"; b: rank 1 and "all"; plus the header.
    QCOMPARE(lines.size(), 6);
    QVERIFY2(lines.filter(QRegularExpression("^h,a,all,")).size() == 1,
             qPrintable(lines.join('\n')));
}

void TestScopeReportCombine::duplicateRank() {
    QVERIFY(SptImage(2, 1).add({"a", {0}, {1}}).save(dir_.filePath("other_rank1.spt")));
    const Run run = runReport({"--combine-ranks", "h_rank1.spt", "other_rank1.spt"}, dir_.path());
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.err.contains("rank 1 is in both h_rank1.spt and other_rank1.spt"),
             run.err.constData());
    QCOMPARE(run.out, QByteArray());
}

void TestScopeReportCombine::truncatedTrace() {
    QByteArray bytes = SptImage(2, 2).add({"a", {0, 5}, {1, 9}}).bytes();
    bytes.chop(3);
    QFile file(dir_.filePath("cut_rank2.spt"));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(bytes);
    file.close();
    // Killed before the first byte: an empty .spt is a trace cut short, not a bad HDF5 file.
    QFile empty(dir_.filePath("empty_rank3.spt"));
    QVERIFY(empty.open(QIODevice::WriteOnly));
    empty.close();
    const Run none = runReport({"empty_rank3.spt"}, dir_.path());
    QCOMPARE(none.exitCode, 3);
    QVERIFY2(none.err.contains("probably died"), none.err.constData());
    for (const QStringList& arguments :
         {QStringList{"cut_rank2.spt"},
          QStringList{"--combine-ranks", "h_rank0.spt", "cut_rank2.spt"}}) {
        const Run run = runReport(arguments, dir_.path());
        QCOMPARE(run.exitCode, 3);
        QVERIFY2(run.err.contains("cut_rank2.spt: reading the native trace: truncated"),
                 run.err.constData());
        QVERIFY(run.err.contains("the run probably died while writing it"));
    }
}

void TestScopeReportCombine::combineWithDiffIsUsageError() {
    const Run run =
        runReport({"--combine-ranks", "--diff", "h_rank0.spt", "h_rank1.spt"}, dir_.path());
    QCOMPARE(run.exitCode, 1);
    QVERIFY(run.err.contains("--combine-ranks"));
}

QTEST_GUILESS_MAIN(TestScopeReportCombine)
#include "tst_ScopeReportCombine.moc"
