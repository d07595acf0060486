// SPDX-License-Identifier: GPL-3.0-or-later
// Per-rank files joined as one run: pooled statistics of hand-made traces
// against hand-computed values, the duplicate-rank error, metadata, label and
// origin, the C API's real sets against their merged expected statistics,
// the rank-file name helpers and a combined load through AsyncLoader.
#include "SptImage.h"
#include "TestSupport.h"
#include "analysis/ExclusiveTime.h"
#include "analysis/TimelineIndex.h"
#include "load/AsyncLoader.h"
#include "load/ProfileFileReader.h"
#include "native/RankFileCombiner.h"
#include "native/RankFileNames.h"

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

using namespace scope;
using namespace scope::testing;

namespace {

const QString kCapi = QStringLiteral(SCOPE_TEST_DATA_DIR "/c-api/");

ProfilingResults readFile(const QString& path) {
    return readProfileFile(path.toStdString(), ReadRequest{});
}

} // namespace

class TestRankFileCombiner : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void pooledStatistics();
    void duplicateRankNamesBothFiles();
    void emptyRankCountsAsRank();
    void realSetsMatchMergedExpected_data();
    void realSetsMatchMergedExpected();
    void mixedKindsKeepHdf5Metadata();
    void aLabelNeverBecomesThePath();
    void rankFileNames();
    void groupsAndLabels();
    void asyncLoaderCombines();

private:
    QTemporaryDir dir_;
    QString rank0_, rank2_;
};

void TestRankFileCombiner::initTestCase() {
    qputenv("SCOPE_READ_WORKER", "none");
    QVERIFY(dir_.isValid());
    // rank 0: a [100,110] [120,125], b [102,104]; rank 2: b [60,64], c [50,51].
    rank0_ = dir_.filePath("run_rank00000.spt");
    rank2_ = dir_.filePath("run_rank00002.spt");
    QVERIFY(SptImage(2, 0)
                .add({"a", {100, 120}, {110, 125}, "a.c", 3})
                .add({"b", {102}, {104}})
                .save(rank0_));
    QVERIFY(SptImage(1, 2).add({"b", {60}, {64}}).add({"c", {50}, {51}}).save(rank2_));
}

void TestRankFileCombiner::pooledStatistics() {
    std::vector<ProfilingResults> files;
    files.push_back(readFile(rank2_)); // order of the inputs does not matter
    files.push_back(readFile(rank0_));
    ProfilingResults run = combineRankFiles(std::move(files));
    QCOMPARE(run.numRanks, 3u); // ranks 0 and 2: gaps kept
    QCOMPARE(run.regions.size(), std::size_t{3});
    // b: durations 2 (rank 0) and 4 (rank 2): total 6, mean 3, std 1.
    const std::size_t b = *run.regionIndex("b");
    const RegionStats pooled = run.pooled(b);
    QCOMPARE(pooled.count, std::uint64_t{2});
    QCOMPARE(pooled.total, 6e-9);
    QCOMPARE(pooled.min, 2e-9);
    QCOMPARE(pooled.max, 4e-9);
    QVERIFY(relativelyClose(pooled.average, 3e-9));
    QVERIFY(relativelyClose(*pooled.std, 1e-9));
    QCOMPARE(run.stats(b, 2).total, 4e-9);
    // Events stay each row's own: rank 2's b starts at 60.
    QCOMPARE(run.starts(*run.row(b, 2))[0], std::int64_t{60});
    QCOMPARE(run.starts(*run.row(*run.regionIndex("a"), 0))[1], std::int64_t{120});
    QCOMPARE(run.details(*run.row(*run.regionIndex("a"), 0)).source.file, std::string("a.c"));
    // a: 10 + 5 = 15 ns on rank 0 only; c: 1 ns on rank 2 only.
    QCOMPARE(run.pooled(*run.regionIndex("a")).total, 15e-9);
    QVERIFY(!run.row(*run.regionIndex("c"), 0));
    // Origin: the earliest first start of any rank (rank 2's 50).
    QCOMPARE(run.metadata.integer("start_time_ns"), std::optional<std::int64_t>(50));
    QVERIFY(!run.metadata.find("mpi_rank"));
    QCOMPARE(run.metadata.text("label"), std::optional<std::string>("run"));
    QCOMPARE(QFileInfo(QString::fromStdString(run.path)).fileName(), QStringLiteral("run"));
    // Exclusive: a's first call [100,110] holds b [102,104]: 10-2 + 5 = 13.
    fillExclusiveTimes(run, TimelineIndex(run));
    QCOMPARE(*run.row(*run.regionIndex("a"), 0)->exclusiveNs, std::int64_t{13});
}

