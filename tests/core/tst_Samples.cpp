// SPDX-License-Identifier: GPL-3.0-or-later
// The real sample files against the numbers they must give: scope-profiler's
// own region-statistics JSON (schema 1) and an independent h5py + NumPy reader
// (schema 3, columnar and aggregate).
#include "TestData.h"
#include "TestSupport.h"
#include "format/ProfileReader.h"
#include "model/Errors.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace scope;
using scope::testing::relativelyClose;

namespace {

QJsonObject loadJson(const QString& name) {
    QFile file(dataPath(name));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

QStringList toStringList(const QJsonArray& array) {
    QStringList out;
    for (const QJsonValue& value : array)
        out << value.toString();
    return out;
}

QStringList regionsOf(const ProfilingResults& results) {
    QStringList out;
    for (const std::string& name : results.regions)
        out << QString::fromStdString(name);
    return out;
}

QString compareNumber(const QString& where, const char* field, double got, const QJsonValue& json) {
    if (!json.isDouble())
        return where + QStringLiteral(": %1 is missing from the JSON").arg(field);
    if (!relativelyClose(got, json.toDouble()))
        return QStringLiteral("%1: %2 is %3, expected %4")
            .arg(where, QString::fromLatin1(field))
            .arg(got, 0, 'g', 17)
            .arg(json.toDouble(), 0, 'g', 17);
    return {};
}

// One statistics object of the JSON ({count, average_duration_seconds, ...}).
QString compareJsonStats(const RegionStats& got, const QJsonObject& json, const QString& where) {
    const qint64 count = json.value(QStringLiteral("count")).toInteger(-1);
    if (static_cast<qint64>(got.count) != count)
        return QStringLiteral("%1: count is %2, expected %3").arg(where).arg(got.count).arg(count);
    for (const auto& [field, value] :
         {std::pair{"average_duration_seconds", got.average},
          std::pair{"min_duration_seconds", got.min}, std::pair{"max_duration_seconds", got.max},
          std::pair{"total_duration_seconds", got.total}}) {
        const QString error = compareNumber(where, field, value, json.value(QLatin1String(field)));
        if (!error.isEmpty())
            return error;
    }
    const QJsonValue std = json.value(QStringLiteral("std_duration_seconds"));
    if (std.isNull()) {
        if (got.std)
            return where + QStringLiteral(": std should be unavailable, got %1").arg(*got.std);
        return {};
    }
    if (!got.std)
        return where + QStringLiteral(": std is unavailable, expected %1").arg(std.toDouble());
    return compareNumber(where, "std_duration_seconds", *got.std, std);
}

// Every region of one file entry, pooled and per rank.
QString compareRegionStatistics(const ProfilingResults& results, const QJsonObject& statistics,
                                const QString& label) {
    for (auto it = statistics.begin(); it != statistics.end(); ++it) {
        const QString where = label + QStringLiteral(" / ") + it.key();
        const auto index = results.regionIndex(it.key().toStdString());
        if (!index)
            return where + QStringLiteral(": region not read");
        const QJsonObject region = it.value().toObject();
        QString error = compareJsonStats(results.pooled(*index), region, where);
        if (!error.isEmpty())
            return error;
        const QJsonObject perRank = region.value(QStringLiteral("per_rank")).toObject();
        if (perRank.isEmpty())
            return where + QStringLiteral(": JSON has no per_rank");
        std::size_t rowsWithCalls = 0;
        for (const RankRegion& row : results.rowsOf(*index))
            rowsWithCalls += row.summary.count > 0 ? 1 : 0;
        if (rowsWithCalls != static_cast<std::size_t>(perRank.size()))
            return where + QStringLiteral(": %1 ranks with calls, JSON has %2")
                               .arg(rowsWithCalls)
                               .arg(perRank.size());
        for (auto rank = perRank.begin(); rank != perRank.end(); ++rank) {
            const std::uint32_t number = rank.key().toUInt();
            error = compareJsonStats(results.stats(*index, number), rank.value().toObject(),
                                     where + QStringLiteral(" / rank ") + rank.key());
            if (!error.isEmpty())
                return error;
        }
    }
    return {};
}

} // namespace

class TestSamples : public QObject {
    Q_OBJECT
private slots:
    // scope-profiler's write_region_statistics_json for one schema-1 file.
    void regionStatisticsJson_data() {
        QTest::addColumn<QString>("name");
        QTest::newRow("run_serial") << QStringLiteral("run_serial");
        QTest::newRow("run_np3") << QStringLiteral("run_np3");
        QTest::newRow("run_cli_cg") << QStringLiteral("run_cli_cg");
    }
    void regionStatisticsJson() {
        QFETCH(QString, name);
        const QJsonObject json = loadJson(name + QStringLiteral(".region_statistics.json"));
        QVERIFY(!json.isEmpty());
        const QJsonArray files = json.value(QStringLiteral("files")).toArray();
        QCOMPARE(files.size(), 1);
        const QJsonObject entry = files.at(0).toObject();
        const ProfilingResults results =
            readH5(dataPath(name + QStringLiteral(".h5")).toStdString());
        QCOMPARE(results.schemaVersion, 1);
        QVERIFY(results.eventsRead);
        QVERIFY(results.damaged.empty());
        QCOMPARE(static_cast<int>(results.numRanks),
                 entry.value(QStringLiteral("num_ranks")).toInt());
        const QJsonObject statistics = entry.value(QStringLiteral("region_statistics")).toObject();
        QVERIFY(!statistics.isEmpty());
        QCOMPARE(static_cast<qsizetype>(results.regions.size()), statistics.size());
        // A single file's common_regions lists its regions in the reader's order.
        QCOMPARE(regionsOf(results),
                 toStringList(json.value(QStringLiteral("common_regions")).toArray()));
        const QString error = compareRegionStatistics(results, statistics, name);
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }

