// SPDX-License-Identifier: GPL-3.0-or-later
// The streaming writer of the 10^9-call benchmark run, on small shapes: the
// file it writes is read back with its events exactly as generated, its
// stored summary columns equal the statistics of those events, and a few rows
// equal values computed by hand (an independent Python rendering of the
// shape's rules) rather than by the writer's own code.
#include "HugeRunWriter.h"
#include "TestSupport.h"
#include "analysis/TimelineIndex.h"
#include "format/ProfileReader.h"

#include <QTemporaryDir>
#include <QtTest>

#include <hdf5.h>

using namespace scope;
using namespace scope::fixtures;

Q_DECLARE_METATYPE(scope::fixtures::Compression)

namespace {

HugeRunWriter::Shape smallShape(Compression compression = Compression::Zstd) {
    HugeRunWriter::Shape shape;
    shape.ranks = 3;
    shape.regions = 4;
    shape.calls = 50;
    // 600 calls per column in chunks of 64: chunks straddle rows and ranks,
    // and the last one is an edge chunk.
    shape.chunkElements = 64;
    shape.compression = compression;
    return shape;
}

// The stored summary record and the statistics of the row's events agree:
// integers exactly, mean and m2 to rounding.
QString compareSummaries(const ProfilingResults& fromEvents, const ProfilingResults& stored) {
    if (fromEvents.rows.size() != stored.rows.size())
        return QStringLiteral("%1 rows from events, %2 stored")
            .arg(fromEvents.rows.size())
            .arg(stored.rows.size());
    for (std::size_t i = 0; i < stored.rows.size(); ++i) {
        const CallSummary& a = fromEvents.rows[i].summary;
        const CallSummary& b = stored.rows[i].summary;
        const QString at =
            testing::where("stored", stored.regions[stored.rows[i].region], stored.rows[i].rank);
        if (a.count != b.count || a.total != b.total || a.minimum != b.minimum ||
            a.maximum != b.maximum || a.first != b.first || a.last != b.last ||
            a.startMinimum != b.startMinimum || a.endMaximum != b.endMaximum || b.gpuCount != 0)
            return at + QStringLiteral(": an integer field differs from the events'");
        if (!testing::relativelyClose(b.mean, a.mean, 1e-15L))
            return testing::mismatch(at, "mean", b.mean, a.mean);
        if (!testing::relativelyClose(b.m2, a.m2, 1e-9L))
            return testing::mismatch(at, "m2", b.m2, a.m2);
    }
    return {};
}

struct HandChecked {
    std::uint32_t rank;
    const char* region;
    std::int64_t total, minimum, maximum, first, last, startMinimum, endMaximum;
};

} // namespace

class TestHugeRunWriter : public QObject {
    Q_OBJECT

private slots:
    void readsBackAsGenerated_data() {
        QTest::addColumn<Compression>("compression");
        QTest::newRow("zstd") << Compression::Zstd;
        QTest::newRow("deflate") << Compression::Deflate;
        QTest::newRow("uncompressed") << Compression::None;
    }

    void readsBackAsGenerated() {
        QFETCH(Compression, compression);
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("huge.h5")).toStdString();
        const HugeRunWriter::Shape shape = smallShape(compression);
        std::vector<std::uint32_t> progress;
        HugeRunWriter::write(shape, path, [&](std::uint32_t ranks) { progress.push_back(ranks); });
        QCOMPARE(progress, (std::vector<std::uint32_t>{1, 2, 3}));

        const FixtureSpec spec = HugeRunWriter::spec(shape);
        const ProfilingResults full = readH5(path);
        QVERIFY(full.eventsRead);
        QCOMPARE(full.totalCalls(), HugeRunWriter::totalCalls(shape));
        QCOMPARE(full.numRanks, 3u);
        // Every call exactly as generated, and the statistics of the reference.
        QString error = testing::compareToSpec(full, spec, "events");
        QVERIFY2(error.isEmpty(), qPrintable(error));