void TestRankFileCombiner::duplicateRankNamesBothFiles() {
    const QString again = dir_.filePath("other_rank0.spt");
    QVERIFY(SptImage(2, 0).add({"x", {1}, {2}}).save(again));
    std::vector<ProfilingResults> files;
    files.push_back(readFile(rank0_));
    files.push_back(readFile(again));
    const QString error = thrown([&] { combineRankFiles(std::move(files)); });
    QVERIFY2(error.startsWith("CorruptProfileError"), qPrintable(error));
    QVERIFY2(error.contains("rank 0 is in both"), qPrintable(error));
    QVERIFY2(error.contains(rank0_) && error.contains(again), qPrintable(error));
}

void TestRankFileCombiner::emptyRankCountsAsRank() {
    const QString empty = dir_.filePath("run_rank00005.spt");
    QVERIFY(SptImage(2, 5).save(empty));
    std::vector<ProfilingResults> files;
    files.push_back(readFile(rank0_));
    files.push_back(readFile(empty));
    QCOMPARE(combineRankFiles(std::move(files)).numRanks, 6u);
    // ... and so it clashes with another file of rank 5.
    const QString five = dir_.filePath("x_rank5.spt");
    QVERIFY(SptImage(2, 5).add({"x", {1}, {2}}).save(five));
    std::vector<ProfilingResults> clash;
    clash.push_back(readFile(empty));
    clash.push_back(readFile(five));
    QVERIFY(thrown([&] { combineRankFiles(std::move(clash)); }).contains("rank 5 is in both"));
}

void TestRankFileCombiner::realSetsMatchMergedExpected_data() {
    QTest::addColumn<QString>("prefix");
    QTest::addColumn<QString>("extension");
    QTest::newRow("traces") << "capi_trace"
                            << ".spt";
    QTest::newRow("HDF5") << "capi_run"
                          << ".h5";
}

void TestRankFileCombiner::realSetsMatchMergedExpected() {
    QFETCH(QString, prefix);
    QFETCH(QString, extension);
    std::vector<ProfilingResults> files;
    files.push_back(readFile(kCapi + prefix + "_rank00001" + extension));
    files.push_back(readFile(kCapi + prefix + "_rank00000" + extension));
    ProfilingResults run = combineRankFiles(std::move(files));
    fillExclusiveTimes(run, TimelineIndex(run));
    QFile json(kCapi + prefix + ".merged.expected.json");
    QVERIFY(json.open(QIODevice::ReadOnly));
    const QJsonObject file = QJsonDocument::fromJson(json.readAll())["files"][0].toObject();
    QCOMPARE(run.metadata.text("label"), std::optional(file["label"].toString().toStdString()));
    QCOMPARE(run.numRanks, std::uint32_t(file["num_ranks"].toInt()));
    const QJsonObject expected = file["region_statistics"].toObject();
    QCOMPARE(run.regions.size(), std::size_t(expected.size()));
    for (auto it = expected.begin(); it != expected.end(); ++it) {
        const QString where = it.key();
        const auto region = run.regionIndex(where.toStdString());
        QVERIFY2(region, qPrintable(where));
        const QJsonObject e = it.value().toObject();
        const RegionStats s = run.pooled(*region);
        QCOMPARE(s.count, std::uint64_t(e["count"].toInteger()));
        QVERIFY2(relativelyClose(s.total, e["total_duration_seconds"].toDouble()),
                 qPrintable(where));
        QVERIFY2(relativelyClose(s.average, e["average_duration_seconds"].toDouble()),
                 qPrintable(where));
        QVERIFY2(relativelyClose(s.min, e["min_duration_seconds"].toDouble()), qPrintable(where));
        QVERIFY2(relativelyClose(s.max, e["max_duration_seconds"].toDouble()), qPrintable(where));
        QVERIFY2(relativelyClose(*s.std, e["std_duration_seconds"].toDouble(), 1e-6),
                 qPrintable(where));
        QCOMPARE(qsizetype(run.rowsOf(*region).size()), e["num_ranks_with_region"].toInteger());
        std::int64_t exclusive = 0;
        for (const RankRegion& row : run.rowsOf(*region))
            exclusive += *row.exclusiveNs;
        QVERIFY2(relativelyClose(double(exclusive) * 1e-9, e["exclusive_total_seconds"].toDouble()),
                 qPrintable(where));
    }
}

