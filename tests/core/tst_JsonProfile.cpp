// SPDX-License-Identifier: GPL-3.0-or-later
// The JSON profile reader (threads-tasks-json.md §4): upstream's smallest
// document with hand-computed statistics, JSON twins of HDF5 fixtures
// (columnar, aggregate, summary-only; plain and gzipped) against the HDF5
// read and the spec, lanes, the read request and recognition by content
// (tst_JsonProfileErrors: damaged documents and other JSON).
#include "FixtureWriter.h"
#include "JsonProfileWriter.h"
#include "JsonTwins.h"
#include "TestData.h"
#include "TestSupport.h"
#include "format/ProfileReader.h"
#include "load/ProfileFileReader.h"
#include "model/Errors.h"
#include "json/JsonProfileReader.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <fstream>

using namespace scope;
using namespace scope::testing;
using fixtures::FixtureRow;
using fixtures::FixtureSpec;
using fixtures::JsonProfileWriter;

namespace {

ProfilingResults readText(const std::string& text, const ReadRequest& request = {}) {
    return readJsonProfileImage(std::as_bytes(std::span(text.data(), text.size())), "t.json",
                                request);
}

std::string golden() {
    std::ifstream in(dataPath(QStringLiteral("json-v1.json")).toStdString(), std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

} // namespace

class TestJsonProfile : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { qputenv("SCOPE_READ_WORKER", "none"); }
    void goldenDocument();
    void twins_data();
    void twins();
    void lanes();
    void lanesTwin();
    void unicodeEscapes();
    void summaryOnlyAndBudget();
    void recognition();

private:
    QTemporaryDir dir_;
};

void TestJsonProfile::goldenDocument() {
    // Through readProfileFile: the content says JSON.
    ReadRequest request;
    ProfilingResults r =
        readProfileFile(dataPath(QStringLiteral("json-v1.json")).toStdString(), request);
    QCOMPARE(r.regions, std::vector<std::string>{"solve"});
    QCOMPARE(r.numRanks, 1u);
    QCOMPARE(r.layout, StorageLayout::Columnar);
    QVERIFY(r.eventsRead);
    QCOMPARE(r.rows.size(), std::size_t{1});
    const RankRegion& row = r.rows[0];
    QCOMPARE(row.rank, 0u);
    // Calls (10,15) (20,33) (40,55): durations 5, 13, 15.
    QCOMPARE(row.summary.count, std::uint64_t{3});
    QCOMPARE(row.summary.total, std::int64_t{33});
    QCOMPARE(row.summary.minimum, std::int64_t{5});
    QCOMPARE(row.summary.maximum, std::int64_t{15});
    QCOMPARE(row.summary.first, std::int64_t{5});
    QCOMPARE(row.summary.last, std::int64_t{15});
    QCOMPARE(row.summary.startMinimum, std::int64_t{10});
    QCOMPARE(row.summary.endMaximum, std::int64_t{55});
    QCOMPARE(row.summary.gpuCount, std::uint64_t{0});
    QCOMPARE(row.summary.mean, 11.0);
    // (5-11)^2 + (13-11)^2 + (15-11)^2 = 36 + 4 + 16
    QCOMPARE(row.summary.m2, 56.0);
    QCOMPARE(r.minimumStartNs, std::optional<std::int64_t>(10));
    QCOMPARE(r.details(row).tags, std::vector<std::string>{"golden"});
    QCOMPARE(std::vector<std::int64_t>(r.starts(row).begin(), r.starts(row).end()),
             (std::vector<std::int64_t>{10, 20, 40}));
    QCOMPARE(std::vector<std::int64_t>(r.ends(row).begin(), r.ends(row).end()),
             (std::vector<std::int64_t>{15, 33, 55}));
    QCOMPARE(r.metadata.integer("mpi_size"), std::optional<std::int64_t>(1));
    QVERIFY(!r.events.hasLanes());
    QVERIFY(!row.exclusiveNs);
    withExclusiveTimes(r);
    QCOMPARE(r.rows[0].exclusiveNs, std::optional<std::int64_t>(33)); // no call nests
    // format_version absent is version 0, read the same way.
    std::string v0 = golden();
    v0.replace(v0.find("\"format_version\": 1, "), 21, "");
    QCOMPARE(readText(v0).rows[0].summary.total, std::int64_t{33});
}

void TestJsonProfile::twins_data() {
    QTest::addColumn<bool>("aggregate");
    QTest::addColumn<bool>("summaryOnly");
    QTest::addColumn<bool>("gzip");
    QTest::addColumn<int>("schema");
    QTest::newRow("columnar") << false << false << false << 3;
    QTest::newRow("columnar schema 2") << false << false << false << 2;
    QTest::newRow("columnar gz") << false << false << true << 3;
    QTest::newRow("aggregate") << true << false << false << 3;
    QTest::newRow("aggregate gz") << true << false << true << 3;
    QTest::newRow("summary-only export") << false << true << false << 3;
    QTest::newRow("summary-only export gz") << false << true << true << 3;
}

void TestJsonProfile::twins() {
    QFETCH(bool, aggregate);
    QFETCH(bool, summaryOnly);
    QFETCH(bool, gzip);
    QFETCH(int, schema);
    FixtureSpec spec = richSpec();
    spec.schema = schema;
    if (aggregate)
        spec.layout = fixtures::Layout::Aggregate;
    const std::string tag = QTest::currentDataTag();
    const std::string h5 = dir_.filePath(QString::fromStdString(tag + ".h5")).toStdString();
    const std::string json =
        dir_.filePath(QString::fromStdString(tag + (gzip ? ".json.gz" : ".json"))).toStdString();
    fixtures::FixtureWriter::write(spec, h5);
    JsonProfileWriter::write(spec, json, {gzip, summaryOnly});
    QVERIFY(isJsonProfile(json));
    QVERIFY(!isJsonProfile(h5));

    ReadRequest request;
    ProfilingResults fromH5 = summaryOnly ? readH5Summary(h5, request) : readH5(h5, request);
    ReadRequest jsonRequest;
    jsonRequest.summaryOnly = summaryOnly;
    jsonRequest.fallback = true;
    if (summaryOnly) {
        // Without fallback a JSON profile, like a trace, offers no summary columns.
        ReadRequest strict = jsonRequest;
        strict.fallback = false;
        QVERIFY(
            thrown([&] { readProfileFile(json, strict); }).startsWith("SummaryDataUnavailable"));
    }
    ProfilingResults fromJson = readProfileFile(json, jsonRequest);
    withExclusiveTimes(fromH5);
    withExclusiveTimes(fromJson);
    const QString difference = compareRuns(fromH5, fromJson);
    QVERIFY2(difference.isEmpty(), qPrintable(difference));
    const QString specDifference = compareToSpec(fromJson, spec, json);
    QVERIFY2(specDifference.isEmpty(), qPrintable(specDifference));
    if (!aggregate && !summaryOnly) {
        // Hand-computed: rank 0 'outer' [1000,1100] holds 20 + 30, [1200,1300] holds 80.
        const auto outer = fromJson.regionIndex("outer");
        QVERIFY(outer);
        QCOMPARE(fromJson.row(*outer, 0)->exclusiveNs, std::optional<std::int64_t>(200 - 130));
        QCOMPARE(fromJson.row(*outer, 1)->exclusiveNs, std::optional<std::int64_t>(77));
    }
    // The same document, whole in memory, reads the same.
    std::ifstream in(json, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), {});
    ProfilingResults image = readJsonProfileImage(
        std::as_bytes(std::span(bytes.data(), bytes.size())), json, jsonRequest);
    withExclusiveTimes(image);
    const QString again = compareRuns(fromJson, image);
    QVERIFY2(again.isEmpty(), qPrintable(again));
}

