// SPDX-License-Identifier: GPL-3.0-or-later
// Every error case of the contract: the right exception type, a message that
// names the file, damaged schema-1 regions skipped and listed, and truncated
// files that never crash the reader.
#include "FileDamage.h"
#include "FixtureWriter.h"
#include "SampleSpecs.h"
#include "TestSupport.h"
#include "format/ProfileReader.h"
#include "model/Errors.h"

#include <QTemporaryDir>
#include <QtTest>

#include <functional>

using namespace scope;
using namespace scope::fixtures;

Q_DECLARE_METATYPE(scope::fixtures::FileDamage::Schema1Damage)

namespace {

// Runs `read` and checks it throws exactly `Expected` (or a subclass) with the
// file named in both path() and the message.
template <typename Expected>
QString expectError(const std::function<void()>& read, const std::string& path) {
    try {
        read();
    } catch (const Expected& error) {
        if (error.path() != path)
            return QStringLiteral("error names %1, expected %2")
                .arg(QString::fromStdString(error.path()), QString::fromStdString(path));
        if (std::string(error.what()).find(path) == std::string::npos)
            return QStringLiteral("message does not name the file: %1").arg(error.what());
        return {};
    } catch (const std::exception& error) {
        return QStringLiteral("wrong exception (%1): %2").arg(typeid(error).name(), error.what());
    }
    return QStringLiteral("no exception");
}

ReadRequest withFallback() {
    ReadRequest options;
    options.fallback = true;
    return options;
}

} // namespace

class TestErrors : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    std::string path(const QString& name) const { return dir_.filePath(name).toStdString(); }