    // The comparison JSON holds both files; each must match on its own.
    void comparisonJson() {
        const QJsonObject json =
            loadJson(QStringLiteral("compare_serial_np3.region_statistics.json"));
        const QJsonArray files = json.value(QStringLiteral("files")).toArray();
        QCOMPARE(files.size(), 2);
        QStringList common;
        for (const QJsonValue& value : files) {
            const QJsonObject entry = value.toObject();
            const QString file =
                QFileInfo(entry.value(QStringLiteral("file_path")).toString()).fileName();
            const ProfilingResults results = readH5(dataPath(file).toStdString());
            QCOMPARE(static_cast<int>(results.numRanks),
                     entry.value(QStringLiteral("num_ranks")).toInt());
            const QString error = compareRegionStatistics(
                results, entry.value(QStringLiteral("region_statistics")).toObject(), file);
            QVERIFY2(error.isEmpty(), qPrintable(error));
            // The common regions keep the first file's order.
            if (common.isEmpty())
                for (const QString& region : regionsOf(results))
                    common << region;
        }
        const QStringList expected =
            toStringList(json.value(QStringLiteral("common_regions")).toArray());
        QStringList firstOrderCommon;
        for (const QString& region : common)
            if (expected.contains(region))
                firstOrderCommon << region;
        QCOMPARE(firstOrderCommon, expected);
    }

    // The independent reader's expectations for the newest writer's files,
    // through both the full and the summary-only read.
    void expectedJson_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("summaryOnly");
        for (const char* name : {"v3_serial", "v3_aggregate"}) {
            QTest::newRow(qPrintable(QStringLiteral("%1 full").arg(name)))
                << QString::fromLatin1(name) << false;
            QTest::newRow(qPrintable(QStringLiteral("%1 summary").arg(name)))
                << QString::fromLatin1(name) << true;
        }
    }
    void expectedJson() {
        QFETCH(QString, name);
        QFETCH(bool, summaryOnly);
        const QJsonObject json = loadJson(name + QStringLiteral(".expected.json"));
        QVERIFY(!json.isEmpty());
        const std::string path = dataPath(name + QStringLiteral(".h5")).toStdString();
        const ProfilingResults results = summaryOnly ? readH5Summary(path) : readH5(path);
        QCOMPARE(results.schemaVersion, json.value(QStringLiteral("schema_version")).toInt());
        QCOMPARE(static_cast<int>(results.numRanks),
                 json.value(QStringLiteral("num_ranks")).toInt());
        QCOMPARE(regionsOf(results),
                 toStringList(json.value(QStringLiteral("region_order")).toArray()));
        QVERIFY(results.damaged.empty());
        QVERIFY(!results.summaryFallback);
        const QJsonValue minimumStart = json.value(QStringLiteral("minimum_start_time_seconds"));
        if (minimumStart.isNull()) {
            QVERIFY(!results.minimumStartSeconds().has_value());
        } else {
            QVERIFY(results.minimumStartSeconds().has_value());
            QVERIFY2(relativelyClose(*results.minimumStartSeconds(), minimumStart.toDouble()),
                     qPrintable(QString::number(*results.minimumStartSeconds(), 'g', 17)));
        }
        const QString error = compareRegionStatistics(
            results, json.value(QStringLiteral("region_statistics")).toObject(), name);
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }

    void aggregateHasNoEvents() {
        const ProfilingResults results =
            readH5(dataPath(QStringLiteral("v3_aggregate.h5")).toStdString());
        QCOMPARE(results.layout, StorageLayout::Aggregate);
        QVERIFY(!results.eventsRead);
        QCOMPARE(results.events.size(), std::size_t{0});
        for (const RankRegion& row : results.rows)
            QVERIFY(!row.summary.hasSpread);
    }

    // The parts of v3_serial.h5 beyond statistics (see samples/README.md).
    void v3SerialAuxiliaryData() {
        const ProfilingResults results =
            readH5(dataPath(QStringLiteral("v3_serial.h5")).toStdString());
        QCOMPARE(results.layout, StorageLayout::Columnar);
        QVERIFY(results.eventsRead);
        QVERIFY(results.events.hasCallIds());
        QCOMPARE(results.events.size(), std::size_t{17});
        const MetadataValue* modules = results.metadata.find("modules");
        QVERIFY(modules != nullptr);
        QVERIFY(std::holds_alternative<std::vector<std::string>>(*modules));
        QCOMPARE(std::get<std::vector<std::string>>(*modules).size(), std::size_t{2});
        const MetadataValue* empty = results.metadata.find("empty_list_example");
        QVERIFY(empty != nullptr);
        QVERIFY(std::holds_alternative<std::vector<std::string>>(*empty));
        QVERIFY(std::get<std::vector<std::string>>(*empty).empty());
        QCOMPARE(results.metadata.integer("mpi_size"), std::optional<std::int64_t>(1));
        // Exclusive totals as stored: main 86109 ns, io 36778 ns.
        const auto main = results.regionIndex("main");
        const auto io = results.regionIndex("io");
        QVERIFY(main && io);
        QCOMPARE(results.stats(*main, 0).exclusive, std::optional<double>(86109e-9));
        QCOMPARE(results.stats(*io, 0).exclusive, std::optional<double>(36778e-9));
        const auto solve = results.regionIndex("solve");
        QVERIFY(solve);
        const RankRegion* solveRow = results.row(*solve, 0);
        QVERIFY(solveRow != nullptr);
        QCOMPARE(results.details(*solveRow).tags, (std::vector<std::string>{"hot", "numerics"}));
        QVERIFY(results.details(*results.row(*main, 0)).tags.empty());
        // LIKWID: the group "a|b" is the tag "a/b".
        QCOMPARE(results.likwid.size(), std::size_t{2});
        bool slashTag = false;
        for (const LikwidRegion& region : results.likwid)
            slashTag = slashTag || region.tag == "a/b";
        QVERIFY(slashTag);
        QCOMPARE(results.lineProfiles.size(), std::size_t{1});
        QCOMPARE(results.lineProfiles[0].lineNumbers.size(), std::size_t{3});
    }

    void schema1SummaryNeedsFallback() {
        const std::string path = dataPath(QStringLiteral("run_np3.h5")).toStdString();
        QVERIFY_THROWS_EXCEPTION(SummaryDataUnavailable, readH5Summary(path));
        ReadRequest options;
        options.fallback = true;
        const ProfilingResults fallback = readH5Summary(path, options);
        QVERIFY(fallback.summaryFallback);
        const ProfilingResults full = readH5(path);
        QCOMPARE(regionsOf(fallback), regionsOf(full));
        for (std::size_t i = 0; i < full.regions.size(); ++i) {
            const QString error = scope::testing::compareReads(
                fallback.pooled(i), full.pooled(i), QString::fromStdString(full.regions[i]));
            QVERIFY2(error.isEmpty(), qPrintable(error));
        }
    }
};

QTEST_APPLESS_MAIN(TestSamples)
#include "tst_Samples.moc"