void TestJsonProfile::lanes() {
    FixtureSpec spec;
    FixtureRow a = FixtureRow::make(0, "fetch", {100, 150}, {140, 210});
    a.threadIds = {0, 1};
    a.taskIds = {-1, 3};
    a.awaitNs = {0, 25};
    FixtureRow b = FixtureRow::make(0, "plain", {300}, {310}); // no lane columns: back-filled
    FixtureRow c = FixtureRow::make(1, "fetch", {100}, {120});
    c.threadIds = {0};
    spec.rows = {a, b, c};
    spec.threads = {{0, 0, 11, 101, 0, 5, -1, 900, "MainThread"},
                    {0, 1, 12, 102, 1, 7, 400, 300, "worker"}};
    spec.tasks = {{0, 3, 1, 20, 260, 2, 35, 25, "task", "Task-1", "main.<locals>.fetch"}};
    const ProfilingResults r = readText(JsonProfileWriter::document(spec, {}));
    QVERIFY(r.events.hasLanes());
    QVERIFY(r.events.hasAwait());
    // Rows in (region, rank) order: fetch/0, fetch/1, plain/0.
    const auto fetch = r.regionIndex("fetch");
    const auto plain = r.regionIndex("plain");
    QVERIFY(fetch && plain);
    const RankRegion* f0 = r.row(*fetch, 0);
    const RankRegion* f1 = r.row(*fetch, 1);
    const RankRegion* p0 = r.row(*plain, 0);
    QCOMPARE(slice(r.events.threadIds, *f0), (std::vector<std::int64_t>{0, 1}));
    QCOMPARE(slice(r.events.taskIds, *f0), (std::vector<std::int64_t>{-1, 3}));
    QCOMPARE(slice(r.events.awaitNs, *f0), (std::vector<std::int64_t>{0, 25}));
    QCOMPARE(slice(r.events.threadIds, *p0), (std::vector<std::int64_t>{-1}));
    QCOMPARE(slice(r.events.taskIds, *p0), (std::vector<std::int64_t>{-1}));
    QCOMPARE(slice(r.events.awaitNs, *p0), (std::vector<std::int64_t>{0}));
    QCOMPARE(slice(r.events.threadIds, *f1), (std::vector<std::int64_t>{0}));
    QCOMPARE(slice(r.events.taskIds, *f1), (std::vector<std::int64_t>{-1}));
    QCOMPARE(r.events.lane(f0->offset + 1), std::int64_t{3});
    QCOMPARE(r.events.lane(f0->offset), std::int64_t{-2});
    QCOMPARE(r.threads.size(), std::size_t{2});
    QCOMPARE(r.threads[1].name, std::string("worker"));
    QCOMPARE(r.threads[1].daemon, true);
    QCOMPARE(r.threads[1].endNs, std::int64_t{400});
    QCOMPARE(r.threads[0].endNs, std::int64_t{-1});
    QCOMPARE(r.threads[0].cpuNs, std::int64_t{900});
    QCOMPARE(r.tasks.size(), std::size_t{1});
    QCOMPARE(r.tasks[0].coroName, std::string("main.<locals>.fetch"));
    QCOMPARE(r.tasks[0].threadIndex, std::int64_t{1});
    QCOMPARE(r.tasks[0].suspendedNs, std::int64_t{25});
    QCOMPARE(r.tasks[0].doneNs, std::int64_t{260});
}