        ReadRequest options;
        options.fallback = false; // must come from the summary columns
        const ProfilingResults stored = readH5Summary(path, options);
        QVERIFY(!stored.eventsRead);
        error = testing::compareToSpec(stored, spec, "summary columns");
        QVERIFY2(error.isEmpty(), qPrintable(error));
        error = compareSummaries(full, stored);
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }

    void handCheckedRows() {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("huge.h5")).toStdString();
        HugeRunWriter::write(smallShape(), path);
        const ProfilingResults stored = readH5Summary(path);
        const ProfilingResults full = readH5(path);
        // Rank 0's steps include a kernel call that is an outlier (max); rank 1
        // is 3.7 % and rank 2 7.4 % slower; each rank's clock has its own origin.
        const HandChecked rows[] = {
            {0, "step", 258231, 4354, 14667, 5140, 4741, 1000000000000, 1000000269145},
            {1, "kernel_02", 69453, 1124, 1674, 1196, 1591, 1000007655522, 1000007921590},
            {2, "kernel_03", 71673, 1212, 1789, 1576, 1395, 1000015311301, 1000015583496},
        };
        for (const HandChecked& expected : rows) {
            for (const ProfilingResults* results : {&stored, &full}) {
                const auto region = results->regionIndex(expected.region);
                QVERIFY(region);
                const RankRegion* row = results->row(*region, expected.rank);
                QVERIFY(row != nullptr);
                const CallSummary& s = row->summary;
                QCOMPARE(s.count, 50u);
                QCOMPARE(s.total, expected.total);
                QCOMPARE(s.minimum, expected.minimum);
                QCOMPARE(s.maximum, expected.maximum);
                QCOMPARE(s.first, expected.first);
                QCOMPARE(s.last, expected.last);
                QCOMPARE(s.startMinimum, expected.startMinimum);
                QCOMPARE(s.endMaximum, expected.endMaximum);
            }
        }
    }

    // The timeline sees one step per iteration with every kernel inside it.
    void nestsOneDeep() {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("huge.h5")).toStdString();
        HugeRunWriter::write(smallShape(), path);
        const ProfilingResults results = readH5(path);
        const TimelineIndex index(results);
        QCOMPARE(index.maxDepth(), 1);
        QCOMPARE(index.lanes().size(), std::size_t{6});
        for (const TimelineLane& lane : index.lanes())
            QCOMPARE(lane.size, lane.depth == 0 ? 50u : 150u);
        QVERIFY(results.warnings.empty());
    }

    // What makes the file cheap to store and to stream: delta columns,
    // shuffled and zstd-compressed in chunks of the shape's size.
    void storesDeltaColumnsCompressed() {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("huge.h5")).toStdString();
        HugeRunWriter::write(smallShape(), path);
        const hid_t file = H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
        QVERIFY(file >= 0);
        QVERIFY(H5Lexists(file, "events/start_times", H5P_DEFAULT) <= 0);
        for (const char* name : {"events/start_deltas", "events/durations"}) {
            const hid_t dataset = H5Dopen2(file, name, H5P_DEFAULT);
            QVERIFY(dataset >= 0);
            const hid_t creation = H5Dget_create_plist(dataset);
            hsize_t chunk[1] = {0};
            QCOMPARE(H5Pget_chunk(creation, 1, chunk), 1);
            QCOMPARE(chunk[0], hsize_t{64});
            QCOMPARE(H5Pget_nfilters(creation), 2);
            const auto filter = [creation](unsigned at) {
                unsigned flags = 0;
                unsigned values[4] = {};
                std::size_t count = 4;
                return H5Pget_filter2(creation, at, &flags, &count, values, 0, nullptr, nullptr);
            };
            QCOMPARE(filter(0), H5Z_FILTER_SHUFFLE);
            QCOMPARE(filter(1), H5Z_filter_t{32015});
            H5Pclose(creation);
            H5Dclose(dataset);
        }
        H5Fclose(file);
    }

    void rejectsShapesItCannotWrite() {
        HugeRunWriter::Shape empty = smallShape();
        empty.calls = 0;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, HugeRunWriter::spec(empty));
        HugeRunWriter::Shape tooMany = smallShape();
        tooMany.ranks = 1u << 20;
        tooMany.regions = 1u << 12;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 HugeRunWriter::write(tooMany, "/nonexistent/never-written.h5"));
    }
};

QTEST_GUILESS_MAIN(TestHugeRunWriter)
#include "tst_HugeRunWriter.moc"
