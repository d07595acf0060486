// SPDX-License-Identifier: GPL-3.0-or-later
// Histograms computed where the calls are and carried with the results: the
// kept ones are those of the calls, they give the percentiles kept beside
// them, they cross the results' encoding (read helper, index, SSH payload)
// unchanged and damaged ones are refused, and a run without its calls here
// draws them for all ranks only.
#include "KeptHandRun.h"
#include "MemoryCallSource.h"
#include "analysis/DurationHistogram.h"
#include "analysis/KeptHistograms.h"
#include "analysis/KeptPercentiles.h"
#include "analysis/RegionCalls.h"
#include "format/ProfileReader.h"
#include "model/Errors.h"

#include <QtTest>

#include <cmath>
#include <limits>
#include <numeric>

using namespace scope;
using testing::keptHandRun;
using testing::roundTrip;

namespace {

// The run as it arrives over SSH: statistics and what was kept, no calls.
ProfilingResults withoutCalls(const ProfilingResults& run) {
    ProfilingResults remote = roundTrip(run);
    remote.eventsOnHost = true;
    return remote;
}

bool near(double got, double expected) {
    return std::abs(got - expected) <= 1e-12 * std::abs(expected);
}

} // namespace

class TestKeptHistograms : public QObject {
    Q_OBJECT
private slots:
    // 40 logarithmic bins from 10 ns to 50 ns are log10(5)/40 = 0.017474
    // decades wide: 20 ns lies 0.30103 decades above 10 ns (bin 17), 30 ns
    // 0.47712 (bin 27), 40 ns 0.60206 (bin 34), 50 ns closes the last bin.
    void keptValuesAreThoseWorkedOutByHand() {
        const ProfilingResults run = keptHandRun();
        const std::vector<RegionHistogram> kept = KeptHistograms::compute(run);
        QCOMPARE(kept.size(), run.regions.size());
        const RegionHistogram& solve = kept[*run.regionIndex("solve")];
        QCOMPARE(solve.counts.size(), DurationHistogram::kBins);
        QVERIFY(solve.logarithmic);
        QVERIFY(near(solve.edges.front(), 10e-9));
        QVERIFY(near(solve.edges.back(), 50e-9));
        std::vector<std::uint64_t> counts(40, 0);
        counts[0] = counts[17] = counts[27] = counts[34] = counts[39] = 1;
        QCOMPARE(solve.counts, counts);
        QVERIFY(near(solve.mean, 30e-9));
        // NumPy's linear interpolation over the five durations (see
        // tst_KeptPercentiles): 30, 46, 48 and 49.6 ns.
        QVERIFY(near(solve.percentiles.p50, 30e-9));
        QVERIFY(near(solve.percentiles.p90, 46e-9));
        QVERIFY(near(solve.percentiles.p99, 49.6e-9));
        QCOMPARE(solve.outlineRanks, (std::vector<std::uint32_t>{0, 1}));
        std::vector<std::uint64_t> perRank(80, 0);
        perRank[0] = perRank[17] = perRank[27] = perRank[34] = 1; // rank 0
        perRank[40 + 39] = 1;                                     // rank 1: 50 ns
        QCOMPARE(solve.rankCounts, perRank);

        // One call: a single narrow bin holds it.
        const RegionHistogram& io = kept[*run.regionIndex("io")];
        QCOMPARE(io.counts[0], std::uint64_t{1});
        QCOMPARE(std::accumulate(io.counts.begin(), io.counts.end(), std::uint64_t{0}),
                 std::uint64_t{1});
        QVERIFY(near(io.mean, 7e-9));
        QCOMPARE(io.outlineRanks, std::vector<std::uint32_t>{1});
    }

    void callsReadOnDemandGiveTheSame() {
        const ProfilingResults inMemory = keptHandRun();
        const ProfilingResults onDemand = testing::MemoryCallSource::onDemand(keptHandRun());
        QCOMPARE(KeptHistograms::compute(onDemand), KeptHistograms::compute(inMemory));
        // Percentiles refined over several reads of a few durations each.
        QCOMPARE(KeptHistograms::compute(onDemand, nullptr, 16), KeptHistograms::compute(inMemory));
    }

    void keepingThemKeepsThePercentilesToo() {
        ProfilingResults run = keptHandRun();
        QVERIFY(KeptHistograms::keep(run));
        QCOMPARE(run.keptHistograms.size(), run.regions.size());
        QCOMPARE(run.keptPercentiles, KeptPercentiles::compute(keptHandRun()));
    }

    void cancelledKeepsNothing() {
        ProfilingResults run = keptHandRun();
        const std::atomic<bool> cancel{true};
        QVERIFY(KeptHistograms::compute(run, &cancel).empty());
        QVERIFY(!KeptHistograms::keep(run, &cancel));
        QVERIFY(run.keptHistograms.empty());
        QVERIFY(run.keptPercentiles.empty());
    }

