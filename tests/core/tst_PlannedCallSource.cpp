// SPDX-License-Identifier: GPL-3.0-or-later
// The calls of a run read over the memory budget stay on disk behind a
// PlannedCallSource: any range of any row must read back exactly the times
// the read into memory holds (mid-row on delta-encoded files too), from
// several threads at once, through a reader that keeps what it decoded from
// read to read as well as one read at a time, with the cache of decoded chunks never above its
// limit, and damage found later must name the file.
#include "FixtureWriter.h"
#include "LayoutRows.h"
#include "SampleSpecs.h"
#include "SplitMix64.h"
#include "SyntheticRun.h"
#include "TestSupport.h"
#include "events/PlannedCallSource.h"
#include "format/ProfileReader.h"
#include "model/Errors.h"

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <filesystem>

#include <fstream>
#include <functional>
#include <thread>

using namespace scope;
using namespace scope::fixtures;
using scope::testing::thrown;

namespace {

FixtureSpec longRows(Compression compression, EventEncoding encoding, int schema = 3) {
    SyntheticRun::Shape shape;
    shape.ranks = 2;
    shape.regions = 2;
    shape.calls = 20'000; // rows of several checkpoints (4,096 calls) and chunks
    FixtureSpec spec = SyntheticRun::generate(shape);
    spec.schema = schema;
    spec.compression = compression;
    spec.encoding = encoding;
    spec.chunkSize = 3'000;
    return spec;
}

ProfilingResults readOnDemand(const std::string& file, std::uint64_t budget = 1) {
    ReadRequest options;
    options.memoryBudget = budget;
    return readH5(file, options);
}

const PlannedCallSource& sourceOf(const ProfilingResults& results) {
    const auto* source = dynamic_cast<const PlannedCallSource*>(results.onDemand.get());
    if (source == nullptr)
        throw std::logic_error("not read on demand");
    return *source;
}

// "" when `count` random ranges of every row (and each row whole) read back
// as `memory` holds them: every other range through one CallReader, which
// carries its decoded chunks across rows and ranges.
QString compareRanges(const ProfilingResults& memory, const ProfilingResults& streamed,
                      std::uint64_t seed, int count) {
    SplitMix64 random(seed);
    const std::unique_ptr<CallReader> reader = streamed.onDemand->reader();
    if (memory.rows.size() != streamed.rows.size())
        return QStringLiteral("the reads have different rows");
    for (std::size_t r = 0; r < memory.rows.size(); ++r) {
        const RankRegion& row = streamed.rows[r];
        const std::uint64_t n = row.summary.count;
        const auto expectedStarts = memory.starts(memory.rows[r]);
        const auto expectedEnds = memory.ends(memory.rows[r]);
        for (int i = 0; i <= count && n > 0; ++i) {
            std::uint64_t first = 0, length = n;
            if (i > 0) {
                first = random.next() % n;
                length = 1 + random.next() % std::min<std::uint64_t>(n - first, 9'000);
            }
            std::vector<std::int64_t> starts(length), ends(length);
            std::vector<std::int64_t> lanes(memory.events.hasLanes() ? length : 0);
            if (i % 2 == 0) {
                reader->read(row, first, starts, ends);
                if (reader->readLanes(row, first, lanes) != memory.events.hasLanes())
                    return QStringLiteral("the reader's lanes are not the file's");
            } else {
                streamed.onDemand->read(row, first, starts, ends);
                if (streamed.onDemand->readLanes(row, first, lanes) != memory.events.hasLanes())
                    return QStringLiteral("the source's lanes are not the file's");
            }
            for (std::uint64_t k = 0; k < lanes.size(); ++k)
                if (lanes[k] != memory.events.lane(memory.rows[r].offset + first + k))
                    return QStringLiteral("row %1, call %2: lane %3 on demand, %4 in memory")
                        .arg(r)
                        .arg(first + k)
                        .arg(lanes[k])
                        .arg(memory.events.lane(memory.rows[r].offset + first + k));
            for (std::uint64_t k = 0; k < length; ++k)
                if (starts[k] != expectedStarts[first + k] || ends[k] != expectedEnds[first + k])
                    return QStringLiteral("row %1, call %2 (range from %3): [%4, %5] on demand, "
                                          "[%6, %7] in memory")
                        .arg(r)
                        .arg(first + k)
                        .arg(first)
                        .arg(starts[k])
                        .arg(ends[k])
                        .arg(expectedStarts[first + k])
                        .arg(expectedEnds[first + k]);
        }
    }
    return {};
}

} // namespace

class TestPlannedCallSource : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    std::string path(const QString& name) const { return dir_.filePath(name).toStdString(); }

