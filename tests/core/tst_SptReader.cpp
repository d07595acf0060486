// SPDX-License-Identifier: GPL-3.0-or-later
// The native trace reader on hand-written byte images (the contract's
// walk-through in v1, v2 and big-endian, every error case, the file cut at
// every field boundary) and on the C API's real traces against their expected
// statistics; readProfileFile's sniffing and the older C writer's -1 ids.
#include "FixtureWriter.h"
#include "SptImage.h"
#include "TestSupport.h"
#include "analysis/ExclusiveTime.h"
#include "analysis/TimelineIndex.h"
#include "base/Utf8.h"
#include "load/ProfileFileReader.h"
#include "model/Errors.h"
#include "native/SptReader.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace scope;
using namespace scope::testing;

namespace {

ProfilingResults read(const QByteArray& bytes, const ReadControl& control = {}) {
    return readSptImage(std::as_bytes(std::span<const char>(bytes.data(), bytes.size())), "t.spt",
                        control);
}

// The contract's walk-through: one region "solve", calls (10,15) (20,33) (40,55).
SptImage walkThrough(int version, bool bigEndian = false) {
    SptImage image(version, 0, bigEndian);
    image.add({"solve", {10, 20, 40}, {15, 33, 55}, "solver.c", 7});
    return image;
}

QByteArray fromHex(const char* hex) {
    return QByteArray::fromHex(hex);
}

} // namespace

class TestSptReader : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { qputenv("SCOPE_READ_WORKER", "none"); }
    void walkThroughBytes();
    void versions_data();
    void versions();
    void errors_data();
    void errors();
    void truncatedAtEveryBoundary_data();
    void truncatedAtEveryBoundary();
    void recursionAndExclusiveTimes();
    void emptyTraceHasItsRank();
    void cancelled();
    void utf8();
    void realTraceMatchesExpected_data();
    void realTraceMatchesExpected();
    void readProfileFileSniffsTheMagic();
    void olderCWriterMinusOneIds();
};

void TestSptReader::walkThroughBytes() {
    // The bytes of native-traces.md, typed in, against our writer.
    const QByteArray contract =
        fromHex("53434f5045505246"
                "02000000"
                "00000000"
                "0100000000000000"
                "05000000"
                "736f6c7665"
                "08000000"
                "736f6c7665722e63"
                "07000000"
                "0300000000000000"
                "0a00000000000000140000000000000028000000000000000f0000000000000021000000000"
                "000003700000000000000");
    QCOMPARE(contract.size(), 105);
    QCOMPARE(walkThrough(2).bytes(), contract);
    QCOMPARE(walkThrough(1).bytes().size(), 89);
}

void TestSptReader::versions_data() {
    QTest::addColumn<int>("version");
    QTest::addColumn<bool>("bigEndian");
    QTest::newRow("v1") << 1 << false;
    QTest::newRow("v2") << 2 << false;
    QTest::newRow("v1 big-endian") << 1 << true;
    QTest::newRow("v2 big-endian") << 2 << true;
}

void TestSptReader::versions() {
    QFETCH(int, version);
    QFETCH(bool, bigEndian);
    const ProfilingResults r = read(walkThrough(version, bigEndian).bytes());
    QCOMPARE(r.regions, std::vector<std::string>{"solve"});
    QCOMPARE(r.numRanks, 1u);
    QVERIFY(r.eventsRead);
    QCOMPARE(r.rows.size(), std::size_t{1});
    // Durations 5, 13, 15 ns: total 33, mean 11, population std sqrt(56/3).
    const RegionStats s = r.stats(0, 0);
    QCOMPARE(s.count, std::uint64_t{3});
    QCOMPARE(s.total, 33e-9);
    QCOMPARE(s.min, 5e-9);
    QCOMPARE(s.max, 15e-9);
    QVERIFY(relativelyClose(s.average, 11e-9));
    QVERIFY(relativelyClose(*s.std, std::sqrt(56.0 / 3.0) * 1e-9));
    QCOMPARE(std::vector<std::int64_t>(r.starts(r.rows[0]).begin(), r.starts(r.rows[0]).end()),
             (std::vector<std::int64_t>{10, 20, 40}));
    QCOMPARE(r.metadata.integer("trace_format_version"), std::optional<std::int64_t>(version));
    QCOMPARE(r.metadata.text("source"), std::optional<std::string>("native"));
    QCOMPARE(r.metadata.integer("mpi_rank"), std::optional<std::int64_t>(0));
    QCOMPARE(r.metadata.integer("start_time_ns"), std::optional<std::int64_t>(10));
    const SourceLocation& source = r.details(r.rows[0]).source;
    QCOMPARE(source.file, std::string(version == 2 ? "solver.c" : ""));
    QCOMPARE(source.line, std::int64_t(version == 2 ? 7 : -1));
}

