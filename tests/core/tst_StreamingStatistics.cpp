// SPDX-License-Identifier: GPL-3.0-or-later
// A read over the memory budget streams the event columns once for the
// statistics and leaves the calls on disk: every row's summary must be
// bit-identical to the read into memory (mean and m2 included), with the same
// damaged regions, warnings and region_statistics.json, on every sample and
// every fixture layout.
#include "FixtureWriter.h"
#include "LayoutRows.h"
#include "SampleSpecs.h"
#include "SummaryComparison.h"
#include "SyntheticRun.h"
#include "TestSupport.h"
#include "export/RegionStatisticsJson.h"
#include "format/ProfileReader.h"
#include "isolate/IsolatedReader.h"
#include "load/AsyncLoader.h"
#include "model/Errors.h"

#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <functional>

using namespace scope;
using namespace scope::fixtures;
using scope::testing::compareSummaries;
using scope::testing::thrown;

namespace {

// Every file streams: no run fits in one byte.
constexpr std::uint64_t kTinyBudget = 1;

QString sampleFile(const char* name) {
    return QStringLiteral(SCOPE_TEST_DATA_DIR "/") + QLatin1String(name);
}

// "" when the streamed read agrees with the read into memory in everything
// but where the calls are.
QString compareResults(const ProfilingResults& streamed, const ProfilingResults& memory) {
    if (streamed.regions != memory.regions)
        return QStringLiteral("regions differ");
    if (streamed.numRanks != memory.numRanks || streamed.minimumStartNs != memory.minimumStartNs)
        return QStringLiteral("num_ranks or minimum start differ");
    if (streamed.warnings != memory.warnings)
        return QStringLiteral("warnings differ");
    if (streamed.damaged.size() != memory.damaged.size())
        return QStringLiteral("%1 damaged regions streamed, %2 in memory")
            .arg(streamed.damaged.size())
            .arg(memory.damaged.size());
    for (std::size_t i = 0; i < memory.damaged.size(); ++i)
        if (streamed.damaged[i].rank != memory.damaged[i].rank ||
            streamed.damaged[i].region != memory.damaged[i].region ||
            streamed.damaged[i].reason != memory.damaged[i].reason)
            return QStringLiteral("damaged region %1: '%2' streamed, '%3' in memory")
                .arg(i)
                .arg(QString::fromStdString(streamed.damaged[i].reason),
                     QString::fromStdString(memory.damaged[i].reason));
    if (streamed.rows.size() != memory.rows.size())
        return QStringLiteral("%1 rows streamed, %2 in memory")
            .arg(streamed.rows.size())
            .arg(memory.rows.size());
    for (std::size_t i = 0; i < memory.rows.size(); ++i) {
        const RankRegion& a = streamed.rows[i];
        const RankRegion& b = memory.rows[i];
        const QString where = QStringLiteral("row %1 (rank %2, '%3')")
                                  .arg(i)
                                  .arg(b.rank)
                                  .arg(QString::fromStdString(memory.regions[b.region]));
        if (a.rank != b.rank || a.region != b.region || a.offset != b.offset ||
            a.exclusiveNs != b.exclusiveNs)
            return where + QStringLiteral(": rank, region, offset or exclusive time differ");
        if (const QString error = compareSummaries(a.summary, b.summary, where); !error.isEmpty())
            return error;
        if (streamed.details(a).source.file != memory.details(b).source.file)
            return where + QStringLiteral(": details differ");
    }
    return {};
}

// The JSON a read over the budget writes. RegionStatisticsJson says
std::string jsonOf(const ProfilingResults& results) {
    return RegionStatisticsJson().write(results);
}

} // namespace

class TestStreamingStatistics : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    std::string path(const QString& name) const { return dir_.filePath(name).toStdString(); }

    void checkFile(const std::string& file) {
        const ProfilingResults memory = readH5(file);
        ReadRequest options;
        options.memoryBudget = kTinyBudget;
        const ProfilingResults streamed = readH5(file, options);
        QCOMPARE(streamed.eventsRead, false);
        QVERIFY(streamed.events.starts.empty());
        QCOMPARE(bool(streamed.onDemand), memory.eventsRead);
        const QString error = compareResults(streamed, memory);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(jsonOf(streamed), jsonOf(memory));
    }

