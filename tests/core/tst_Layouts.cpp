// SPDX-License-Identifier: GPL-3.0-or-later
// Every layout of the contract, written by the fixture writer and read back:
// statistics against values computed from the spec's raw arrays, summary-only
// reads against full reads, events exactly as written.
#include "FixtureWriter.h"
#include "SampleSpecs.h"
#include "SyntheticRun.h"
#include "TestSupport.h"
#include "analysis/ExclusiveTime.h"
#include "analysis/TimelineIndex.h"
#include "format/ProfileReader.h"
#include "model/Errors.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace scope;
using namespace scope::fixtures;
using scope::testing::compareReads;
using scope::testing::compareToSpec;

Q_DECLARE_METATYPE(scope::fixtures::FixtureSpec)

namespace {

FixtureSpec variant(int schema, void (*change)(FixtureSpec&) = nullptr) {
    FixtureSpec spec = SampleSpecs::standard(schema);
    if (change != nullptr)
        change(spec);
    return spec;
}

bool hasSummaryColumns(const FixtureSpec& spec) {
    return spec.schema >= 2 && (spec.layout == Layout::Aggregate || spec.summaryStatistics);
}

// The summary-only read must agree with the full read on every statistic.
QString compareSummaryRead(const ProfilingResults& full, const ProfilingResults& summary) {
    if (summary.regions != full.regions)
        return QStringLiteral("summary read orders regions [%1], full read [%2]")
            .arg(testing::regionList(summary.regions), testing::regionList(full.regions));
    if (summary.numRanks != full.numRanks)
        return QStringLiteral("num_ranks differs between reads");
    if (summary.minimumStartNs != full.minimumStartNs)
        return QStringLiteral("minimum start differs between reads");
    for (std::size_t i = 0; i < full.regions.size(); ++i) {
        QString error = compareReads(summary.pooled(i), full.pooled(i),
                                     testing::where("summary", full.regions[i], std::nullopt));
        if (!error.isEmpty())
            return error;
        for (const RankRegion& row : full.rowsOf(i)) {
            error = compareReads(summary.stats(i, row.rank), full.stats(i, row.rank),
                                 testing::where("summary", full.regions[i], row.rank));
            if (!error.isEmpty())
                return error;
        }
    }
    return {};
}

} // namespace

class TestLayouts : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    std::string path(const QString& name) const { return dir_.filePath(name).toStdString(); }