void TestSptReader::errors_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("message");
    const QByteArray good = walkThrough(2).bytes();
    QTest::newRow("too short") << good.left(10) << "too short";
    QTest::newRow("empty") << QByteArray() << "probably died";
    QByteArray magic = good;
    magic[0] = 'X';
    QTest::newRow("bad magic") << magic << "not a scope-profiler native trace";
    QTest::newRow("short, bad magic") << QByteArray("HDF5") << "not a scope-profiler";
    QByteArray version = good;
    version[8] = 3;
    QTest::newRow("version 3") << version << "unsupported trace format version 3";
    QByteArray negativeVersion = good;
    negativeVersion.replace(8, 4, fromHex("ffffffff"));
    QTest::newRow("version -1") << negativeVersion << "unsupported trace format version -1";
    QTest::newRow("negative rank") << SptImage(2, -1).bytes() << "negative rank -1";
    QTest::newRow("negative count")
        << SptImage(2, 0).setCount(-1).bytes() << "negative region count -1";
    QTest::newRow("count past the end") << SptImage(2, 0).setCount(2).bytes()
                                        << "ends inside region record 1 of 2, its name length";
    QTest::newRow("trailing bytes") << good + QByteArray(3, '\0') << "3 trailing byte(s)";
    {
        SptImage image(2);
        image.i32(-5);
        QTest::newRow("negative name length")
            << image.setCount(1).bytes() << "negative name length -5";
    }
    {
        SptImage image(2);
        image.i32(1);
        image.raw("a");
        image.i32(-2);
        QTest::newRow("negative source length")
            << image.setCount(1).bytes() << "negative source path length -2";
    }
    {
        SptImage image(1);
        image.i32(1);
        image.raw("a");
        image.i64(-3);
        QTest::newRow("negative call count")
            << image.setCount(1).bytes() << "negative call count -3";
    }
    {
        SptImage image(1);
        image.i32(1);
        image.raw("a");
        image.i64(std::int64_t(1) << 60); // would be 2^64 bytes: must not be allocated
        QTest::newRow("huge call count") << image.setCount(1).bytes() << "probably died";
    }
    QTest::newRow("repeated name")
        << SptImage(2).add({"a", {1}, {2}}).add({"b", {3}, {4}}).add({"a", {5}, {6}}).bytes()
        << "region 'a' repeats region record 1";
    QTest::newRow("end before start") << SptImage(2).add({"a", {1, 10}, {2, 9}}).bytes()
                                      << "call 2 of 'a' ends (9 ns) before it starts (10 ns)";
    QTest::newRow("bad UTF-8 name")
        << SptImage(2).add({"a\xff", {1}, {2}}).bytes() << "name is not valid UTF-8";
    QTest::newRow("bad UTF-8 source")
        << SptImage(2).add({"a", {1}, {2}, "x\xc3", 3}).bytes() << "source path is not valid UTF-8";
    QTest::newRow("overlap without nesting")
        << SptImage(2).add({"a", {0}, {10}}).add({"b", {5}, {15}}).bytes()
        << "calls overlap without nesting: 'a' [0, 10] and 'b' [5, 15]";
    QTest::newRow("out of range")
        << SptImage(2).add({"a", {std::numeric_limits<std::int64_t>::min()}, {0}}).bytes()
        << "out of range";
}

void TestSptReader::errors() {
    QFETCH(QByteArray, bytes);
    QFETCH(QString, message);
    const QString error = thrown([&] { read(bytes); });
    QVERIFY2(error.startsWith("CorruptProfileError: t.spt: "), qPrintable(error));
    QVERIFY2(error.contains(message), qPrintable(error));
}

