// SPDX-License-Identifier: GPL-3.0-or-later
// The second step of a read: the event bytes read without libhdf5. Every
// layout it reads itself must give the values the fixture wrote (and the
// layouts it leaves to libhdf5 too), on any number of threads; damage and a
// file changed between the two steps end in a clear error, never a crash or
// wrong numbers.
#include "ChunkCodec.h"
#include "FixtureWriter.h"
#include "LayoutRows.h"
#include "SampleSpecs.h"
#include "SplitMix64.h"
#include "TestSupport.h"
#include "events/ChunkDecoder.h"
#include "events/EventAssembler.h"
#include "format/ProfileReader.h"
#include "h5/H5Handle.h"
#include "model/Errors.h"

#include <QTemporaryDir>
#include <QtTest>

#include <atomic>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <numeric>

using namespace scope;
using namespace scope::fixtures;
using scope::testing::compareToSpec;
using scope::testing::thrown;

namespace {

// The second step done by hand, on `threads` threads.
ProfilingResults complete(PlannedRead read, const std::string& path, unsigned threads,
                          const ReadControl& control = {}) {
    const EventBytes bytes = EventBytes::forPlan(path, read.events);
    EventAssembler::assemble(read.results, read.events, bytes, control, threads);
    read.results.finalize();
    return std::move(read.results);
}

// The first chunk of the plan's start column that is read from the file.
StoredChunk& firstStartChunk(PlannedRead& read) {
    for (const PlannedDataset& d : read.events.datasets)
        if (d.column == EventColumnId::Starts && !d.isInline && d.chunkCount > 0)
            return read.events.chunks[d.firstChunk];
    throw std::logic_error("no chunk planned");
}

std::vector<std::byte> randomBytes(std::size_t n, std::uint64_t seed, bool compressible) {
    SplitMix64 random(seed);
    std::vector<std::byte> bytes(n);
    for (std::size_t i = 0; i < n; ++i)
        bytes[i] =
            static_cast<std::byte>(compressible ? (i / 64) % 7 + random.next() % 2 : random.next());
    return bytes;
}

} // namespace

class TestEventAssembler : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    std::string path(const QString& name) const { return dir_.filePath(name).toStdString(); }