void TestJsonProfile::lanesTwin() {
    // A task's call inside a thread's call: two lanes, so no nesting between them.
    FixtureSpec spec;
    spec.schema = 3;
    FixtureRow loop = FixtureRow::make(0, "loop", {100}, {400});
    loop.threadIds = {0};
    loop.taskIds = {-1};
    loop.awaitNs = {0};
    FixtureRow fetch = FixtureRow::make(0, "fetch", {150, 250}, {200, 350});
    fetch.threadIds = {0, 0};
    fetch.taskIds = {2, 2};
    fetch.awaitNs = {10, 40};
    spec.rows = {loop, fetch};
    spec.threads = {{0, 0, 11, 101, 0, 5, -1, 900, "MainThread"}};
    spec.tasks = {{0, 2, 0, 90, 390, 3, 60, 50, "task", "Task-2", "main.<locals>.fetch"}};
    const std::string h5 = dir_.filePath(QStringLiteral("lanes.h5")).toStdString();
    const std::string json = dir_.filePath(QStringLiteral("lanes.json.gz")).toStdString();
    fixtures::FixtureWriter::write(spec, h5);
    JsonProfileWriter::write(spec, json, {true, false});
    ProfilingResults fromH5 = readH5(h5);
    ProfilingResults fromJson = readProfileFile(json, {});
    QVERIFY(fromJson.events.hasLanes());
    if (!fromH5.events.hasLanes())
        QSKIP("the HDF5 reader does not read the lane columns");
    withExclusiveTimes(fromH5);
    withExclusiveTimes(fromJson);
    const QString difference = compareRuns(fromH5, fromJson);
    QVERIFY2(difference.isEmpty(), qPrintable(difference));
    // Per lane: the task's calls are not children of 'loop' on the thread's bare lane.
    const auto region = fromJson.regionIndex("loop");
    QVERIFY(region);
    QCOMPARE(fromJson.row(*region, 0)->exclusiveNs, std::optional<std::int64_t>(300));
}

void TestJsonProfile::unicodeEscapes() {
    std::string text = golden();
    // U+1F680 as a surrogate pair, U+00E9 and an escaped quote.
    text.replace(text.find("\"solve\""), 7, R"("\ud83d\ude80 r\u00e9gion \"q\"")");
    const ProfilingResults r = readText(text);
    QCOMPARE(r.regions[0], std::string("\xF0\x9F\x9A\x80 r\xC3\xA9gion \"q\""));
    QCOMPARE(JsonProfileWriter::quote("\xF0\x9F\x9A\x80"), std::string(R"("\ud83d\ude80")"));
}

