// SPDX-License-Identifier: GPL-3.0-or-later
// Comparing runs: RunComparison (scope-profiler diff's rules) and SpeedupSeries
// (pproc's speedup chart), checked against the statistics scope-profiler
// itself wrote for the two sample runs (compare_serial_np3.region_statistics.json).
#include "HandMadeRun.h"
#include "TestSupport.h"
#include "compare/RunComparison.h"
#include "compare/SpeedupSeries.h"
#include "format/ProfileReader.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace scope;
using scope::testing::relativelyClose;

namespace {

std::string dataPath(const char* name) {
    return std::string(SCOPE_TEST_DATA_DIR "/") + name;
}

// scope-profiler's statistics of one file of the comparison JSON, by region.
QJsonObject statisticsOf(const QString& label) {
    QFile file(QStringLiteral(SCOPE_TEST_DATA_DIR "/compare_serial_np3.region_statistics.json"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    for (const QJsonValue& entry : QJsonDocument::fromJson(file.readAll())["files"].toArray())
        if (entry["label"].toString() == label)
            return entry["region_statistics"].toObject();
    return {};
}

double expected(const QJsonObject& statistics, const std::string& region, const char* key) {
    return statistics[QString::fromStdString(region)][QLatin1String(key)].toDouble();
}

const ComparisonRow* findRow(const std::vector<ComparisonRow>& rows, std::string_view region) {
    const auto found = std::find_if(rows.begin(), rows.end(),
                                    [&](const ComparisonRow& row) { return row.region == region; });
    return found == rows.end() ? nullptr : &*found;
}

} // namespace

class TestRunComparison : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        serial_ = readH5(dataPath("run_serial.h5"));
        np3_ = readH5(dataPath("run_np3.h5"));
        serialStats_ = statisticsOf(QStringLiteral("run_serial"));
        np3Stats_ = statisticsOf(QStringLiteral("run_np3"));
        QVERIFY(!serialStats_.isEmpty());
        QVERIFY(!np3Stats_.isEmpty());
    }

    void diffFollowsScopeProfilerDiff() {
        const auto rows = RunComparison::diff(serial_, np3_, ComparisonMetric::Total);
        // Every region of either file, once.
        QCOMPARE(rows.size(), static_cast<std::size_t>(np3Stats_.size()));
        for (const ComparisonRow& row : rows) {
            const QString where = QString::fromStdString(row.region);
            const double b = expected(np3Stats_, row.region, "total_duration_seconds");
            QVERIFY2(row.values[1] && relativelyClose(*row.values[1], b), qPrintable(where));
            if (!serialStats_.contains(where)) {
                // Missing from the baseline: delta counts it as 0, no percent.
                QVERIFY(!row.values[0]);
                QVERIFY(relativelyClose(row.delta[1], b));
                QVERIFY(!row.percent[1]);
                continue;
            }
            const double a = expected(serialStats_, row.region, "total_duration_seconds");
            QVERIFY2(relativelyClose(*row.values[0], a), qPrintable(where));
            QVERIFY2(relativelyClose(row.delta[1], b - a), qPrintable(where));
            QVERIFY2(row.percent[1] && relativelyClose(*row.percent[1], (b - a) / a * 100.0),
                     qPrintable(where));
        }
        // Largest |delta| first.
        for (std::size_t i = 1; i < rows.size(); ++i)
            QVERIFY(std::abs(rows[i - 1].delta[1]) >= std::abs(rows[i].delta[1]));
        QCOMPARE(rows.front().region, std::string("main"));
    }

    void diffThresholdKeepsRegionsWithoutPercent() {
        const double threshold = 250.0;
        const auto rows =
            RunComparison::diff(serial_, np3_, ComparisonMetric::Total, {}, threshold);
        QStringList kept;
        for (const ComparisonRow& row : rows)
            kept << QString::fromStdString(row.region);
        QStringList expectedKept;
        for (const QString& region : np3Stats_.keys()) {
            if (!serialStats_.contains(region)) {
                expectedKept << region;
                continue;
            }
            const double a = serialStats_.value(region)
                                 .toObject()
                                 .value(QLatin1String("total_duration_seconds"))
                                 .toDouble();
            const double b = np3Stats_.value(region)
                                 .toObject()
                                 .value(QLatin1String("total_duration_seconds"))
                                 .toDouble();
            if (std::abs((b - a) / a * 100.0) >= threshold)
                expectedKept << region;
        }
        kept.sort();
        expectedKept.sort();
        QCOMPARE(kept, expectedKept);
        QVERIFY(kept.contains(QStringLiteral("mpi.allreduce")));
        QVERIFY(!kept.contains(QStringLiteral("linalg solve"))); // +89.6 %
    }