void TestSptReader::truncatedAtEveryBoundary_data() {
    QTest::addColumn<QByteArray>("bytes");
    for (const int version : {1, 2}) {
        SptImage image(version, 3);
        image.add({"outer", {100}, {200}, "f.c", 1}).add({"inner", {110, 150}, {120, 160}});
        const QByteArray full = image.bytes();
        // Every field boundary, and every byte of the header and the first record.
        std::vector<qsizetype> cuts(image.boundaries().begin(), image.boundaries().end());
        for (qsizetype n = 0; n < 60; ++n)
            cuts.push_back(n);
        for (const qsizetype cut : cuts)
            if (cut < full.size())
                QTest::addRow("v%d, %lld of %lld bytes", version, qlonglong(cut),
                              qlonglong(full.size()))
                    << full.left(cut);
    }
}

void TestSptReader::truncatedAtEveryBoundary() {
    QFETCH(QByteArray, bytes);
    const QString error = thrown([&] { read(bytes); });
    QVERIFY2(error.startsWith("CorruptProfileError: t.spt: "), qPrintable(error));
    QVERIFY2(error.contains("the run probably died while writing it"), qPrintable(error));
}

void TestSptReader::recursionAndExclusiveTimes() {
    // rank 1: solve [0,100] holds f [10,60] which holds f [20,30] (recursion:
    // f's ends unsorted), and g [70,80]. Exclusive: solve 100-50-10 = 40,
    // f (50-10)+10 = 50, g 10.
    SptImage image(2, 1);
    image.add({"solve", {0}, {100}}).add({"f", {10, 20}, {60, 30}}).add({"g", {70}, {80}});
    ProfilingResults r = read(image.bytes());
    QCOMPARE(r.numRanks, 2u);
    QCOMPARE(r.rows.size(), std::size_t{3});
    QVERIFY(!r.rows[0].exclusiveNs); // the trace stores none
    fillExclusiveTimes(r, TimelineIndex(r));
    const auto exclusive = [&](const char* name) {
        return *r.row(*r.regionIndex(name), 1)->exclusiveNs;
    };
    QCOMPARE(exclusive("solve"), std::int64_t{40});
    QCOMPARE(exclusive("f"), std::int64_t{50});
    QCOMPARE(exclusive("g"), std::int64_t{10});
}

void TestSptReader::emptyTraceHasItsRank() {
    const ProfilingResults r = read(SptImage(1, 4).bytes());
    QVERIFY(r.rows.empty());
    QCOMPARE(r.metadata.integer("mpi_rank"), std::optional<std::int64_t>(4));
    QVERIFY(!r.metadata.find("start_time_ns"));
}

void TestSptReader::cancelled() {
    std::atomic<bool> cancel{true};
    ReadControl control;
    control.cancel = &cancel;
    QVERIFY(thrown([&] { read(walkThrough(2).bytes(), control); }).startsWith("ReadCancelled"));
}

void TestSptReader::utf8() {
    QVERIFY(utf8::isValid("L\xc3\xb6ser-\xce\xb5"));
    QVERIFY(utf8::isValid("\xf0\x9f\x98\x80"));
    QVERIFY(!utf8::isValid("\xc0\xaf"));         // overlong '/'
    QVERIFY(!utf8::isValid("\xed\xa0\x80"));     // a surrogate
    QVERIFY(!utf8::isValid("\xf4\x90\x80\x80")); // past U+10FFFF
    QVERIFY(!utf8::isValid("\xe2\x82"));         // cut short
}

void TestSptReader::realTraceMatchesExpected_data() {
    QTest::addColumn<QString>("name");
    QTest::newRow("rank 0") << "capi_trace_rank00000";
    QTest::newRow("rank 1") << "capi_trace_rank00001";
}