void TestRankFileCombiner::mixedKindsKeepHdf5Metadata() {
    // A trace of rank 1 and the C API's HDF5 file of rank 0 (of another run,
    // but what is tested is the joining): the HDF5 file's metadata wins.
    std::vector<ProfilingResults> files;
    files.push_back(readFile(kCapi + "capi_trace_rank00001.spt"));
    files.push_back(readFile(kCapi + "capi_run_rank00000.h5"));
    const ProfilingResults run = combineRankFiles(std::move(files));
    QCOMPARE(run.numRanks, 2u);
    QCOMPARE(run.metadata.text("hostname"), std::optional<std::string>("vm"));
    QCOMPARE(run.metadata.text("label"), std::optional<std::string>("capi_run"));
    QVERIFY(!run.metadata.find("mpi_rank"));
    QCOMPARE(run.rowsOf(*run.regionIndex("solve")).size(), std::size_t{2});
}

void TestRankFileCombiner::aLabelNeverBecomesThePath() {
    // A file's label attribute is its writer's word; the run's path is made
    // of the files we opened.
    std::vector<ProfilingResults> files;
    files.push_back(readFile(kCapi + "capi_trace_rank00001.spt"));
    files.push_back(readFile(kCapi + "capi_run_rank00000.h5"));
    for (MetadataEntry& entry : files[1].metadata.entries)
        if (entry.key == "label")
            entry.value = std::string("/etc/passwd");
    const ProfilingResults run = combineRankFiles(std::move(files));
    QCOMPARE(run.metadata.text("label"), std::optional<std::string>("/etc/passwd"));
    QCOMPARE(QString::fromStdString(run.path), QDir::cleanPath(kCapi) + QStringLiteral("/capi"));
}

void TestRankFileCombiner::rankFileNames() {
    const auto name = parseRankFileName("/d/run_rank00012.spt");
    QVERIFY(name);
    QCOMPARE(name->prefix, std::string("/d/run"));
    QCOMPARE(name->rank, std::int64_t{12});
    QCOMPARE(parseRankFileName("x_rank-0001.spt")->rank, std::int64_t{-1});
    QCOMPARE(parseRankFileName("a_b_rank3.h5")->prefix, std::string("a_b"));
    QVERIFY(!parseRankFileName("run_rank.spt"));
    QVERIFY(!parseRankFileName("run_rank1.txt"));
    QVERIFY(!parseRankFileName("run1.spt"));
    QVERIFY(!parseRankFileName("/d/_rank1.spt"));
}

void TestRankFileCombiner::groupsAndLabels() {
    const std::vector<std::string> paths = {"/d/b_rank1.spt", "/d/a_rank10.h5", "/d/a_rank2.spt",
                                            "/d/notes.txt",   "/e/a_rank0.spt", "/d/a_rank2.spt"};
    const auto groups = groupRankFiles(paths);
    QCOMPARE(groups.size(), std::size_t{3});
    QCOMPARE(groups[0].prefix, std::string("/d/a"));
    QCOMPARE(groups[0].paths, (std::vector<std::string>{"/d/a_rank2.spt", "/d/a_rank10.h5"}));
    QCOMPARE(groups[0].label(), std::string("a"));
    QCOMPARE(groups[1].prefix, std::string("/d/b"));
    QCOMPARE(groups[2].prefix, std::string("/e/a"));
    const std::vector<std::string> set = {"/d/run2_rank00000.spt", "/d/run2_rank00001.h5"};
    QCOMPARE(commonRunLabel(set), std::string("run2"));
    const std::vector<std::string> odd = {"/d/x.spt", "/d/y.spt"};
    QCOMPARE(commonRunLabel(odd), std::string("combined"));
}

void TestRankFileCombiner::asyncLoaderCombines() {
    std::optional<LoadOutcome> outcome;
    double lastFraction = 0;
    bool monotonic = true;
    {
        AsyncLoader loader({[&](std::uint64_t, double fraction, const std::string&) {
                                monotonic = monotonic && fraction >= lastFraction;
                                lastFraction = fraction;
                            },
                            [&](const LoadOutcome& o) { outcome = o; }});
        LoadRequest request;
        request.path = "run";
        request.rankFiles = {rank0_.toStdString(), rank2_.toStdString()};
        loader.start(request);
        loader.waitAll();
    }
    QVERIFY(outcome);
    QVERIFY(!outcome->error);
    QVERIFY(monotonic);
    QCOMPARE(lastFraction, 1.0);
    QCOMPARE(outcome->results->pooled(*outcome->results->regionIndex("b")).total, 6e-9);
    QVERIFY(outcome->timeline);
    QCOMPARE(*outcome->results->row(*outcome->results->regionIndex("a"), 0)->exclusiveNs,
             std::int64_t{13});
}

QTEST_APPLESS_MAIN(TestRankFileCombiner)
#include "tst_RankFileCombiner.moc"