    void checkFile(const std::string& file) {
        const ProfilingResults memory = readH5(file);
        QVERIFY(memory.eventsRead);
        // Values only libhdf5 reads are held whole whatever the budget, and
        // a budget below them is refused: the least budget that takes them.
        const std::uint64_t inlineBytes =
            planH5(file).events.inlineValues.size() * sizeof(std::int64_t);
        const ProfilingResults streamed =
            readOnDemand(file, std::max<std::uint64_t>(inlineBytes, 1));
        QVERIFY(streamed.onDemand);
        const QString error = compareRanges(memory, streamed, 1, 20);
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }

private slots:
    void samples_data() {
        QTest::addColumn<QString>("file");
        for (const char* name : {"run_serial.h5", "run_np3.h5", "run_cli_cg.h5", "v3_serial.h5",
                                 "c-api/capi_run_rank00000.h5", "c-api/capi_run_rank00001.h5"})
            QTest::newRow(name) << QStringLiteral(SCOPE_TEST_DATA_DIR "/") + QLatin1String(name);
    }
    void samples() {
        QFETCH(QString, file);
        checkFile(file.toStdString());
    }

    void layouts_data() {
        testing::addLayoutRows();
        QTest::newRow("long rows, delta zstd") << longRows(Compression::Zstd, EventEncoding::Delta);
        QTest::newRow("long rows, delta deflate")
            << longRows(Compression::Deflate, EventEncoding::Delta);
        QTest::newRow("long rows, delta unchunked") << [] {
            FixtureSpec s = longRows(Compression::None, EventEncoding::Delta);
            s.chunked = false;
            return s;
        }();
        QTest::newRow("long rows, absolute LZF")
            << longRows(Compression::Lzf, EventEncoding::Absolute);
        QTest::newRow("long rows, schema 1 zstd")
            << longRows(Compression::Zstd, EventEncoding::Absolute, 1);
        QTest::newRow("long rows, thread and task columns") << [] {
            FixtureSpec s = longRows(Compression::Zstd, EventEncoding::Delta);
            s.threadTaskColumns = true;
            return s;
        }();
    }
    void layouts() {
        QFETCH(FixtureSpec, spec);
        const std::string file = path(QStringLiteral("%1.h5").arg(QTest::currentDataTag()));
        FixtureWriter::write(spec, file);
        // Lanes are compared where the file has them.
        QCOMPARE(readH5(file).events.hasLanes(), spec.threadTaskColumns);
        checkFile(file);
    }