void TestSptReader::realTraceMatchesExpected() {
    QFETCH(QString, name);
    const QString dir = QStringLiteral(SCOPE_TEST_DATA_DIR "/c-api/");
    ProfilingResults r = readSpt((dir + name + ".spt").toStdString());
    fillExclusiveTimes(r, TimelineIndex(r));
    QFile json(dir + name + ".expected.json");
    QVERIFY(json.open(QIODevice::ReadOnly));
    const QJsonObject file = QJsonDocument::fromJson(json.readAll())["files"][0].toObject();
    const QJsonObject expected = file["region_statistics"].toObject();
    QCOMPARE(r.regions.size(), std::size_t(expected.size()));
    const std::uint32_t rank = std::uint32_t(file["ranks"][0].toInt());
    QCOMPARE(r.metadata.integer("mpi_rank"), std::optional<std::int64_t>(rank));
    // The one region registered with its source location (v2).
    const SourceLocation& located = r.details(*r.row(*r.regionIndex("src.located"), rank)).source;
    QCOMPARE(located.file, std::string("driver.c"));
    QCOMPARE(located.line, std::int64_t{122});
    QVERIFY(r.details(*r.row(*r.regionIndex("solve"), rank)).empty());
    for (auto it = expected.begin(); it != expected.end(); ++it) {
        const auto region = r.regionIndex(it.key().toStdString());
        QVERIFY2(region, qPrintable(it.key()));
        const RegionStats s = r.stats(*region, rank);
        const QJsonObject e = it.value().toObject();
        const QString where = it.key();
        QCOMPARE(s.count, std::uint64_t(e["count"].toInteger()));
        QVERIFY2(relativelyClose(s.total, e["total_duration_seconds"].toDouble()),
                 qPrintable(where));
        QVERIFY2(relativelyClose(s.min, e["min_duration_seconds"].toDouble()), qPrintable(where));
        QVERIFY2(relativelyClose(s.max, e["max_duration_seconds"].toDouble()), qPrintable(where));
        QVERIFY2(relativelyClose(*s.std, e["std_duration_seconds"].toDouble(), 1e-6),
                 qPrintable(where));
        QVERIFY2(relativelyClose(double(*r.row(*region, rank)->exclusiveNs) * 1e-9,
                                 e["exclusive_total_seconds"].toDouble()),
                 qPrintable(where));
    }
}

void TestSptReader::readProfileFileSniffsTheMagic() {
    QTemporaryDir dir;
    // Named .h5, but a trace: the magic decides, not the name.
    const QString path = dir.filePath("trace.h5");
    QVERIFY(walkThrough(2).save(path));
    ReadRequest request;
    const ProfilingResults r = readProfileFile(path.toStdString(), request);
    QCOMPARE(r.totalCalls(), std::uint64_t{3});
    QVERIFY(!r.summaryFallback);
    request.summaryOnly = true;
    request.fallback = true;
    QVERIFY(readProfileFile(path.toStdString(), request).summaryFallback);
    request.fallback = false;
    QVERIFY(thrown([&] {
                readProfileFile(path.toStdString(), request);
            }).startsWith("SummaryDataUnavailable"));
    request = {};
    request.rowDetails = false;
    QVERIFY(readProfileFile(path.toStdString(), request).details(r.rows[0]).empty());
    QVERIFY(thrown([&] {
                readProfileFile(dir.filePath("none.spt").toStdString(), {});
            }).startsWith("FileNotFoundError"));
}

void TestSptReader::olderCWriterMinusOneIds() {
    // The C writer before d1a32e26: call_ids and parent_ids all -1,
    // exclusive_totals -1. Nesting must come from the times: outer [0,100]
    // holds inner [10,40], so outer's exclusive time is 70 ns.
    fixtures::FixtureSpec spec;
    spec.schema = 2;
    spec.rows.push_back(fixtures::FixtureRow::make(0, "outer", {0}, {100}));
    spec.rows.push_back(fixtures::FixtureRow::make(0, "inner", {10}, {40}));
    for (auto& row : spec.rows) {
        row.callIds = {-1};
        row.parentIds = {-1};
        row.exclusiveTotal = -1;
    }
    QTemporaryDir dir;
    const std::string path = dir.filePath("old_rank00000.h5").toStdString();
    fixtures::FixtureWriter::write(spec, path);
    ProfilingResults r = readProfileFile(path, {});
    QVERIFY(!r.events.hasCallIds());
    QVERIFY(!r.rows[0].exclusiveNs);
    fillExclusiveTimes(r, TimelineIndex(r));
    QCOMPARE(*r.row(*r.regionIndex("outer"), 0)->exclusiveNs, std::int64_t{70});
    QCOMPARE(*r.row(*r.regionIndex("inner"), 0)->exclusiveNs, std::int64_t{30});
}

QTEST_APPLESS_MAIN(TestSptReader)
#include "tst_SptReader.moc"