private slots:
    // Whatever the layout, the values are exactly those written; `direct`
    // says whether this code reads the bytes itself (no inline values).
    void readsEveryLayout_data() {
        QTest::addColumn<FixtureSpec>("spec");
        QTest::addColumn<bool>("direct");
        QTest::newRow("schema 1, h5py's chunks") << testing::layoutVariant(1) << true;
        QTest::newRow("schema 1 contiguous")
            << testing::layoutVariant(1, [](FixtureSpec& s) { s.chunked = false; }) << true;
        QTest::newRow("schema 1 deflate") << testing::layoutVariant(1, [](FixtureSpec& s) {
            s.compression = Compression::Deflate;
        }) << true;
        QTest::newRow("schema 2 absolute, chunks of 7")
            << testing::layoutVariant(2, [](FixtureSpec& s) { s.chunkSize = 7; }) << true;
        QTest::newRow("schema 3 delta contiguous")
            << testing::layoutVariant(3, [](FixtureSpec& s) { s.chunked = false; }) << true;
        QTest::newRow("schema 3 deflate") << testing::layoutVariant(3, [](FixtureSpec& s) {
            s.compression = Compression::Deflate;
        }) << true;
        QTest::newRow("schema 3 LZF")
            << testing::layoutVariant(3, [](FixtureSpec& s) { s.compression = Compression::Lzf; })
            << true;
        // Chunks of one value do not compress: LZF is skipped (filter mask).
        QTest::newRow("schema 3 LZF skipped") << testing::layoutVariant(3, [](FixtureSpec& s) {
            s.compression = Compression::Lzf;
            s.chunkSize = 1;
        }) << true;
        QTest::newRow("schema 3 zstd, chunks of 5")
            << testing::layoutVariant(3,
                                      [](FixtureSpec& s) {
                                          s.compression = Compression::Zstd;
                                          s.chunkSize = 5;
                                      })
            << true;
        QTest::newRow("schema 3 optional columns")
            << testing::layoutVariant(3, [](FixtureSpec& s) { SampleSpecs::addAuxiliary(s); })
            << true;
        QTest::newRow("schema 3 big-endian (libhdf5 reads)")
            << testing::layoutVariant(3, [](FixtureSpec& s) { s.bigEndianEvents = true; }) << false;
        QTest::newRow("schema 1 big-endian (libhdf5 reads)")
            << testing::layoutVariant(1, [](FixtureSpec& s) { s.bigEndianEvents = true; }) << false;
        // libhdf5 1.10 leaves the user block out of chunk addresses.
        QTest::newRow("schema 3 user block (libhdf5 reads)")
            << testing::layoutVariant(3, [](FixtureSpec& s) { s.userBlock = 4096; }) << false;
    }
    void readsEveryLayout() {
        QFETCH(FixtureSpec, spec);
        QFETCH(bool, direct);
        const std::string file = path(QStringLiteral("%1.h5").arg(QTest::currentDataTag()));
        FixtureWriter::write(spec, file);
        PlannedRead read = planH5(file);
        QCOMPARE(read.events.inlineValues.empty(), direct);
        QCOMPARE(read.events.chunks.empty(), !direct);
        for (const unsigned threads : {1u, 3u}) {
            const ProfilingResults results = complete(planH5(file), file, threads);
            QVERIFY(results.damaged.empty());
            const QString error = compareToSpec(results, spec, file);
            QVERIFY2(error.isEmpty(), qPrintable(error));
        }
    }

    // The optional columns of schema 1 exist per region: calls of a region
    // without one read as -1 (unknown), the others as written.
    void schema1OptionalColumnsAreFilledPerRegion() {
        FixtureSpec spec = SampleSpecs::standard(1);
        for (FixtureRow& row : spec.rows)
            row.gpuDurations.clear();
        spec.rows[0].gpuDurations.assign(spec.rows[0].starts.size(), 5);
        const std::string file = path(QStringLiteral("gpu.h5"));
        FixtureWriter::write(spec, file);
        const ProfilingResults results = readH5(file);
        QCOMPARE(results.events.gpuDurations.size(), results.events.size());
        for (const RankRegion& row : results.rows) {
            const bool first =
                results.regions[row.region] == spec.rows[0].region && row.rank == spec.rows[0].rank;
            const auto gpu =
                std::span(results.events.gpuDurations).subspan(row.offset, row.summary.count);
            for (std::int64_t g : gpu)
                QCOMPARE(g, first ? std::int64_t{5} : std::int64_t{-1});
            QCOMPARE(row.summary.gpuCount, first ? row.summary.count : std::uint64_t{0});
            QCOMPARE(row.summary.gpuTotal,
                     first ? static_cast<std::int64_t>(5 * row.summary.count) : std::int64_t{0});
        }
    }

    // A file rewritten between the two steps is not read at the old offsets.
    void aFileChangedBetweenTheStepsIsNotMisread() {
        const std::string file = path(QStringLiteral("changing.h5"));
        FixtureWriter::write(SampleSpecs::standard(3), file);
        PlannedRead read = planH5(file);
        FixtureWriter::write(SampleSpecs::standard(1), file);
        const QString error = thrown([&] { complete(std::move(read), file, 2); });
        QVERIFY2(error.startsWith(QStringLiteral("CorruptProfileError")) &&
                     error.contains(QStringLiteral("changed on disk")),
                 qPrintable(error));
    }

    // Chunk bytes past the end of the file: the file is corrupt (schemas 2
    // and 3), or that region alone is damaged (schema 1).
    void chunksPastTheEnd() {
        const std::string columnar = path(QStringLiteral("past3.h5"));
        FixtureWriter::write(SampleSpecs::standard(3), columnar);
        PlannedRead read = planH5(columnar);
        firstStartChunk(read).fileOffset = std::filesystem::file_size(columnar) - 16;
        QString error = thrown([&] { complete(std::move(read), columnar, 2); });
        QVERIFY2(error.startsWith(QStringLiteral("CorruptProfileError")) &&
                     error.contains(QStringLiteral("reading the event columns")) &&
                     error.contains(QStringLiteral("lies past the end of the file")),
                 qPrintable(error));

        const FixtureSpec spec = SampleSpecs::standard(1);
        const std::string perRank = path(QStringLiteral("past1.h5"));
        FixtureWriter::write(spec, perRank);
        read = planH5(perRank);
        const RankRegion damagedRow = read.results.rows[0];
        firstStartChunk(read).fileOffset = std::filesystem::file_size(perRank);
        const ProfilingResults results = complete(std::move(read), perRank, 2);
        QCOMPARE(results.damaged.size(), std::size_t{1});
        QCOMPARE(results.damaged[0].rank, damagedRow.rank);
        QVERIFY2(QString::fromStdString(results.damaged[0].reason)
                     .contains(QStringLiteral("lies past the end of the file")),
                 results.damaged[0].reason.c_str());
        QCOMPARE(results.rows.size(), spec.rows.size() - 1);
        QCOMPARE(results.totalCalls() + damagedRow.summary.count,
                 static_cast<std::uint64_t>(std::accumulate(
                     spec.rows.begin(), spec.rows.end(), std::size_t{0},
                     [](std::size_t n, const FixtureRow& r) { return n + r.starts.size(); })));
    }

    // Compressed chunks whose bytes were damaged on disk do not decompress.
    void damagedCompressedChunks_data() {
        QTest::addColumn<int>("compression");
        QTest::newRow("deflate") << static_cast<int>(Compression::Deflate);
        QTest::newRow("LZF") << static_cast<int>(Compression::Lzf);
        QTest::newRow("zstd") << static_cast<int>(Compression::Zstd);
    }
    void damagedCompressedChunks() {
        QFETCH(int, compression);
        FixtureSpec spec = SampleSpecs::standard(3);
        spec.compression = static_cast<Compression>(compression);
        const std::string file = path(QStringLiteral("damaged-%1.h5").arg(compression));
        FixtureWriter::write(spec, file);
        PlannedRead read = planH5(file);
        const StoredChunk chunk = firstStartChunk(read);
        QVERIFY(chunk.storedBytes > 8);
        {
            std::fstream out(file, std::ios::in | std::ios::out | std::ios::binary);
            out.seekp(static_cast<std::streamoff>(chunk.fileOffset + 2));
            const std::string garbage(chunk.storedBytes - 4, '\x5a');
            out.write(garbage.data(), static_cast<std::streamsize>(garbage.size()));
        }
        // Planned again: the damage is in the data, which libhdf5 never saw.
        const QString error = thrown([&] { complete(planH5(file), file, 2); });
        QVERIFY2(error.startsWith(QStringLiteral("CorruptProfileError")) &&
                     error.contains(QStringLiteral("does not decompress")),
                 qPrintable(error));
    }

    // A plan that contradicts itself (from a broken helper) is rejected
    // before anything is read or written.
    void inconsistentPlansAreRejected() {
        const std::string file = path(QStringLiteral("plan.h5"));
        FixtureWriter::write(SampleSpecs::standard(3), file);
        const std::vector<std::function<void(PlannedRead&)>> damage = {
            [](PlannedRead& r) { r.events.datasets[0].destination = 1; },
            [](PlannedRead& r) { r.events.datasets[0].chunkCount += 1; },
            [](PlannedRead& r) { r.events.datasets[0].firstChunk = r.events.chunks.size(); },
            [](PlannedRead& r) { r.events.datasets[0].row = 1 << 20; },
            [](PlannedRead& r) { r.events.columnLengths[1] += 1; },
            [](PlannedRead& r) { r.events.columnLengths[0] = std::uint64_t{1} << 60; },
            [](PlannedRead& r) { r.results.rows[0].offset = r.events.columnLengths[0]; },
        };
        for (std::size_t i = 0; i < damage.size(); ++i) {
            PlannedRead read = planH5(file);
            damage[i](read);
            const QString error = thrown([&] { complete(std::move(read), file, 2); });
            QVERIFY2(error.startsWith(QStringLiteral("CorruptProfileError")),
                     qPrintable(QStringLiteral("damage %1: %2").arg(i).arg(error)));
        }
    }

    // A damaged size claiming more values than the file can hold is refused
    // before anything is allocated: the file (schema 3) or the region
    // (schema 1) is damaged, and no terabyte is asked for.
    void impossibleSizesAreRefused() {
        const auto grow = [](const std::string& file, const char* dataset) {
            h5::File f(H5Fopen(file.c_str(), H5F_ACC_RDWR, H5P_DEFAULT));
            h5::Dataset d(H5Dopen2(f.get(), dataset, H5P_DEFAULT));
            const hsize_t huge[1] = {hsize_t{1} << 40};
            QVERIFY(H5Dset_extent(d.get(), huge) >= 0);
        };
        const std::string columnar = path(QStringLiteral("huge3.h5"));
        FixtureWriter::write(SampleSpecs::standard(3), columnar);
        grow(columnar, "events/start_deltas");
        grow(columnar, "events/durations");
        const QString error = thrown([&] { readH5(columnar); });
        QVERIFY2(error.startsWith(QStringLiteral("CorruptProfileError")) &&
                     error.contains(QStringLiteral("more than the file can hold")),
                 qPrintable(error));

        const FixtureSpec spec = SampleSpecs::standard(1);
        const std::string perRank = path(QStringLiteral("huge1.h5"));
        FixtureWriter::write(spec, perRank);
        const std::string region =
            "rank" + std::to_string(spec.rows[0].rank) + "/regions/" + spec.rows[0].region;
        grow(perRank, (region + "/start_times").c_str());
        grow(perRank, (region + "/end_times").c_str());
        const ProfilingResults results = readH5(perRank);
        QCOMPARE(results.damaged.size(), std::size_t{1});
        QVERIFY2(QString::fromStdString(results.damaged[0].reason)
                     .contains(QStringLiteral("more than the file can hold")),
                 results.damaged[0].reason.c_str());
    }

    void aCancelStopsTheRead() {
        const std::string file = path(QStringLiteral("cancel.h5"));
        FixtureWriter::write(SampleSpecs::standard(1), file);
        std::atomic<bool> cancel{true};
        ReadControl control;
        control.cancel = &cancel;
        const QString error = thrown([&] { complete(planH5(file), file, 2, control); });
        QVERIFY2(error.startsWith(QStringLiteral("ReadCancelled")), qPrintable(error));
    }

    // The LZF decoder against liblzf's own compressor, and damaged input:
    // always false or the exact bytes, never a read or write out of bounds.
    void lzfDecodesWhatLiblzfWrites() {
        ChunkPipeline lzf;
        lzf.shuffle = true;
        lzf.compression = ChunkCompression::Lzf;
        lzf.compressionBit = 1;
        ChunkDecoder decoder;
        for (const bool compressible : {true, false}) {
            const std::vector<std::byte> raw = randomBytes(8 * 1000, 11, compressible);
            const ChunkCodec::Encoded encoded = ChunkCodec::encode(Compression::Lzf, raw, 8);
            std::vector<std::byte> out(raw.size());
            QVERIFY(decoder.decode(lzf, encoded.filterMask, encoded.bytes, out));
            QVERIFY(out == raw);
            if (encoded.filterMask != 0)
                continue; // stored shuffled only: nothing to damage in LZF
            for (std::size_t cut = 0; cut < encoded.bytes.size(); cut += 97)
                QVERIFY(!decoder.decode(lzf, 0, std::span(encoded.bytes).first(cut), out));
            SplitMix64 random(5);
            for (int i = 0; i < 200; ++i) {
                std::vector<std::byte> damaged = encoded.bytes;
                damaged[random.next() % damaged.size()] ^= std::byte{0x40};
                if (decoder.decode(lzf, 0, damaged, out))
                    QCOMPARE(out.size(), raw.size());
            }
        }
    }
};

QTEST_MAIN(TestEventAssembler)
#include "tst_EventAssembler.moc"
