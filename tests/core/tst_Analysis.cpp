// SPDX-License-Identifier: GPL-3.0-or-later
// Per-call analysis on hand-made events, checked against values worked out by
// hand (NumPy's linear percentiles, nesting drawn on paper).
#include "analysis/CallStack.h"
#include "analysis/DurationHistogram.h"
#include "analysis/ExclusiveTime.h"
#include "analysis/Percentiles.h"
#include "analysis/TimelineIndex.h"
#include "events/RowStatistics.h"
#include "model/Errors.h"

#include <QtTest>

#include <numeric>

using namespace scope;

namespace {

// One rank, rows given as (region, [(start, end), ...]); events stored row by row.
ProfilingResults makeResults(
    const std::vector<std::pair<std::string, std::vector<std::pair<std::int64_t, std::int64_t>>>>&
        rows,
    std::uint32_t rank = 0, ProfilingResults results = {}) {
    for (const auto& [name, calls] : rows) {
        auto index = results.regionIndex(name);
        if (!index) {
            results.regions.push_back(name);
            index = results.regions.size() - 1;
        }
        RankRegion row;
        row.rank = rank;
        row.region = static_cast<std::uint32_t>(*index);
        row.offset = results.events.size();
        for (const auto& [s, e] : calls) {
            results.events.starts.push_back(s);
            results.events.ends.push_back(e);
        }
        row.summary = RowStatistics::measure(
                          std::span(results.events.starts).subspan(row.offset, calls.size()),
                          std::span(results.events.ends).subspan(row.offset, calls.size()))
                          .summary;
        results.rows.push_back(row);
    }
    results.eventsRead = true;
    results.numRanks = std::max(results.numRanks, rank + 1);
    return results;
}

} // namespace

class TestAnalysis : public QObject {
    Q_OBJECT
private slots:
    void percentilesInterpolateLikeNumPy() {
        // durations 10, 20, 30, 40 ns; NumPy gives p50 25, p90 37, p95 38.5, p99 39.7
        ProfilingResults r = makeResults({{"a", {{0, 40}, {100, 110}, {200, 230}, {300, 320}}}});
        r.finalize();
        const Percentiles p = Percentiles::of(r, 0);
        QCOMPARE(p.p50, 25e-9);
        QVERIFY(qAbs(p.p90 - 37e-9) < 1e-18);
        QVERIFY(qAbs(p.p95 - 38.5e-9) < 1e-18);
        QVERIFY(qAbs(p.p99 - 39.7e-9) < 1e-18);
    }

    void percentilesBySelectionEqualThoseOfTheSortedCalls() {
        // Many ties and both parities of length: the selection shortcut must give
        // exactly the order statistics a full sort gives.
        std::uint64_t state = 12345;
        for (std::size_t n : {1u, 2u, 3u, 10u, 101u, 1000u}) {
            std::vector<std::pair<std::int64_t, std::int64_t>> calls;
            std::vector<std::int64_t> durations;
            for (std::size_t i = 0; i < n; ++i) {
                state = state * 6364136223846793005ull + 1442695040888963407ull;
                const auto d = static_cast<std::int64_t>((state >> 33) % 50);
                calls.emplace_back(static_cast<std::int64_t>(i) * 100,
                                   static_cast<std::int64_t>(i) * 100 + d);
                durations.push_back(d);
            }
            ProfilingResults r = makeResults({{"a", calls}});
            r.finalize();
            std::sort(durations.begin(), durations.end());
            const Percentiles p = Percentiles::of(r, 0);
            QCOMPARE(p.p50, Percentiles::percentile(durations, 50) / 1e9);
            QCOMPARE(p.p90, Percentiles::percentile(durations, 90) / 1e9);
            QCOMPARE(p.p95, Percentiles::percentile(durations, 95) / 1e9);
            QCOMPARE(p.p99, Percentiles::percentile(durations, 99) / 1e9);
        }
    }

    void percentilesPoolSelectedRanksOnly() {
        ProfilingResults r = makeResults({{"a", {{0, 10}}}}, 0);
        r = makeResults({{"a", {{0, 1000}}}}, 1, std::move(r));
        r.finalize();
        QCOMPARE(Percentiles::of(r, 0, RankSelection({0})).p50, 10e-9);
        QCOMPARE(Percentiles::of(r, 0).p50, 505e-9); // (10 + 1000) / 2
    }