private slots:
    void fileNotFound() {
        const std::string missing = path(QStringLiteral("does-not-exist.h5"));
        QString error = expectError<FileNotFoundError>([&] { readH5(missing); }, missing);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        error = expectError<FileNotFoundError>([&] { readH5Summary(missing); }, missing);
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }

    void notHdf5_data() {
        QTest::addColumn<bool>("empty");
        QTest::newRow("text and bytes") << false;
        QTest::newRow("empty file") << true;
    }
    void notHdf5() {
        QFETCH(bool, empty);
        const std::string file = path(QStringLiteral("not-hdf5-%1.h5").arg(empty));
        FileDamage::writeNotHdf5(file, empty);
        QString error = expectError<CorruptProfileError>([&] { readH5(file); }, file);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        error =
            expectError<CorruptProfileError>([&] { readH5Summary(file, withFallback()); }, file);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        // A 0-byte file (the job died before the writer flushed) says so.
        try {
            readH5(file);
        } catch (const CorruptProfileError& e) {
            QCOMPARE(QString::fromStdString(e.what()).contains(QStringLiteral("empty file")),
                     empty);
        }
    }

    void invalidSchemaAttribute_data() {
        QTest::addColumn<SchemaAttribute>("attribute");
        const auto make = [](SchemaAttribute::Kind kind, std::int64_t integer = 0) {
            SchemaAttribute attribute;
            attribute.kind = kind;
            attribute.integer = integer;
            attribute.floating = 3.0;
            attribute.text = "3";
            return attribute;
        };
        QTest::newRow("string") << make(SchemaAttribute::Kind::String);
        QTest::newRow("float") << make(SchemaAttribute::Kind::Float);
        QTest::newRow("boolean") << make(SchemaAttribute::Kind::Boolean, 1);
        QTest::newRow("zero") << make(SchemaAttribute::Kind::Integer, 0);
        QTest::newRow("negative") << make(SchemaAttribute::Kind::Integer, -3);
    }
    void invalidSchemaAttribute() {
        QFETCH(SchemaAttribute, attribute);
        FixtureSpec spec = SampleSpecs::standard(3);
        spec.schemaAttribute = attribute;
        const std::string file = path(QStringLiteral("schema-%1.h5").arg(QTest::currentDataTag()));
        FixtureWriter::write(spec, file);
        QString error = expectError<InvalidSchemaError>([&] { readH5(file); }, file);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        error = expectError<InvalidSchemaError>([&] { readH5Summary(file, withFallback()); }, file);
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }

    // A newer writer: read what is known, and say so by name and version.
    void newerSchema() {
        FixtureSpec spec = SampleSpecs::standard(4);
        spec.extraGroups = {"schema4_only_table"};
        const std::string file = path(QStringLiteral("schema4.h5"));
        FixtureWriter::write(spec, file);
        for (const ProfilingResults& results : {readH5(file), readH5Summary(file)}) {
            QCOMPARE(results.schemaVersion, 4);
            QCOMPARE(results.warnings.size(), std::size_t{1});
            const std::string& warning = results.warnings.front();
            QVERIFY2(warning.find("newer") != std::string::npos, warning.c_str());
            QVERIFY2(warning.find("schema 4") != std::string::npos, warning.c_str());
            const QString error = testing::compareToSpec(results, spec, file);
            QVERIFY2(error.isEmpty(), qPrintable(error));
        }
        // Files the reader knows carry no warning.
        FixtureWriter::write(SampleSpecs::standard(3), file);
        QVERIFY(readH5(file).warnings.empty());
    }

    void missingFilter_data() {
        QTest::addColumn<int>("schema");
        QTest::newRow("schema 1") << 1;
        QTest::newRow("schema 3") << 3;
    }
    void missingFilter() {
        QFETCH(int, schema);
        FixtureSpec spec = SampleSpecs::standard(schema);
        spec.compression = Compression::Unavailable;
        const std::string file = path(QStringLiteral("filter-32099-%1.h5").arg(schema));
        FixtureWriter::write(spec, file);
        try {
            readH5(file);
            QFAIL("no exception");
        } catch (const MissingFilterError& error) {
            QCOMPARE(error.path(), file);
            const std::string message = error.what();
            QVERIFY2(message.find(file) != std::string::npos, message.c_str());
            QVERIFY2(message.find("32099") != std::string::npos, message.c_str());
        } catch (const std::exception& error) {
            QFAIL(qPrintable(QStringLiteral("wrong exception: %1").arg(error.what())));
        }
        if (schema >= 2) {
            // The summary columns are not compressed: a summary read works.
            const ProfilingResults summary = readH5Summary(file);
            const QString error = testing::compareToSpec(summary, spec, file);
            QVERIFY2(error.isEmpty(), qPrintable(error));
        }
    }

    void summaryUnavailable_data() {
        QTest::addColumn<int>("schema");
        QTest::newRow("schema 1") << 1;
        QTest::newRow("schema 2 without summary columns") << 2;
    }
    void summaryUnavailable() {
        QFETCH(int, schema);
        FixtureSpec spec = SampleSpecs::standard(schema);
        spec.summaryStatistics = false;
        const std::string file = path(QStringLiteral("no-summary-%1.h5").arg(schema));
        FixtureWriter::write(spec, file);
        const QString error =
            expectError<SummaryDataUnavailable>([&] { readH5Summary(file); }, file);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const ProfilingResults fallback = readH5Summary(file, withFallback());
        QVERIFY(fallback.summaryFallback);
        const QString mismatch = testing::compareToSpec(fallback, spec, file);
        QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));
    }

    // Index rows pointing outside the event columns, or at another row's calls.
    void damagedIndex_data() {
        QTest::addColumn<bool>("pastEnd");
        QTest::addColumn<bool>("summaryColumns");
        QTest::newRow("slice past the end") << true << true;
        QTest::newRow("slice past the end, no summary columns") << true << false;
        QTest::newRow("overlapping slices") << false << true;
    }
    void damagedIndex() {
        QFETCH(bool, pastEnd);
        QFETCH(bool, summaryColumns);
        FixtureSpec spec = SampleSpecs::standard(3);
        spec.summaryStatistics = summaryColumns;
        const std::string file = path(QStringLiteral("index-%1.h5").arg(QTest::currentDataTag()));
        FixtureWriter::write(spec, file);
        if (pastEnd)
            FileDamage::pointRowPastEnd(file);
        else
            FileDamage::overlapRows(file);
        QString error = expectError<CorruptProfileError>([&] { readH5(file); }, file);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        error =
            expectError<CorruptProfileError>([&] { readH5Summary(file, withFallback()); }, file);
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }

    void missingEventColumn() {
        const std::string file = path(QStringLiteral("no-durations.h5"));
        FixtureWriter::write(SampleSpecs::standard(3), file);
        FileDamage::removeObject(file, "/events/durations");
        const QString error = expectError<CorruptProfileError>([&] { readH5(file); }, file);
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }

    // One damaged schema-1 region is skipped and listed; the rest is read.
    void damagedSchema1Region_data() {
        QTest::addColumn<FileDamage::Schema1Damage>("damage");
        QTest::newRow("length mismatch") << FileDamage::Schema1Damage::LengthMismatch;
        QTest::newRow("float times") << FileDamage::Schema1Damage::FloatTimes;
        QTest::newRow("two-dimensional") << FileDamage::Schema1Damage::TwoDimensional;
        QTest::newRow("missing end_times") << FileDamage::Schema1Damage::MissingEndTimes;
        QTest::newRow("string times") << FileDamage::Schema1Damage::StringTimes;
    }
    void damagedSchema1Region() {
        QFETCH(FileDamage::Schema1Damage, damage);
        FixtureSpec spec = SampleSpecs::standard(1);
        const std::string file = path(QStringLiteral("damaged-%1.h5").arg(QTest::currentDataTag()));
        FixtureWriter::write(spec, file);
        FileDamage::damageSchema1Region(file, 1, "rhs.eval", damage);
        FileDamage::damageSchema1Region(file, 0, "Löser-ε", damage);

        const ProfilingResults results = readH5(file);
        QCOMPARE(results.damaged.size(), std::size_t{2});
        for (const auto& [rank, region] :
             {std::pair<std::uint32_t, std::string>{1, "rhs.eval"}, {0, "Löser-ε"}}) {
            const auto found = std::find_if(
                results.damaged.begin(), results.damaged.end(),
                [&](const DamagedRegion& d) { return d.rank == rank && d.region == region; });
            QVERIFY2(found != results.damaged.end(), region.c_str());
            QVERIFY2(!found->reason.empty(), region.c_str());
        }
        // The reference is the spec without the damaged rows.
        std::erase_if(spec.rows, [](const FixtureRow& row) {
            return (row.rank == 1 && row.region == "rhs.eval") ||
                   (row.rank == 0 && row.region == "Löser-ε");
        });
        const QString error = testing::compareToSpec(results, spec, file);
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }

    // A run killed while writing leaves a cut file: any cut either reads or
    // throws CorruptProfileError, never anything else, never a crash.
    void truncatedFiles_data() {
        QTest::addColumn<int>("schema");
        QTest::addColumn<Compression>("compression");
        QTest::newRow("schema 1") << 1 << Compression::None;
        QTest::newRow("schema 3") << 3 << Compression::None;
        QTest::newRow("schema 3 deflate") << 3 << Compression::Deflate;
        QTest::newRow("schema 3 zstd") << 3 << Compression::Zstd;
    }
    void truncatedFiles() {
        QFETCH(int, schema);
        QFETCH(Compression, compression);
        FixtureSpec spec = SampleSpecs::standard(schema);
        SampleSpecs::addAuxiliary(spec);
        spec.compression = compression;
        const std::string source = path(QStringLiteral("whole-%1.h5").arg(QTest::currentDataTag()));
        FixtureWriter::write(spec, source);
        const std::uint64_t size = FileDamage::fileSize(source);
        std::vector<std::uint64_t> cuts{0, 1, 7, 8, 64, 96, 512, 2047, 2048, 4096, size - 1};
        for (std::uint64_t cut = 8192; cut < size; cut += size / 61)
            cuts.push_back(cut);
        const std::string file = path(QStringLiteral("cut.h5"));
        int failures = 0;
        for (const std::uint64_t cut : cuts) {
            FileDamage::truncatedCopy(source, file, cut);
            for (const bool summary : {false, true}) {
                try {
                    if (summary)
                        readH5Summary(file, withFallback());
                    else
                        readH5(file);
                } catch (const CorruptProfileError& error) {
                    ++failures;
                    QVERIFY2(std::string(error.what()).find(file) != std::string::npos,
                             error.what());
                } catch (const std::exception& error) {
                    QFAIL(qPrintable(QStringLiteral("cut at %1 of %2 bytes: %3: %4")
                                         .arg(cut)
                                         .arg(size)
                                         .arg(typeid(error).name(), error.what())));
                }
            }
        }
        // Most cuts lose the superblock's end-of-file address and must fail.
        QVERIFY(failures > static_cast<int>(cuts.size()));
    }

    // Found by the fuzzer: damaged times whose durations (or stored totals) sum
    // past INT64_MAX overflowed the pooled total (undefined behaviour, an abort
    // under UBSan). Each duration fits; their sum over the two ranks does not.
    void timesOutOfRange_data() {
        QTest::addColumn<int>("schema");
        QTest::addColumn<bool>("aggregate");
        QTest::newRow("schema 1") << 1 << false;
        QTest::newRow("schema 2 columnar") << 2 << false;
        QTest::newRow("schema 3 aggregate") << 3 << true;
    }
    void timesOutOfRange() {
        QFETCH(int, schema);
        QFETCH(bool, aggregate);
        constexpr std::int64_t kFar = 4'000'000'000'000'000'000; // 127 years in ns
        FixtureSpec spec;
        spec.schema = schema;
        spec.layout = aggregate ? Layout::Aggregate : Layout::Columnar;
        spec.summaryStatistics = false;
        spec.rows.push_back(FixtureRow::make(0, "solve", {-kFar}, {kFar}));
        spec.rows.push_back(FixtureRow::make(1, "solve", {-kFar}, {kFar}));
        const std::string file = path(QStringLiteral("far-%1.h5").arg(QTest::currentDataTag()));
        FixtureWriter::write(spec, file);
        if (schema == 1) {
            // One damaged region: listed and skipped, the other one is read.
            const ProfilingResults results = readH5(file);
            QCOMPARE(results.damaged.size(), std::size_t{1});
            QVERIFY(results.damaged[0].reason.find("out of range") != std::string::npos);
            QCOMPARE(results.rows.size(), std::size_t{1});
            QCOMPARE(results.rows[0].summary.total, 2 * kFar);
            return;
        }
        QString error = expectError<CorruptProfileError>([&] { readH5(file); }, file);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        error =
            expectError<CorruptProfileError>([&] { readH5Summary(file, withFallback()); }, file);
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }
};

QTEST_APPLESS_MAIN(TestErrors)
#include "tst_Errors.moc"
