// SPDX-License-Identifier: GPL-3.0-or-later
// GPU time of the region table (sums with -1 = no GPU duration left out, from
// the events and from the summary columns alike) and the perf ratios, against
// numbers worked out by hand.
#include "FixtureWriter.h"
#include "SampleSpecs.h"
#include "analysis/PerfRatios.h"
#include "analysis/RegionTable.h"
#include "format/ProfileReader.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace scope;
using namespace scope::fixtures;

namespace {

const RegionTableRow& rowOf(const std::vector<RegionTableRow>& rows,
                            const ProfilingResults& results, const std::string& region) {
    const auto index = results.regionIndex(region);
    for (const RegionTableRow& row : rows)
        if (index && row.region == *index)
            return row;
    static const RegionTableRow none;
    return none;
}

std::optional<double> ratio(const PerfEventSet& set, const std::string& name) {
    for (const PerfRatio& r : perfRatios(set))
        if (r.name == name)
            return r.value;
    return std::nullopt;
}

PerfEventSet perfSet(std::vector<std::string> names, std::vector<std::uint64_t> values) {
    PerfEventSet set;
    set.eventNames = std::move(names);
    set.values = std::move(values);
    return set;
}

} // namespace

class TestHardwareAnalysis : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;

    std::string write(const FixtureSpec& spec, const QString& name) {
        const std::string path = dir_.filePath(name).toStdString();
        FixtureWriter::write(spec, path);
        return path;
    }

private slots:
    void gpuSumsLeaveOutMissingDurations_data() {
        QTest::addColumn<bool>("summaryOnly");
        QTest::newRow("events") << false;
        QTest::newRow("summary columns") << true;
    }

    void gpuSumsLeaveOutMissingDurations() {
        QFETCH(bool, summaryOnly);
        const std::string path = write(SampleSpecs::gpuRun(), "gpu.h5");
        const ProfilingResults results = summaryOnly ? readH5Summary(path) : readH5(path);
        QVERIFY(RegionTable::hasGpuData(results));

        // Hand-computed in SampleSpecs::gpuRun: 20 + 30 on rank 0, 70 on rank 1.
        const auto all = RegionTable::compute(results, {});
        const RegionTableRow& kernel = rowOf(all, results, "kernel");
        QCOMPARE(kernel.stats.count, std::uint64_t{5});
        QCOMPARE(kernel.gpu.count, std::uint64_t{3});
        QCOMPARE(kernel.gpu.total(), 120e-9);
        QCOMPARE(RegionTable::gpuTime(results, *results.regionIndex("kernel"), {}).average(),
                 40e-9);
        QCOMPARE(rowOf(all, results, "host").gpu.count, std::uint64_t{0});
        QCOMPARE(rowOf(all, results, "host").gpu.total(), 0.0);

        const auto rank0 = RegionTable::compute(results, RankSelection::parse("0"));
        QCOMPARE(rowOf(rank0, results, "kernel").gpu.count, std::uint64_t{2});
        QCOMPARE(rowOf(rank0, results, "kernel").gpu.total(), 50e-9);
        const auto rank1 = RegionTable::compute(results, RankSelection::parse("1"));
        QCOMPARE(rowOf(rank1, results, "kernel").gpu.count, std::uint64_t{1});
        QCOMPARE(rowOf(rank1, results, "kernel").gpu.total(), 70e-9);
    }

    void noGpuDataWithoutDurations() {
        // Every GPU duration -1: the column is stored, but there is no GPU time.
        FixtureSpec spec = SampleSpecs::gpuRun();
        for (FixtureRow& row : spec.rows)
            std::fill(row.gpuDurations.begin(), row.gpuDurations.end(), -1);
        QVERIFY(!RegionTable::hasGpuData(readH5(write(spec, "none.h5"))));
        // No gpu_durations column at all.
        for (FixtureRow& row : spec.rows)
            row.gpuDurations.clear();
        QVERIFY(!RegionTable::hasGpuData(readH5(write(spec, "absent.h5"))));
        // The C API writes the summary's GPU fields, always 0.
        QVERIFY(!RegionTable::hasGpuData(
            readH5Summary(SCOPE_TEST_DATA_DIR "/c-api/capi_run_rank00000.h5")));
    }

    void perfRatiosFromTheCounters() {
        // 2500 / 1000 = 2.5; 10 / 400 = 0.025; 5 / 200 = 0.025.
        const PerfEventSet set = perfSet({"cycles", "instructions", "cache-references",
                                          "cache-misses", "branches", "branch-misses"},
                                         {1000, 2500, 400, 10, 200, 5});
        const auto ratios = perfRatios(set);
        QCOMPARE(ratios.size(), std::size_t{3});
        QCOMPARE(ratios[0].name, std::string("IPC"));
        QCOMPARE(ratios[0].value, 2.5);
        QCOMPARE(ratios[1].name, std::string("cache-miss rate"));
        QCOMPARE(ratios[1].value, 0.025);
        QCOMPARE(ratios[2].name, std::string("branch-miss rate"));
        QCOMPARE(ratios[2].value, 0.025);
    }

    void perfRatiosAcceptOtherSpellings() {
        // 3000 / 1200 = 2.5 and 6 / 300 = 0.02 under perf's aliases and
        // PERF_COUNT_HW_ names.
        const PerfEventSet set = perfSet(
            {"CPU_CYCLES", "PERF_COUNT_HW_INSTRUCTIONS", "branch-instructions", "BRANCH_MISSES"},
            {1200, 3000, 300, 6});
        QCOMPARE(ratio(set, "IPC").value_or(-1), 2.5);
        QCOMPARE(ratio(set, "branch-miss rate").value_or(-1), 0.02);
        QVERIFY(!ratio(set, "cache-miss rate"));
    }

    void perfRatiosNeedTheirCounters() {
        // The fixture's perf sets: cycles and instructions only; cache-misses alone.
        QCOMPARE(ratio(perfSet({"cycles", "instructions"}, {123456789ull, 987654321ull}), "IPC")
                     .value_or(-1),
                 987654321.0 / 123456789.0);
        QVERIFY(perfRatios(perfSet({"cache-misses"}, {4242})).empty());
        // Zero counters give no ratio rather than 0 or infinity.
        QVERIFY(perfRatios(perfSet({"cycles", "instructions"}, {0, 10})).empty());
        QVERIFY(perfRatios(perfSet({"branches", "branch-misses"}, {100, 0})).empty());
    }
};

QTEST_GUILESS_MAIN(TestHardwareAnalysis)
#include "tst_HardwareAnalysis.moc"