private slots:
    void samples_data() {
        QTest::addColumn<QString>("file");
        for (const char* name :
             {"run_serial.h5", "run_np3.h5", "run_cli_cg.h5", "v3_serial.h5", "v3_aggregate.h5",
              "c-api/capi_run_rank00000.h5", "c-api/capi_run_rank00001.h5"})
            QTest::newRow(name) << sampleFile(name);
    }
    void samples() {
        QFETCH(QString, file);
        checkFile(file.toStdString());
    }

    void layouts_data() {
        testing::addLayoutRows();
        QTest::newRow("schema 3 optional columns")
            << testing::layoutVariant(3, [](FixtureSpec& s) { SampleSpecs::addAuxiliary(s); });
        QTest::newRow("schema 3 aggregate")
            << testing::layoutVariant(3, [](FixtureSpec& s) { s.layout = Layout::Aggregate; });
        QTest::newRow("gpu run") << SampleSpecs::gpuRun();
        // Rows longer than a streamed piece (64 Ki calls) and than many
        // checkpoints: m2 is summed over pieces read twice.
        SyntheticRun::Shape shape;
        shape.ranks = 2;
        shape.regions = 2;
        shape.calls = 70'000;
        shape.withGpu = true;
        FixtureSpec longRows = SyntheticRun::generate(shape);
        QTest::newRow("long rows, delta zstd") << [&] {
            FixtureSpec s = longRows;
            s.compression = Compression::Zstd;
            s.chunkSize = 10'000;
            return s;
        }();
        // Rows of one piece but many blocks (1 Ki calls), in chunks that
        // straddle rows: the pass unshuffles each block's values straight
        // from the chunk, and checkpoints fall inside blocks.
        QTest::newRow("rows of one piece, delta zstd") << [&] {
            SyntheticRun::Shape onePiece = shape;
            onePiece.calls = 5'000;
            FixtureSpec s = SyntheticRun::generate(onePiece);
            s.compression = Compression::Zstd;
            s.chunkSize = 3'000;
            return s;
        }();
        QTest::newRow("long rows, absolute") << [&] {
            FixtureSpec s = longRows;
            s.encoding = EventEncoding::Absolute;
            return s;
        }();
        QTest::newRow("long rows, schema 1") << [&] {
            FixtureSpec s = longRows;
            s.schema = 1;
            return s;
        }();
    }
    void layouts() {
        QFETCH(FixtureSpec, spec);
        const std::string file = path(QStringLiteral("%1.h5").arg(QTest::currentDataTag()));
        FixtureWriter::write(spec, file);
        if (spec.bigEndianEvents) {
            // Only libhdf5 reads these columns, whole and into memory: a
            // budget they would pass is refused, never silently exceeded.
            ReadRequest options;
            options.memoryBudget = kTinyBudget;
            const QString error = thrown([&] { readH5(file, options); });
            QVERIFY2(
                error.startsWith(QStringLiteral("ProfileError: ")) &&
                    error.contains(QStringLiteral("is stored so that only libhdf5 reads it")) &&
                    error.contains(QStringLiteral("raise the budget")),
                qPrintable(error));
            return;
        }
        checkFile(file);
    }

    // Summary-only reads of files without summary columns read the events:
    // under the budget they stream too, and keep only the asked-for rows.
    void summaryFallbackStreams() {
        const std::string file = path(QStringLiteral("fallback.h5"));
        FixtureWriter::write(SampleSpecs::standard(1), file);
        ReadRequest options;
        options.fallback = true;
        options.ranks = {0, 2};
        const ProfilingResults memory = readH5Summary(file, options);
        options.memoryBudget = kTinyBudget;
        const ProfilingResults streamed = readH5Summary(file, options);
        QVERIFY(streamed.onDemand);
        QVERIFY(streamed.summaryFallback);
        const QString error = compareResults(streamed, memory);
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }

    // The viewer's path: the helper plans, this process streams.
    void isolatedReadStreams() {
        ReadRequest request;
        request.memoryBudget = kTinyBudget;
        const std::string file = sampleFile("run_np3.h5").toStdString();
        const ProfilingResults streamed = readIsolated(file, request);
        QVERIFY(streamed.onDemand);
        const QString error = compareResults(streamed, readH5(file));
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }

    // The viewer's loader passes its budget on and, with the calls on disk,
    // builds no index over columns in memory (and does not fail for it).
    void theLoaderPassesTheBudget() {
        std::optional<LoadOutcome> outcome;
        AsyncLoader loader({{}, [&](const LoadOutcome& o) { outcome = o; }});
        LoadRequest request;
        request.path = sampleFile("run_np3.h5").toStdString();
        request.memoryBudget = kTinyBudget;
        loader.start(request);
        loader.waitAll();
        QVERIFY(outcome);
        QVERIFY(!outcome->error);
        QVERIFY(outcome->results);
        QVERIFY(outcome->results->onDemand);
        QVERIFY(!outcome->timeline);
        // One byte holds no rank's calls: no timeline, and the run says why.
        QVERIFY(!outcome->timelineSource);
        QVERIFY2(QString::fromStdString(outcome->timelineError).contains("memory budget"),
                 outcome->timelineError.c_str());
        const QString error = compareResults(*outcome->results, readH5(request.path));
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }

    // A run read on demand shows its table before the pass over its calls,
    // from the summary columns the profiler stored (v3_serial has them), and
    // only once; a file without them (run_np3) shows it after that pass.
    void theTableComesFromTheSummariesFirst() {
        for (const char* name : {"v3_serial.h5", "run_np3.h5"}) {
            std::vector<std::shared_ptr<const ProfilingResults>> stages;
            std::optional<LoadOutcome> outcome;
            AsyncLoader::Callbacks callbacks;
            callbacks.finished = [&](const LoadOutcome& o) { outcome = o; };
            callbacks.readDone = [&](const LoadOutcome& o) { stages.push_back(o.results); };
            AsyncLoader loader(std::move(callbacks));
            LoadRequest request;
            request.path = sampleFile(name).toStdString();
            request.memoryBudget = kTinyBudget;
            loader.start(request);
            loader.waitAll();
            QVERIFY(outcome && outcome->results && outcome->results->onDemand);
            QCOMPARE(stages.size(), std::size_t(1));
            const bool fromSummaries = std::string(name) == "v3_serial.h5";
            QCOMPARE(stages[0]->onDemand == nullptr, fromSummaries);
            // The stored summaries and the streamed statistics agree on
            // every row (the profiler computed them from the same calls).
            const ProfilingResults& early = *stages[0];
            const ProfilingResults& exact = *outcome->results;
            QCOMPARE(early.rows.size(), exact.rows.size());
            for (std::size_t i = 0; i < exact.rows.size(); ++i) {
                QCOMPARE(early.rows[i].summary.count, exact.rows[i].summary.count);
                QCOMPARE(early.rows[i].summary.total, exact.rows[i].summary.total);
                QCOMPARE(early.rows[i].summary.minimum, exact.rows[i].summary.minimum);
                QCOMPARE(early.rows[i].summary.maximum, exact.rows[i].summary.maximum);
            }
        }
    }

    // The rule: a budget the events exceed in memory (8 bytes per value of
    // every column, plus 8 per call for the timeline index) streams them.
    void theBudgetDecides() {
        const std::string file = sampleFile("run_serial.h5").toStdString();
        const PlannedRead read = planH5(file);
        std::uint64_t values = 0;
        for (std::uint64_t length : read.events.columnLengths)
            values += length;
        const std::uint64_t calls = read.events.columnLengths[0];
        QVERIFY(calls > 0);
        const std::uint64_t bytes = 8 * (values + calls);
        QCOMPARE(eventBytesInMemory(read.events), bytes);
        QVERIFY(!readsOnDemand(read.events, 0));
        QVERIFY(!readsOnDemand(read.events, bytes));
        QVERIFY(readsOnDemand(read.events, bytes - 1));
        ReadRequest options;
        options.memoryBudget = bytes;
        QVERIFY(readH5(file, options).eventsRead);
        options.memoryBudget = bytes - 1;
        const ProfilingResults streamed = readH5(file, options);
        QVERIFY(!streamed.eventsRead);
        QVERIFY(streamed.onDemand);
        QCOMPARE(streamed.onDemand->cacheLimitBytes(), (bytes - 1) / 4);
    }

    // Damage found while streaming is reported as the read into memory
    // reports it: a region of schema 1 skipped with the same reason, a
    // damaged chunk of a columnar file a corrupt file.
    void damageIsReportedAlike() {
        FixtureSpec spec = SampleSpecs::standard(1);
        spec.compression = Compression::Zstd;
        const std::string perRank = path(QStringLiteral("damaged1.h5"));
        FixtureWriter::write(spec, perRank);
        {
            // The ends of the second planned region: garbage instead of zstd.
            const PlannedRead read = planH5(perRank);
            const auto it = std::find_if(read.events.datasets.begin(), read.events.datasets.end(),
                                         [](const PlannedDataset& d) {
                                             return d.column == EventColumnId::Ends && d.row == 1;
                                         });
            QVERIFY(it != read.events.datasets.end());
            const PlannedDataset& d = *it;
            const StoredChunk& chunk = read.events.chunks[d.firstChunk];
            std::fstream out(perRank, std::ios::in | std::ios::out | std::ios::binary);
            out.seekp(static_cast<std::streamoff>(chunk.fileOffset));
            const std::string garbage(chunk.storedBytes, '\x5a');
            out.write(garbage.data(), static_cast<std::streamsize>(garbage.size()));
        }
        const ProfilingResults memory = readH5(perRank);
        QCOMPARE(memory.damaged.size(), std::size_t{1});
        checkFile(perRank);

        FixtureSpec columnar = SampleSpecs::standard(3);
        columnar.compression = Compression::Deflate;
        columnar.chunkSize = 16;
        const std::string file = path(QStringLiteral("damaged3.h5"));
        FixtureWriter::write(columnar, file);
        {
            const PlannedRead read = planH5(file);
            const PlannedDataset& d = read.events.datasets[1];
            const StoredChunk& chunk = read.events.chunks[d.firstChunk + 2];
            std::fstream out(file, std::ios::in | std::ios::out | std::ios::binary);
            out.seekp(static_cast<std::streamoff>(chunk.fileOffset + 1));
            const std::string garbage(chunk.storedBytes - 2, '\x33');
            out.write(garbage.data(), static_cast<std::streamsize>(garbage.size()));
        }
        const QString expected = thrown([&] { readH5(file); });
        QVERIFY2(expected.startsWith(QStringLiteral("CorruptProfileError")) &&
                     expected.contains(QStringLiteral("does not decompress")),
                 qPrintable(expected));
        ReadRequest options;
        options.memoryBudget = kTinyBudget;
        QCOMPARE(thrown([&] { readH5(file, options); }), expected);
    }

    // Times that break the file's range (or deltas that overflow) are
    // damage alike: the region skipped (schema 1), the file corrupt.
    void timesOutOfRangeAreDamage_data() {
        QTest::addColumn<int>("schema");
        QTest::newRow("schema 1") << 1;
        QTest::newRow("schema 3 delta") << 3;
    }
    void timesOutOfRangeAreDamage() {
        QFETCH(int, schema);
        FixtureSpec spec = SampleSpecs::standard(schema);
        spec.rows[1].starts[1] = std::numeric_limits<std::int64_t>::min() / 2 - 10;
        spec.rows[1].ends[1] = std::numeric_limits<std::int64_t>::max() / 2 + 10;
        const std::string file = path(QStringLiteral("range%1.h5").arg(schema));
        FixtureWriter::write(spec, file);
        const QString expected = thrown([&] { readH5(file); });
        if (schema == 1) {
            QCOMPARE(expected, QStringLiteral("no error"));
            QCOMPARE(readH5(file).damaged.size(), std::size_t{1});
            checkFile(file);
            return;
        }
        QVERIFY2(expected.startsWith(QStringLiteral("CorruptProfileError")), qPrintable(expected));
        ReadRequest options;
        options.memoryBudget = kTinyBudget;
        QCOMPARE(thrown([&] { readH5(file, options); }), expected);
    }

    // Cancelling stops the stream with ReadCancelled.
    void aCancelStopsTheStream() {
        std::atomic<bool> cancel{true};
        ReadRequest options;
        options.memoryBudget = kTinyBudget;
        options.control.cancel = &cancel;
        const QString error =
            thrown([&] { readH5(sampleFile("run_cli_cg.h5").toStdString(), options); });
        QVERIFY2(error.startsWith(QStringLiteral("ReadCancelled")), qPrintable(error));
    }
};

QTEST_APPLESS_MAIN(TestStreamingStatistics)
#include "tst_StreamingStatistics.moc"