    void callsAndRankSelection() {
        const ExportSelection rank1(RegionFilter(), RankSelection({1}));
        const auto rows = RunComparison::diff(serial_, np3_, ComparisonMetric::Calls, rank1);
        // The serial run has no rank 1: every region is missing from the baseline.
        for (const ComparisonRow& row : rows) {
            QVERIFY(!row.values[0]);
            const QJsonObject perRank = np3Stats_.value(QString::fromStdString(row.region))
                                            .toObject()
                                            .value(QLatin1String("per_rank"))
                                            .toObject();
            QCOMPARE(*row.values[1], perRank.value(QLatin1String("1"))
                                         .toObject()
                                         .value(QLatin1String("count"))
                                         .toDouble());
        }
        // Regions without calls on rank 1 (io_checkpoint runs on even ranks) are left out.
        for (const QString& region : np3Stats_.keys()) {
            const bool onRank1 = np3Stats_.value(region)
                                     .toObject()
                                     .value(QLatin1String("per_rank"))
                                     .toObject()
                                     .contains(QLatin1String("1"));
            QCOMPARE(findRow(rows, region.toStdString()) != nullptr, onRank1);
        }
        QVERIFY(!findRow(rows, "io_checkpoint"));
    }

    void compareSeveralRunsAgainstAChosenBaseline() {
        const ProfilingResults* runs[] = {&serial_, &np3_, &serial_};
        const auto rows = RunComparison::compute(runs, {ComparisonMetric::Average, 1, {}});
        // Regions in every run first, in the baseline's order; then the rest.
        std::vector<std::string> order;
        for (const ComparisonRow& row : rows)
            order.push_back(row.region);
        std::vector<std::string> common = np3_.regions;
        std::erase(common, "mpi.allreduce");
        common.push_back("mpi.allreduce");
        QCOMPARE(order, common);
        QVERIFY(!rows.back().inAllRuns());
        const ComparisonRow* solve = findRow(rows, "solve");
        QVERIFY(solve && solve->inAllRuns());
        const double base = expected(np3Stats_, "solve", "average_duration_seconds");
        const double serial = expected(serialStats_, "solve", "average_duration_seconds");
        QCOMPARE(solve->delta[1], 0.0);
        QVERIFY(relativelyClose(*solve->percent[1], 0.0));
        QVERIFY(relativelyClose(solve->delta[0], serial - base));
        QVERIFY(relativelyClose(*solve->percent[2], (serial - base) / base * 100.0));
        QVERIFY_THROWS_EXCEPTION(std::out_of_range,
                                 RunComparison::compute(runs, {ComparisonMetric::Total, 3, {}}));
    }

    // Per-rank totals worked out by hand (ns): solve 200 on rank 0 (two calls
    // of 100), 50 on rank 1, 60 on rank 2 (30 + 20 + 10), none on rank 3,
    // which only runs main.
    void perRankStatistics() {
        const ProfilingResults run = makeResults({{0, "main", {{0, 1000}}},
                                                  {1, "main", {{0, 1000}}},
                                                  {2, "main", {{0, 1000}}},
                                                  {3, "main", {{0, 1000}}},
                                                  {0, "solve", {{0, 100}, {200, 300}}},
                                                  {1, "solve", {{0, 50}}},
                                                  {2, "solve", {{0, 30}, {40, 60}, {70, 80}}}});
        const auto value = [&](ComparisonMetric metric, const RankSelection& ranks = {}) {
            return RunComparison::value(run, "solve", metric, ranks);
        };
        // (200 + 50 + 60 + 0) / 4 ranks; the slowest rank is rank 0.
        QVERIFY(value(ComparisonMetric::RankMean) &&
                relativelyClose(*value(ComparisonMetric::RankMean), 77.5e-9));
        QVERIFY(value(ComparisonMetric::SlowestRank) &&
                relativelyClose(*value(ComparisonMetric::SlowestRank), 200e-9));
        QVERIFY(relativelyClose(*value(ComparisonMetric::Total), 310e-9));
        // Ranks 1-3: (50 + 60 + 0) / 3; the slowest is rank 2.
        const RankSelection some(std::vector<std::uint32_t>{1, 2, 3});
        QVERIFY(relativelyClose(*value(ComparisonMetric::RankMean, some), 110e-9 / 3.0));
        QVERIFY(relativelyClose(*value(ComparisonMetric::SlowestRank, some), 60e-9));
        // Rank 3 alone made no call of solve: missing, as for the other statistics.
        const RankSelection idle(std::vector<std::uint32_t>{3});
        QVERIFY(!value(ComparisonMetric::RankMean, idle));
        QVERIFY(!value(ComparisonMetric::SlowestRank, idle));
        // main: 1000 ns on each of the four ranks.
        QVERIFY(relativelyClose(*RunComparison::value(run, "main", ComparisonMetric::RankMean, {}),
                                1000e-9));
    }