private slots:
    void layouts_data() {
        QTest::addColumn<FixtureSpec>("spec");
        QTest::newRow("schema 1") << variant(1);
        QTest::newRow("schema 1 contiguous")
            << variant(1, [](FixtureSpec& s) { s.chunked = false; });
        QTest::newRow("schema 2 absolute") << variant(2);
        QTest::newRow("schema 2 delta")
            << variant(2, [](FixtureSpec& s) { s.encoding = EventEncoding::Delta; });
        QTest::newRow("schema 2 without summary columns")
            << variant(2, [](FixtureSpec& s) { s.summaryStatistics = false; });
        QTest::newRow("schema 3 delta") << variant(3);
        QTest::newRow("schema 3 absolute")
            << variant(3, [](FixtureSpec& s) { s.encoding = EventEncoding::Absolute; });
        QTest::newRow("schema 3 no storage_layout")
            << variant(3, [](FixtureSpec& s) { s.writeStorageLayout = false; });
        QTest::newRow("schema 3 sorted rows")
            << variant(3, [](FixtureSpec& s) { s.shuffleRows = false; });
        QTest::newRow("schema 3 contiguous")
            << variant(3, [](FixtureSpec& s) { s.chunked = false; });
        QTest::newRow("schema 3 chunks of 7")
            << variant(3, [](FixtureSpec& s) { s.chunkSize = 7; });
        QTest::newRow("schema 3 int8 schema attribute") << variant(3, [](FixtureSpec& s) {
            s.schemaAttribute.kind = SchemaAttribute::Kind::Integer;
            s.schemaAttribute.integer = 3;
            s.schemaAttribute.width = IntWidth::UInt8;
        });
        QTest::newRow("schema 3 without metadata") << variant(3, [](FixtureSpec& s) {
            s.writeMetadataGroup = false;
            s.metadata.clear();
        });
        QTest::newRow("schema 3 extra groups and columns") << variant(3, [](FixtureSpec& s) {
            s.extraGroups = {"thread_table", "task_table", "something_new"};
            s.threadTaskColumns = true;
            SampleSpecs::addAuxiliary(s);
        });
        QTest::newRow("schema 3 empty region") << variant(3, SampleSpecs::addEmptyRegion);
        QTest::newRow("schema 4 (newer)") << variant(4);
        QTest::newRow("aggregate")
            << variant(3, [](FixtureSpec& s) { s.layout = Layout::Aggregate; });
        QTest::newRow("aggregate without empty columns") << variant(3, [](FixtureSpec& s) {
            s.layout = Layout::Aggregate;
            s.aggregateEmptyColumns = false;
            s.shuffleRows = false;
        });
        QTest::newRow("aggregate schema 2")
            << variant(2, [](FixtureSpec& s) { s.layout = Layout::Aggregate; });
    }
    void layouts() {
        QFETCH(FixtureSpec, spec);
        const std::string file = path(QStringLiteral("%1.h5").arg(QTest::currentDataTag()));
        FixtureWriter::write(spec, file);

        const ProfilingResults full = readH5(file);
        QCOMPARE(full.schemaVersion, spec.schema);
        const bool aggregate = spec.schema >= 2 && spec.layout == Layout::Aggregate;
        QCOMPARE(full.layout, aggregate ? StorageLayout::Aggregate : StorageLayout::Columnar);
        QCOMPARE(full.eventsRead, !aggregate);
        QVERIFY(full.damaged.empty());
        QCOMPARE(full.path, file);
        QString error = compareToSpec(full, spec, file);
        QVERIFY2(error.isEmpty(), qPrintable(error));

        if (hasSummaryColumns(spec)) {
            const ProfilingResults summary = readH5Summary(file);
            QVERIFY(!summary.eventsRead);
            QVERIFY(!summary.summaryFallback);
            QCOMPARE(summary.events.size(), std::size_t{0});
            error = compareToSpec(summary, spec, file + " (summary)");
            QVERIFY2(error.isEmpty(), qPrintable(error));
            error = compareSummaryRead(full, summary);
            QVERIFY2(error.isEmpty(), qPrintable(error));
        } else {
            QVERIFY_THROWS_EXCEPTION(SummaryDataUnavailable, readH5Summary(file));
            ReadRequest options;
            options.fallback = true;
            const ProfilingResults fallback = readH5Summary(file, options);
            QVERIFY(fallback.summaryFallback);
            error = compareToSpec(fallback, spec, file + " (fallback)");
            QVERIFY2(error.isEmpty(), qPrintable(error));
        }
    }

    // Compressed event columns read back exactly (LZF has its own test
    // executable: a broken plugin can take the process down).
    void compression_data() {
        QTest::addColumn<FixtureSpec>("spec");
        for (const int schema : {1, 3}) {
            const QString s = QStringLiteral("schema %1 ").arg(schema);
            QTest::newRow(qPrintable(s + "deflate"))
                << variant(schema, [](FixtureSpec& f) { f.compression = Compression::Deflate; });
            QTest::newRow(qPrintable(s + "zstd"))
                << variant(schema, [](FixtureSpec& f) { f.compression = Compression::Zstd; });
            QTest::newRow(qPrintable(s + "zstd chunks of 1"))
                << variant(schema, [](FixtureSpec& f) {
                       f.compression = Compression::Zstd;
                       f.chunkSize = 1;
                   });
            QTest::newRow(qPrintable(s + "deflate chunk larger than data"))
                << variant(schema, [](FixtureSpec& f) {
                       f.compression = Compression::Deflate;
                       f.chunkSize = 100000;
                   });
        }
        QTest::newRow("schema 3 zstd fixed strings") << variant(3, [](FixtureSpec& f) {
            f.compression = Compression::Zstd;
            f.strings = StringStorage::Fixed;
            SampleSpecs::addAuxiliary(f);
        });
    }
    void compression() {
        QFETCH(FixtureSpec, spec);
        const std::string file = path(QStringLiteral("%1.h5").arg(QTest::currentDataTag()));
        FixtureWriter::write(spec, file);
        const ProfilingResults full = readH5(file);
        QVERIFY(full.eventsRead);
        const QString error = compareToSpec(full, spec, file);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        for (const LineProfileSpec& expected : spec.lineProfiles) {
            bool found = false;
            for (const LineProfile& got : full.lineProfiles)
                found = found || (got.rank == expected.rank && got.function == expected.function &&
                                  got.lineNumbers == expected.lineNumbers &&
                                  got.hits == expected.hits && got.times == expected.times);
            QVERIFY2(found, expected.function.c_str());
        }
    }

    // Regions by earliest start over all ranks, regions without calls last;
    // aggregate files keep the table order (regions without calls still last).
    void regionOrder() {
        FixtureSpec spec;
        spec.schema = 3;
        spec.regionTable = {"unused", "late", "early", "middle"};
        spec.rows = {FixtureRow::make(1, "late", {900}, {950}),
                     FixtureRow::make(0, "late", {300, 400}, {350, 450}),
                     FixtureRow::make(1, "early", {100}, {150}),
                     FixtureRow::make(0, "middle", {200}, {210})};
        const std::vector<std::string> byStart{"early", "middle", "late", "unused"};
        for (const int schema : {1, 3}) {
            spec.schema = schema;
            const std::string file = path(QStringLiteral("order%1.h5").arg(schema));
            FixtureWriter::write(spec, file);
            std::vector<std::string> expected = byStart;
            if (schema == 1)
                expected.pop_back(); // no region table: "unused" does not exist
            QCOMPARE(readH5(file).regions, expected);
            if (schema >= 2)
                QCOMPARE(readH5Summary(file).regions, expected);
        }
        spec.schema = 3;
        spec.layout = Layout::Aggregate;
        const std::string file = path(QStringLiteral("order-aggregate.h5"));
        FixtureWriter::write(spec, file);
        const std::vector<std::string> tableOrder{"late", "early", "middle", "unused"};
        QCOMPARE(readH5(file).regions, tableOrder);
        QCOMPARE(readH5Summary(file).regions, tableOrder);
    }

    void numRanks_data() {
        QTest::addColumn<int>("schema");
        QTest::addColumn<std::vector<std::uint32_t>>("ranks");
        QTest::addColumn<std::optional<std::int64_t>>("mpiSize");
        QTest::addColumn<std::vector<std::uint32_t>>("emptyRankGroups");
        QTest::addColumn<std::uint32_t>("expected");
        using R = std::vector<std::uint32_t>;
        using M = std::optional<std::int64_t>;
        QTest::newRow("columnar, mpi_size above ranks") << 3 << R{0, 1, 2} << M{8} << R{} << 8u;
        QTest::newRow("columnar, ranks above mpi_size") << 3 << R{0, 3} << M{1} << R{} << 4u;
        QTest::newRow("columnar, no mpi_size") << 3 << R{5} << M{} << R{} << 6u;
        QTest::newRow("columnar, no rows") << 3 << R{} << M{4} << R{} << 0u;
        QTest::newRow("schema 1, groups counted") << 1 << R{0, 2, 10} << M{16} << R{} << 3u;
        QTest::newRow("schema 1, rank without regions") << 1 << R{0, 1} << M{} << R{2} << 3u;
    }
    void numRanks() {
        QFETCH(int, schema);
        QFETCH(std::vector<std::uint32_t>, ranks);
        QFETCH(std::optional<std::int64_t>, mpiSize);
        QFETCH(std::vector<std::uint32_t>, emptyRankGroups);
        QFETCH(std::uint32_t, expected);
        FixtureSpec spec;
        spec.schema = schema;
        spec.emptyRankGroups = emptyRankGroups;
        if (mpiSize)
            spec.metadata.push_back({"mpi_size", *mpiSize});
        for (const std::uint32_t rank : ranks)
            spec.rows.push_back(FixtureRow::make(rank, "work", {1000 + rank, 5000},
                                                 {2000 + 3 * rank, 5100 + rank}));
        if (ranks.empty())
            spec.regionTable = {"work"};
        QCOMPARE(ReferenceStats::numRanks(spec), expected);
        const std::string file = path(QStringLiteral("ranks-%1.h5").arg(QTest::currentDataTag()));
        FixtureWriter::write(spec, file);
        const ProfilingResults results = readH5(file);
        QCOMPARE(results.numRanks, expected);
        const QString error = compareToSpec(results, spec, file);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        if (schema >= 2)
            QCOMPARE(readH5Summary(file).numRanks, expected);
    }

    // Exclusive time: stored totals where present, else from nesting (call ids,
    // or interval containment when the file has none).
    void exclusiveTimes_data() {
        QTest::addColumn<int>("schema");
        QTest::addColumn<bool>("callIds");
        QTest::newRow("schema 1 with ids") << 1 << true;
        QTest::newRow("schema 1 by containment") << 1 << false;
        QTest::newRow("schema 3 with ids") << 3 << true;
        QTest::newRow("schema 3 by containment") << 3 << false;
    }
    void exclusiveTimes() {
        QFETCH(int, schema);
        QFETCH(bool, callIds);
        FixtureSpec spec = SampleSpecs::standard(schema);
        if (!callIds)
            for (FixtureRow& row : spec.rows) {
                row.callIds.clear();
                row.parentIds.clear();
            }
        const std::string file =
            path(QStringLiteral("exclusive-%1.h5").arg(QTest::currentDataTag()));
        FixtureWriter::write(spec, file);
        ProfilingResults results = readH5(file);
        QCOMPARE(results.events.hasCallIds(), callIds);
        fillExclusiveTimes(results, TimelineIndex(results));
        for (const FixtureRow& row : spec.rows) {
            const auto region = results.regionIndex(row.region);
            QVERIFY(region);
            const RegionStats stats = results.stats(*region, row.rank);
            const QString at = testing::where(file, row.region, row.rank);
            QVERIFY2(stats.exclusive.has_value(), qPrintable(at));
            const long double expected = ReferenceStats::exclusive(spec, row.region, row.rank);
            QVERIFY2(testing::relativelyClose(*stats.exclusive, expected),
                     qPrintable(testing::mismatch(at, "exclusive", *stats.exclusive, expected)));
        }
    }

    // Big enough to cross the reader's slab boundaries and to show precision
    // loss in the summary statistics (std to a relative 1e-9).
    void largeSyntheticRun() {
        SyntheticRun::Shape shape;
        shape.ranks = 3;
        shape.regions = 8;
        shape.calls = 100'000;
        shape.withGpu = true;
        FixtureSpec spec = SyntheticRun::generate(shape);
        spec.compression = Compression::Zstd;
        spec.chunkSize = 65536;
        spec.shuffleRows = true;
        const std::string file = path(QStringLiteral("large.h5"));
        FixtureWriter::write(spec, file);
        const ProfilingResults full = readH5(file);
        QCOMPARE(full.totalCalls(), std::uint64_t{3 * 8 * 100'000});
        QString error = compareToSpec(full, spec, file);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const ProfilingResults summary = readH5Summary(file);
        error = compareSummaryRead(full, summary);
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }
};

QTEST_APPLESS_MAIN(TestLayouts)
#include "tst_Layouts.moc"