    // A budget of 1 MB leaves a 256 KB cache: three chunks of 3,000 calls
    // (24 KB each) per column fit many times, the file's do not.
    void theCacheStaysWithinItsLimit() {
        const std::string file = path(QStringLiteral("cache.h5"));
        FixtureWriter::write(longRows(Compression::Zstd, EventEncoding::Delta), file);
        const ProfilingResults memory = readH5(file);
        const std::uint64_t budget = 1'000'000;
        QVERIFY(eventBytesInMemory(planH5(file).events) > budget);
        const ProfilingResults streamed = readOnDemand(file, budget);
        const PlannedCallSource& source = sourceOf(streamed);
        QCOMPARE(source.cacheLimitBytes(), budget / 4);
        QVERIFY(source.cachedBytes() <= source.cacheLimitBytes());
        for (std::uint64_t seed = 2; seed < 6; ++seed) {
            const QString error = compareRanges(memory, streamed, seed, 10);
            QVERIFY2(error.isEmpty(), qPrintable(error));
            QVERIFY(source.cachedBytes() <= source.cacheLimitBytes());
        }
        // The cache is in use: the chunks last read are held.
        QVERIFY(source.cachedBytes() >= 3'000 * sizeof(std::int64_t));
        // Without room for a chunk nothing is held, and reads still work.
        const ProfilingResults uncached = readOnDemand(file, 4);
        QCOMPARE(sourceOf(uncached).cacheLimitBytes(), std::uint64_t{1});
        const QString error = compareRanges(memory, uncached, 7, 5);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(sourceOf(uncached).cachedBytes(), std::uint64_t{0});
    }

    // The statistics' pass reads each chunk of a short row once: it leaves
    // the cache empty (a full cache of chunks nobody reads again was most
    // of a large run's memory) and decodes chunk after chunk into the same
    // buffer, which must give each chunk's own values, never the last one's.
    void aPassOverShortRowsLeavesTheCacheEmpty() {
        const std::string file = path(QStringLiteral("once.h5"));
        FixtureWriter::write(longRows(Compression::Zstd, EventEncoding::Delta), file);
        const ProfilingResults memory = readH5(file);
        const ProfilingResults streamed = readOnDemand(file, 1'000'000);
        const PlannedCallSource& source = sourceOf(streamed);
        QCOMPARE(source.cachedBytes(), std::uint64_t{0});
        QVERIFY(streamed.rows.size() >= 2);
        PlannedCallSource::Cursor cursor;
        cursor.sharesChunks = false;
        // Two rows in turns, in pieces that end mid-chunk, so that each
        // piece decodes chunks the one before did not.
        const std::uint64_t piece = 1'700;
        for (std::uint64_t first = 0; first < 20'000; first += piece) {
            for (std::size_t r = 0; r < 2; ++r) {
                const RankRegion& row = streamed.rows[r];
                const std::uint64_t length = std::min(piece, row.summary.count - first);
                std::vector<std::int64_t> starts(length), ends(length);
                source.read(row, first, starts, ends, cursor);
                const auto expectedStarts = memory.starts(memory.rows[r]).subspan(first, length);
                const auto expectedEnds = memory.ends(memory.rows[r]).subspan(first, length);
                QVERIFY2(std::equal(starts.begin(), starts.end(), expectedStarts.begin()),
                         qPrintable(QStringLiteral("row %1 from call %2").arg(r).arg(first)));
                QVERIFY(std::equal(ends.begin(), ends.end(), expectedEnds.begin()));
            }
        }
        QCOMPARE(source.cachedBytes(), std::uint64_t{0});
        // A cursor that shares puts what it decodes in the cache.
        PlannedCallSource::Cursor sharing;
        std::vector<std::int64_t> starts(10), ends(10);
        source.read(streamed.rows[0], 0, starts, ends, sharing);
        QVERIFY(source.cachedBytes() >= 3'000 * sizeof(std::int64_t));
    }

    // A run written again under the same name cuts the file short under a
    // pass that reads it chunk by chunk: the next chunk is an error naming
    // the file, as a read past its end, and the process (the viewer, with
    // its other runs) lives on.
    void aFileCutShortUnderAPassIsAnErrorNotACrash() {
        const std::string file = path(QStringLiteral("cut.h5"));
        FixtureWriter::write(longRows(Compression::Zstd, EventEncoding::Delta), file);
        const ProfilingResults streamed = readOnDemand(file, 4); // no cache
        const RankRegion& row = streamed.rows.front();
        QVERIFY(row.summary.count >= 20'000);
        PlannedCallSource::Cursor cursor;
        cursor.sharesChunks = false;
        std::vector<std::int64_t> starts(10), ends(10);
        sourceOf(streamed).read(row, 0, starts, ends, cursor);
        std::filesystem::resize_file(file, 0);
        const QString error = thrown(
            [&] { sourceOf(streamed).read(row, row.summary.count - 10, starts, ends, cursor); });
        QVERIFY2(error.startsWith(QStringLiteral("CorruptProfileError: ") +
                                  QString::fromStdString(file)) &&
                     error.contains(QStringLiteral("reading the event columns")) &&
                     error.contains(QStringLiteral("lies past the end of the file")),
                 qPrintable(error));
        // The cursor reads on afterwards: the same error for another chunk,
        // no crash.
        QVERIFY(thrown([&] {
                    sourceOf(streamed).read(row, row.summary.count / 2, starts, ends, cursor);
                }).contains(QStringLiteral("lies past the end of the file")));
    }

    // The viewer reads from several threads at once.
    void threadsReadAtOnce() {
        const std::string file = path(QStringLiteral("threads.h5"));
        FixtureWriter::write(longRows(Compression::Deflate, EventEncoding::Delta), file);
        const ProfilingResults memory = readH5(file);
        const ProfilingResults streamed = readOnDemand(file, 400'000);
        std::vector<QString> errors(4);
        std::vector<std::thread> threads;
        for (std::size_t t = 0; t < errors.size(); ++t)
            threads.emplace_back(
                [&, t] { errors[t] = compareRanges(memory, streamed, 100 + t, 25); });
        for (std::thread& thread : threads)
            thread.join();
        for (const QString& error : errors)
            QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(sourceOf(streamed).cachedBytes() <= sourceOf(streamed).cacheLimitBytes());
    }

    void rangesOutsideTheRowAreRefused() {
        const ProfilingResults streamed =
            readOnDemand(QStringLiteral(SCOPE_TEST_DATA_DIR "/run_serial.h5").toStdString());
        const RankRegion& row = streamed.rows.front();
        std::vector<std::int64_t> two(2), one(1);
        QVERIFY_THROWS_EXCEPTION(std::out_of_range,
                                 streamed.onDemand->read(row, row.summary.count - 1, two, two));
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, streamed.onDemand->read(row, 0, two, one));
    }

    // Chunks damaged after the statistics were read are met by a later
    // read: an error naming the file, never wrong times.
    void damageFoundLaterNamesTheFile() {
        const std::string file = path(QStringLiteral("later.h5"));
        FixtureWriter::write(longRows(Compression::Zstd, EventEncoding::Delta), file);
        const ProfilingResults streamed = readOnDemand(file, 4); // no cache
        const PlannedCallSource& source = sourceOf(streamed);
        const PlannedDataset& starts = source.plan().datasets.front();
        QCOMPARE(starts.column, EventColumnId::Starts);
        const StoredChunk& chunk = source.plan().chunks[starts.firstChunk];
        {
            std::fstream out(file, std::ios::in | std::ios::out | std::ios::binary);
            out.seekp(static_cast<std::streamoff>(chunk.fileOffset + 1));
            const std::string garbage(chunk.storedBytes - 2, '\x5a');
            out.write(garbage.data(), static_cast<std::streamsize>(garbage.size()));
        }
        const auto row =
            std::find_if(streamed.rows.begin(), streamed.rows.end(),
                         [](const RankRegion& r) { return r.offset == 0 && r.summary.count > 0; });
        QVERIFY(row != streamed.rows.end());
        std::vector<std::int64_t> s(10), e(10);
        const QString error = thrown([&] { streamed.onDemand->read(*row, 5, s, e); });
        QVERIFY2(error.startsWith(QStringLiteral("CorruptProfileError: ") +
                                  QString::fromStdString(file)) &&
                     error.contains(QStringLiteral("reading the event columns")) &&
                     error.contains(QStringLiteral("does not decompress")),
                 qPrintable(error));
    }
};

QTEST_APPLESS_MAIN(TestPlannedCallSource)
#include "tst_PlannedCallSource.moc"