    void speedupOverRanks() {
        // Given largest x first: the baseline is still the run with the fewest ranks.
        const ProfilingResults* runs[] = {&np3_, &serial_};
        const SpeedupSeries series = SpeedupSeries::compute(runs, "num_ranks");
        QVERIFY(series.numeric);
        QCOMPARE(series.xKeys, (std::vector<std::string>{"1", "3"}));
        QCOMPARE(series.baselineKey, std::string("1"));
        QCOMPARE(series.idealX, (std::vector<double>{1.0, 3.0}));
        QCOMPARE(series.idealY, (std::vector<double>{1.0, 3.0}));
        // One curve per region common to both runs.
        QCOMPARE(series.curves.size(), np3_.regions.size() - 1);
        for (const SpeedupCurve& curve : series.curves) {
            const double serial = expected(serialStats_, curve.region, "average_duration_seconds");
            const double np3 = expected(np3Stats_, curve.region, "average_duration_seconds");
            QCOMPARE(curve.x, (std::vector<double>{1.0, 3.0}));
            QVERIFY(relativelyClose(curve.speedup[0], 1.0));
            QVERIFY2(relativelyClose(curve.speedup[1], serial / np3), curve.region.c_str());
        }
    }

    void speedupOverThreadsAndCategories() {
        ProfilingResults two = serial_;
        ProfilingResults four = np3_;
        ProfilingResults alsoFour = serial_;
        setMetadata(two, "omp_num_threads", MetadataValue(std::string("2"))); // as text
        setMetadata(four, "omp_num_threads", MetadataValue(std::int64_t{4}));
        setMetadata(alsoFour, "omp_num_threads", MetadataValue(std::int64_t{4}));
        const ProfilingResults* runs[] = {&four, &two, &alsoFour};

        const SpeedupSeries threads = SpeedupSeries::compute(runs, "omp_num_threads");
        QCOMPARE(threads.xKeys, (std::vector<std::string>{"2", "4"}));
        const SpeedupCurve& solve = curveOf(threads, "solve");
        // Two runs at 4 threads: their mean durations are averaged.
        const double at2 = expected(serialStats_, "solve", "average_duration_seconds");
        const double at4 = (expected(np3Stats_, "solve", "average_duration_seconds") + at2) / 2.0;
        QVERIFY(relativelyClose(solve.speedup[1], at2 / at4));

        const SpeedupSeries cores = SpeedupSeries::compute(runs, "total_cores");
        // ranks x threads: 3 x 4, 1 x 2, 1 x 4.
        QCOMPARE(cores.xKeys, (std::vector<std::string>{"2", "4", "12"}));
        QCOMPARE(cores.idealY, (std::vector<double>{1.0, 2.0, 6.0}));

        // A text field is a category axis in the runs' order, without an ideal line.
        setMetadata(four, "label", MetadataValue(std::string("b")));
        setMetadata(two, "label", MetadataValue(std::string("a")));
        setMetadata(alsoFour, "label", MetadataValue(std::string("b")));
        const SpeedupSeries labels = SpeedupSeries::compute(runs, "label");
        QVERIFY(!labels.numeric);
        QCOMPARE(labels.xKeys, (std::vector<std::string>{"b", "a"}));
        QCOMPARE(labels.xPositions, (std::vector<double>{0.0, 1.0}));
        QVERIFY(labels.idealX.empty());

        // Ranks 3, 1, 1; threads 4, 2, 4; cores 12, 2, 4: all three differ. The
        // text field is no x axis to offer, though compute() accepts it.
        const auto fields = SpeedupSeries::availableFields(runs);
        QCOMPARE(fields[0], std::string("num_ranks"));
        QCOMPARE(fields[1], std::string("omp_num_threads"));
        QCOMPARE(fields[2], std::string("total_cores"));
        QVERIFY(std::count(fields.begin(), fields.end(), "total_cores") == 1);
        QVERIFY(std::find(fields.begin(), fields.end(), "label") == fields.end());
    }

