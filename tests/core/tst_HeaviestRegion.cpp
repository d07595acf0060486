// SPDX-License-Identifier: GPL-3.0-or-later
// The region the per-region charts show first: the most exclusive time, ties
// by calls, never the outermost region just because it contains the run.
#include "analysis/HeaviestRegion.h"

#include <QtTest>

#include <optional>

using namespace scope;

namespace {

struct Entry {
    std::uint32_t rank;
    std::string region;
    std::uint64_t calls;
    std::int64_t totalNs;
    std::optional<std::int64_t> exclusiveNs;
};

ProfilingResults makeRun(const std::vector<Entry>& entries) {
    ProfilingResults run;
    for (const Entry& entry : entries) {
        auto index = run.regionIndex(entry.region);
        if (!index) {
            run.regions.push_back(entry.region);
            index = run.regions.size() - 1;
        }
        RankRegion row;
        row.rank = entry.rank;
        row.region = static_cast<std::uint32_t>(*index);
        row.summary.count = entry.calls;
        row.summary.total = entry.totalNs;
        row.summary.minimum = row.summary.maximum =
            entry.calls > 0 ? entry.totalNs / static_cast<std::int64_t>(entry.calls) : 0;
        row.exclusiveNs = entry.exclusiveNs;
        run.rows.push_back(row);
        run.numRanks = std::max(run.numRanks, entry.rank + 1);
    }
    run.finalize();
    return run;
}

} // namespace

class TestHeaviestRegion : public QObject {
    Q_OBJECT
private slots:
    void mostExclusiveTimeNotTheRoot();
    void tiesGoToMoreCalls();
    void exclusiveTimeSumsOverRanks();
    void unknownExclusiveCountsByCalls();
    void noCallsIsMinusOne();
};

void TestHeaviestRegion::mostExclusiveTimeNotTheRoot() {
    // main holds everything (10 s inclusive) but only 1 s is its own;
    // solve has 6 s of its own, io 3 s.
    const ProfilingResults run = makeRun({{0, "main", 4, 10'000'000'000, 1'000'000'000},
                                          {0, "solve", 100, 6'000'000'000, 6'000'000'000},
                                          {0, "io", 1000, 3'000'000'000, 3'000'000'000}});
    QCOMPARE(HeaviestRegion::of(run), 1);
}

void TestHeaviestRegion::tiesGoToMoreCalls() {
    const ProfilingResults run = makeRun(
        {{0, "a", 5, 4'000, 4'000}, {0, "b", 100, 4'000, 4'000}, {0, "c", 7, 3'000, 3'000}});
    QCOMPARE(HeaviestRegion::of(run), 1);
}

void TestHeaviestRegion::exclusiveTimeSumsOverRanks() {
    // Over both ranks: a = 5 + 5 = 10, b = 8 + 0 = 8. On rank 1 alone: a.
    const ProfilingResults run =
        makeRun({{0, "a", 1, 5, 5}, {1, "a", 1, 5, 5}, {0, "b", 1, 8, 8}, {1, "b", 1, 0, 0}});
    QCOMPARE(HeaviestRegion::of(run), 0);
    QCOMPARE(HeaviestRegion::of(run, RankSelection({0})), 1);
}

void TestHeaviestRegion::unknownExclusiveCountsByCalls() {
    // Summary only: no exclusive times; the region with the most calls.
    const ProfilingResults run = makeRun({{0, "main", 1, 9'000, std::nullopt},
                                          {0, "kernel", 40, 5'000, std::nullopt},
                                          {0, "halo", 12, 2'000, std::nullopt}});
    QCOMPARE(HeaviestRegion::of(run), 1);
    // A region whose exclusive time is known comes before those without.
    const ProfilingResults mixed =
        makeRun({{0, "main", 1, 9'000, std::nullopt}, {0, "kernel", 2, 5'000, 1}});
    QCOMPARE(HeaviestRegion::of(mixed), 1);
}

void TestHeaviestRegion::noCallsIsMinusOne() {
    QCOMPARE(HeaviestRegion::of(ProfilingResults{}), -1);
    const ProfilingResults run = makeRun({{0, "idle", 0, 0, 0}});
    QCOMPARE(HeaviestRegion::of(run), -1);
}

QTEST_APPLESS_MAIN(TestHeaviestRegion)
#include "tst_HeaviestRegion.moc"