    void summaryOnlyResultsReportEventsUnavailable() {
        ProfilingResults r = makeResults({{"a", {{0, 10}}}});
        r.eventsRead = false;
        r.finalize();
        QVERIFY_THROWS_EXCEPTION(EventsUnavailable, Percentiles::of(r, 0));
        QVERIFY_THROWS_EXCEPTION(EventsUnavailable, DurationHistogram::of(r, 0, {}, 10));
        QVERIFY_THROWS_EXCEPTION(EventsUnavailable, CallStack::build(r));
    }

    void histogramCountsEveryCallOnce() {
        // durations 1..10 ns in 3 bins over [1, 10]: width 3 -> [1,4) [4,7) [7,10]
        std::vector<std::pair<std::int64_t, std::int64_t>> calls;
        for (int d = 1; d <= 10; ++d)
            calls.emplace_back(d * 100, d * 100 + d);
        ProfilingResults r = makeResults({{"a", calls}});
        r.finalize();
        const DurationHistogram h = DurationHistogram::of(r, 0, {}, 3);
        QCOMPARE(h.edges.size(), std::size_t(4));
        QCOMPARE(h.counts, (std::vector<std::uint64_t>{3, 3, 4}));
        QCOMPARE(h.edges.front(), 1e-9);
        QCOMPARE(h.edges.back(), 10e-9);
    }

    void detailedHistogramByHand() {
        // Rank 0: 2, 3, 20 ns; rank 1: 4, 200, 500, 900 ns. Three logarithmic bins
        // from 2 to 900 ns: edges 2, 2 * 450^(1/3) = 15.33, 2 * 450^(2/3) = 117.4, 900.
        ProfilingResults r = makeResults({{"a", {{0, 2}, {10, 13}, {20, 40}}}}, 0);
        r = makeResults({{"a", {{0, 4}, {10, 210}, {300, 800}, {1000, 1900}}}}, 1, r);
        r.finalize();
        const DurationHistogram h = DurationHistogram::detailed(r, 0, {}, 3);
        QVERIFY(h.logarithmic);
        QCOMPARE(h.counts, (std::vector<std::uint64_t>{3, 1, 3}));
        QVERIFY(qAbs(h.edges[1] - 15.326e-9) < 1e-12);
        QVERIFY(qAbs(h.edges[2] - 117.44e-9) < 1e-11);
        QVERIFY(qAbs(h.edges[3] - 900e-9) < 1e-15);
        // Sorted 2 3 4 20 200 500 900: p50 the 4th, p90 at 5.4 -> 500 + 0.4 * 400,
        // p99 at 5.94 -> 500 + 0.94 * 400; mean 1629 / 7.
        QVERIFY(qAbs(h.percentiles.p50 - 20e-9) < 1e-18);
        QVERIFY(qAbs(h.percentiles.p90 - 660e-9) < 1e-15);
        QVERIFY(qAbs(h.percentiles.p99 - 876e-9) < 1e-15);
        QVERIFY(qAbs(h.mean - 1629e-9 / 7) < 1e-15);
        QCOMPARE(h.outlineRanks, (std::vector<std::uint32_t>{0, 1}));
        QCOMPARE(h.rankCounts, (std::vector<std::uint64_t>{2, 1, 0, 1, 0, 3}));
        QCOMPARE(h.binOf(16e-9), std::size_t(1));
        QCOMPARE(h.binOf(900e-9), std::size_t(2)); // the last edge belongs to the last bin

        // Rank 1 alone: 4 to 900 ns.
        const DurationHistogram one = DurationHistogram::detailed(r, 0, RankSelection({1}), 3);
        QCOMPARE(one.edges.front(), 4e-9);
        QCOMPARE(one.outlineRanks, (std::vector<std::uint32_t>{1}));
        QCOMPARE(one.counts, one.rankCounts);
    }