    // Only numbers the runs differ in make an x axis: not the host, user,
    // platform, time stamp or directory, nor a number every run shares.
    void speedupOffersOnlyNumbersThatDiffer() {
        const auto run = [](std::uint32_t ranks, std::vector<MetadataEntry> metadata) {
            ProfilingResults result;
            result.numRanks = ranks;
            result.metadata.entries = std::move(metadata);
            return result;
        };
        using Text = std::string;
        using Int = std::int64_t;
        const ProfilingResults a = run(4, {{"hostname", Text("node01")},
                                           {"timestamp", Text("2024-05-01T10:00:00")},
                                           {"omp_num_threads", Int{8}},
                                           {"problem_size", Int{1000}},
                                           {"tolerance", 1e-6},
                                           {"iterations", Int{50}},
                                           {"platform", Text("Linux")},
                                           {"seed", Text("17")}});
        const ProfilingResults b = run(4, {{"hostname", Text("node02")},
                                           {"timestamp", Text("2024-05-01T11:00:00")},
                                           {"omp_num_threads", Int{8}},
                                           {"problem_size", Int{2000}},
                                           {"tolerance", 1e-8},
                                           {"iterations", Int{50}},
                                           {"platform", Text("Linux")},
                                           {"seed", Text("18")}});
        const ProfilingResults* both[] = {&a, &b};
        // Same ranks, same threads (so same cores), same iterations: none of
        // those; the text fields never, even "seed" that reads as a number.
        QCOMPARE(SpeedupSeries::availableFields(both),
                 (std::vector<std::string>{"problem_size", "tolerance"}));

        // Twice the ranks at the same threads: ranks and cores differ, threads not.
        ProfilingResults c = b;
        c.numRanks = 8;
        const ProfilingResults* scaled[] = {&a, &c};
        QCOMPARE(
            SpeedupSeries::availableFields(scaled),
            (std::vector<std::string>{"num_ranks", "total_cores", "problem_size", "tolerance"}));

        // A field one run lacks, or holds as text, is left out.
        ProfilingResults d = c;
        std::erase_if(d.metadata.entries,
                      [](const MetadataEntry& e) { return e.key == "tolerance"; });
        for (MetadataEntry& entry : d.metadata.entries)
            if (entry.key == "problem_size")
                entry.value = Text("2000");
        const ProfilingResults* partial[] = {&a, &d};
        QCOMPARE(SpeedupSeries::availableFields(partial),
                 (std::vector<std::string>{"num_ranks", "total_cores"}));

        // Runs alike in every number: nothing to offer; one run: nothing either.
        const ProfilingResults* same[] = {&a, &a};
        QVERIFY(SpeedupSeries::availableFields(same).empty());
        const ProfilingResults* one[] = {&a};
        QVERIFY(SpeedupSeries::availableFields(one).empty());
    }

    void speedupNamesTheRunWithoutTheField() {
        ProfilingResults other = np3_;
        other.path = "other.h5";
        std::erase_if(other.metadata.entries,
                      [](const MetadataEntry& e) { return e.key == "omp_num_threads"; });
        const ProfilingResults* runs[] = {&serial_, &other};
        try {
            SpeedupSeries::compute(runs, "omp_num_threads");
            QFAIL("expected std::invalid_argument");
        } catch (const std::invalid_argument& error) {
            QVERIFY2(std::string(error.what()).find("other.h5") != std::string::npos, error.what());
        }
        const ProfilingResults* one[] = {&serial_};
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, SpeedupSeries::compute(one, "num_ranks"));
    }

private:
    static void setMetadata(ProfilingResults& run, const std::string& key, MetadataValue value) {
        for (MetadataEntry& entry : run.metadata.entries)
            if (entry.key == key) {
                entry.value = std::move(value);
                return;
            }
        run.metadata.entries.push_back({key, std::move(value)});
    }

    static const SpeedupCurve& curveOf(const SpeedupSeries& series, std::string_view region) {
        return *std::find_if(series.curves.begin(), series.curves.end(),
                             [&](const SpeedupCurve& c) { return c.region == region; });
    }

    ProfilingResults serial_;
    ProfilingResults np3_;
    QJsonObject serialStats_;
    QJsonObject np3Stats_;
};

QTEST_GUILESS_MAIN(TestRunComparison)
#include "tst_RunComparison.moc"