    void theyFollowTheirRegionsThroughFinalize() {
        ProfilingResults run = keptHandRun();
        QVERIFY(KeptHistograms::keep(run));
        const std::vector<RegionHistogram> before = run.keptHistograms;
        const std::size_t solve = *run.regionIndex("solve");
        const std::size_t io = *run.regionIndex("io");
        std::swap(run.regions[solve], run.regions[io]);
        std::swap(run.keptHistograms[solve], run.keptHistograms[io]);
        std::swap(run.keptPercentiles[solve], run.keptPercentiles[io]);
        for (RankRegion& row : run.rows)
            row.region = row.region == solve ? static_cast<std::uint32_t>(io)
                                             : static_cast<std::uint32_t>(solve);
        run.finalize();
        QCOMPARE(run.keptHistograms[*run.regionIndex("solve")], before[solve]);
        QCOMPARE(run.keptHistograms[*run.regionIndex("io")], before[io]);
    }

    void theyCrossTheResultsEncodingUnchanged() {
        ProfilingResults run = keptHandRun();
        QVERIFY(KeptHistograms::keep(run));
        const ProfilingResults decoded = roundTrip(run);
        QCOMPARE(decoded.keptHistograms, run.keptHistograms);
        QCOMPARE(decoded.keptPercentiles, run.keptPercentiles);
        QVERIFY(roundTrip(keptHandRun()).keptHistograms.empty());
    }

    void damagedOnesAreRefused() {
        ProfilingResults kept = keptHandRun();
        QVERIFY(KeptHistograms::keep(kept));
        const std::size_t solve = *kept.regionIndex("solve");
        auto refused = [&](auto damage) {
            ProfilingResults run = kept;
            damage(run.keptHistograms[solve]);
            try {
                roundTrip(run);
            } catch (const CorruptProfileError&) {
                return true;
            }
            return false;
        };
        QVERIFY(refused([](RegionHistogram& h) { h.edges.pop_back(); }));
        QVERIFY(refused([](RegionHistogram& h) { std::swap(h.edges[3], h.edges[4]); }));
        QVERIFY(refused([](RegionHistogram& h) { h.edges[5] = std::nan(""); }));
        QVERIFY(refused([](RegionHistogram& h) { h.mean = INFINITY; }));
        QVERIFY(refused([](RegionHistogram& h) { h.percentiles.p90 = std::nan(""); }));
        QVERIFY(refused([](RegionHistogram& h) { h.rankCounts.pop_back(); }));
        QVERIFY(refused([](RegionHistogram& h) {
            h.outlineRanks.assign(17, 0); // more than are ever drawn
            h.rankCounts.assign(17 * h.counts.size(), 0);
        }));
        QVERIFY(refused([](RegionHistogram& h) { h.counts.clear(); }));
        QVERIFY(!refused([](RegionHistogram&) {}));
        ProfilingResults extra = kept;
        extra.keptHistograms.emplace_back(); // one more than the regions
        QVERIFY_THROWS_EXCEPTION(CorruptProfileError, roundTrip(extra));
    }

    void withoutTheCallsOnlyAllRanksAreDrawn() {
        ProfilingResults run = keptHandRun();
        QVERIFY(KeptHistograms::keep(run));
        const ProfilingResults remote = withoutCalls(run);
        QVERIFY(!hasCallData(remote));
        const std::size_t solve = *remote.regionIndex("solve");
        constexpr std::size_t bins = DurationHistogram::kBins;
        for (const RankSelection& all : {RankSelection(), RankSelection({0, 1})}) {
            QVERIFY(KeptHistograms::cover(remote, solve, all, bins));
            const DurationHistogram drawn = DurationHistogram::detailed(remote, solve, all, bins);
            const DurationHistogram fromCalls =
                DurationHistogram::detailed(keptHandRun(), solve, {}, bins);
            QCOMPARE(KeptHistograms::keptOf(drawn), KeptHistograms::keptOf(fromCalls));
        }
        // Rank 0 alone, or other bins: those need the calls.
        QVERIFY(!KeptHistograms::cover(remote, solve, RankSelection({0}), bins));
        QVERIFY_THROWS_EXCEPTION(EventsUnavailable, DurationHistogram::detailed(
                                                        remote, solve, RankSelection({0}), bins));
        QVERIFY(!KeptHistograms::cover(remote, solve, {}, 10));
        QVERIFY_THROWS_EXCEPTION(EventsUnavailable,
                                 DurationHistogram::detailed(remote, solve, {}, 10));
        // Nothing kept: nothing to draw.
        QVERIFY(!KeptHistograms::cover(withoutCalls(keptHandRun()), solve, {}, bins));
    }
};

QTEST_GUILESS_MAIN(TestKeptHistograms)
#include "tst_KeptHistograms.moc"