void TestJsonProfile::summaryOnlyAndBudget() {
    const std::string text = JsonProfileWriter::document(richSpec(), {});
    const ProfilingResults full = readText(text);
    ReadRequest summary;
    summary.summaryOnly = true;
    const ProfilingResults s = readText(text, summary);
    QVERIFY(!s.eventsRead);
    QCOMPARE(s.events.size(), std::size_t{0});
    QVERIFY(s.likwid.empty()); // only when asked for
    QCOMPARE(s.rows.size(), full.rows.size());
    for (std::size_t i = 0; i < s.rows.size(); ++i)
        QCOMPARE(describe(s.rows[i].summary), describe(full.rows[i].summary));

    ReadRequest budget;
    budget.memoryBudget = 64; // bytes: the first two rows already need more
    const ProfilingResults b = readText(text, budget);
    QVERIFY(!b.eventsRead);
    QCOMPARE(b.events.size(), std::size_t{0});
    QCOMPARE(b.warnings.size(), std::size_t{1});
    QVERIFY(QString::fromStdString(b.warnings[0]).contains("memory budget"));
    QCOMPARE(b.rows.size(), full.rows.size());
    for (std::size_t i = 0; i < b.rows.size(); ++i)
        QCOMPARE(describe(b.rows[i].summary), describe(full.rows[i].summary));
    QCOMPARE(b.likwid.size(), std::size_t{1});

    ReadRequest filtered = summary;
    filtered.ranks = {1};
    filtered.regions = {"outer"};
    const ProfilingResults f = readText(text, filtered);
    QCOMPARE(f.regions, std::vector<std::string>{"outer"});
    QCOMPARE(f.rows.size(), std::size_t{1});
    QCOMPARE(f.rows[0].rank, 1u);
    QCOMPARE(f.rows[0].summary.total, std::int64_t{100});

    ReadRequest noDetails;
    noDetails.rowDetails = false;
    const ProfilingResults d = readText(text, noDetails);
    QVERIFY(d.rowDetails.empty());
}

void TestJsonProfile::recognition() {
    const std::string text = golden();
    auto put = [&](const QString& name, const std::string& bytes) {
        const std::string path = dir_.filePath(name).toStdString();
        std::ofstream(path, std::ios::binary).write(bytes.data(), std::streamsize(bytes.size()));
        return path;
    };
    // Content wins over the name, both ways.
    const std::string jsonAsH5 = put(QStringLiteral("named.h5"), text);
    QVERIFY(isJsonProfile(jsonAsH5));
    QCOMPARE(readProfileFile(jsonAsH5, {}).rows[0].summary.total, std::int64_t{33});
    const std::string gzAsBin = put(QStringLiteral("named.bin"), JsonProfileWriter::gzip(text));
    QVERIFY(isJsonProfile(gzAsBin));
    QCOMPARE(readProfileFile(gzAsBin, {}).rows[0].summary.count, std::uint64_t{3});
    const std::string h5 = dir_.filePath(QStringLiteral("real.json")).toStdString();
    FixtureSpec spec;
    spec.rows = {FixtureRow::make(0, "solve", {10}, {15})};
    fixtures::FixtureWriter::write(spec, h5);
    QVERIFY(!isJsonProfile(h5));
    spec.userBlock = 1024; // the HDF5 signature after a user block
    const std::string shifted = dir_.filePath(QStringLiteral("userblock.json")).toStdString();
    fixtures::FixtureWriter::write(spec, shifted);
    QVERIFY(!isJsonProfile(shifted));
    QVERIFY(hasJsonProfileName("A.JSON.GZ"));
    QVERIFY(hasJsonProfileName("b.Json"));
    QVERIFY(!hasJsonProfileName("c.json.h5"));
    // An empty or cut *.json is the JSON reader's to explain.
    const std::string empty = put(QStringLiteral("empty.json"), "");
    QVERIFY(isJsonProfile(empty));
    QVERIFY(thrown([&] { readProfileFile(empty, {}); }).contains("truncated"));
    const std::string missing = dir_.filePath(QStringLiteral("missing.json")).toStdString();
    QVERIFY(thrown([&] { readProfileFile(missing, {}); }).contains("missing.json"));
}

QTEST_GUILESS_MAIN(TestJsonProfile)
#include "tst_JsonProfile.moc"