    void histogramOutlinesOnlyForFewRanks() {
        ProfilingResults r;
        for (std::uint32_t rank = 0; rank < 17; ++rank)
            r = makeResults({{"a", {{0, 10 + rank}}}}, rank, r);
        r.finalize();
        const DurationHistogram h = DurationHistogram::detailed(r, 0, {}, 4);
        QVERIFY(h.outlineRanks.empty());
        QVERIFY(h.rankCounts.empty());
        QCOMPARE(std::accumulate(h.counts.begin(), h.counts.end(), std::uint64_t(0)),
                 std::uint64_t(17));
        const DurationHistogram sixteen =
            DurationHistogram::detailed(r, 0, RankSelection::parse("0-15"), 4);
        QCOMPARE(sixteen.outlineRanks.size(), std::size_t(16));
    }

    void callStackByContainment() {
        // main [0,100] holds solve [10,60] (which holds rhs [20,30] and rhs [30,50])
        // and io [70,90]; a second top-level main [200,210].
        ProfilingResults r = makeResults({{"main", {{0, 100}, {200, 210}}},
                                          {"solve", {{10, 60}}},
                                          {"rhs", {{20, 30}, {30, 50}}},
                                          {"io", {{70, 90}}}});
        r.finalize();
        const CallStack stack = CallStack::build(r);
        QVERIFY(!stack.fromIds);
        auto eventOf = [&](const char* region, std::size_t call) {
            return static_cast<std::int64_t>(r.row(*r.regionIndex(region), 0)->offset + call);
        };
        QCOMPARE(stack.depth[eventOf("main", 0)], 0);
        QCOMPARE(stack.depth[eventOf("main", 1)], 0);
        QCOMPARE(stack.depth[eventOf("solve", 0)], 1);
        QCOMPARE(stack.parent[eventOf("solve", 0)], eventOf("main", 0));
        QCOMPARE(stack.depth[eventOf("rhs", 1)], 2);
        QCOMPARE(stack.parent[eventOf("rhs", 1)], eventOf("solve", 0));
        QCOMPARE(stack.parent[eventOf("io", 0)], eventOf("main", 0));

        fillExclusiveTimes(r, TimelineIndex(r));
        // main: 100 + 10 - solve 50 - io 20 = 40; solve: 50 - 10 - 20 = 20
        QCOMPARE(*r.row(*r.regionIndex("main"), 0)->exclusiveNs, 40);
        QCOMPARE(*r.row(*r.regionIndex("solve"), 0)->exclusiveNs, 20);
        QCOMPARE(*r.row(*r.regionIndex("rhs"), 0)->exclusiveNs, 30);
        QCOMPARE(*r.pooled(*r.regionIndex("io")).exclusive, 20e-9);
    }

    void equalStartsPutTheLongerCallOutside() {
        ProfilingResults r = makeResults({{"inner", {{0, 10}}}, {"outer", {{0, 50}}}});
        r.finalize();
        const CallStack stack = CallStack::build(r);
        const auto inner = static_cast<std::int64_t>(r.row(*r.regionIndex("inner"), 0)->offset);
        const auto outer = static_cast<std::int64_t>(r.row(*r.regionIndex("outer"), 0)->offset);
        QCOMPARE(stack.parent[inner], outer);
        QCOMPARE(stack.depth[outer], 0);
    }

    void callStackFromStoredIds() {
        // Ids say b's parent is a, though b does not lie inside a's interval:
        // stored ids win over containment.
        ProfilingResults r = makeResults({{"a", {{0, 10}}}, {"b", {{20, 30}}}});
        r.events.callIds = {7, 8};
        r.events.parentIds = {-1, 7};
        r.finalize();
        const CallStack stack = CallStack::build(r);
        QVERIFY(stack.fromIds);
        QCOMPARE(stack.parent[1], std::int64_t(0));
        QCOMPARE(stack.depth[1], 1);
    }

    void storedExclusiveTimesAreKept() {
        ProfilingResults r = makeResults({{"a", {{0, 100}}}, {"b", {{10, 20}}}});
        r.rows[0].exclusiveNs = 77;
        r.finalize();
        fillExclusiveTimes(r, TimelineIndex(r));
        QCOMPARE(*r.row(*r.regionIndex("a"), 0)->exclusiveNs, 77);
        QCOMPARE(*r.row(*r.regionIndex("b"), 0)->exclusiveNs, 10);
    }
};

QTEST_APPLESS_MAIN(TestAnalysis)
#include "tst_Analysis.moc"
