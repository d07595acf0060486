// SPDX-License-Identifier: GPL-3.0-or-later
// The timeline's level-of-detail index on hand-made events: merged spans worked
// out on paper, and a large random run checked against a brute-force scan that
// merges the same way, for many windows and zoom levels.
#include "HandMadeRun.h"
#include "SplitMix64.h"
#include "TimelineRuns.h"
#include "analysis/CallStack.h"
#include "analysis/TimelineIndex.h"
#include "model/Errors.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <map>

using namespace scope;
namespace {

Calls evenlySpaced(int n, std::int64_t first, std::int64_t every, std::int64_t length) {
    Calls calls;
    for (int i = 0; i < n; ++i)
        calls.emplace_back(first + i * every, first + i * every + length);
    return calls;
}

std::int32_t regionNamed(const ProfilingResults& r, const char* name) {
    return static_cast<std::int32_t>(*r.regionIndex(name));
}

std::uint32_t eventOf(const ProfilingResults& r, const char* region, std::uint32_t call,
                      std::uint32_t rank = 0) {
    return static_cast<std::uint32_t>(r.row(*r.regionIndex(region), rank)->offset + call);
}

// Independent of the index: lanes from CallStack, a linear scan for the spans.
class Reference {
public:
    explicit Reference(const ProfilingResults& r) : results_(r), region_(r.events.size(), -1) {
        for (const RankRegion& row : r.rows)
            for (std::uint64_t i = 0; i < row.summary.count; ++i)
                region_[row.offset + i] = static_cast<std::int32_t>(row.region);
        const CallStack stack = CallStack::build(r);
        for (const RankRegion& row : r.rows)
            for (std::uint64_t i = 0; i < row.summary.count; ++i) {
                const auto e = static_cast<std::uint32_t>(row.offset + i);
                lanes_[{row.rank, static_cast<std::uint32_t>(stack.depth[e])}].push_back(e);
            }
        const auto& s = r.events.starts;
        const auto& e = r.events.ends;
        for (auto& [key, calls] : lanes_)
            std::sort(calls.begin(), calls.end(), [&](std::uint32_t a, std::uint32_t b) {
                return s[a] != s[b] ? s[a] < s[b] : e[a] != e[b] ? e[a] > e[b] : a < b;
            });
    }

    const std::map<std::pair<std::uint32_t, std::uint32_t>, std::vector<std::uint32_t>>&
    lanes() const {
        return lanes_;
    }

    std::vector<TimelineSpan> query(const std::vector<std::uint32_t>& calls, std::int64_t t0,
                                    std::int64_t t1, double px) const {
        const auto& s = results_.events.starts;
        const auto& e = results_.events.ends;
        auto column = [&](std::int64_t t) {
            auto edge = [&](double c) { return t0 + static_cast<std::int64_t>(std::ceil(c * px)); };
            double c = std::floor(static_cast<double>(t - t0) / px);
            while (t < edge(c))
                c -= 1;
            while (t >= edge(c + 1))
                c += 1;
            return c;
        };
        std::vector<TimelineSpan> spans;
        std::vector<std::uint32_t> group;
        double groupColumn = 0;
        auto flush = [&] {
            if (group.empty())
                return;
            TimelineSpan span{s[group.front()], e[group.back()], region_[group.front()],
                              group.front(), static_cast<std::uint32_t>(group.size())};
            for (std::uint32_t g : group)
                if (region_[g] != span.region)
                    span.region = -1;
            spans.push_back(span);
            group.clear();
        };
        for (std::uint32_t c : calls) {
            if (std::max(e[c], s[c] + 1) <= t0 || s[c] >= t1)
                continue;
            if (static_cast<double>(e[c] - s[c]) >= px) {
                flush();
                spans.push_back({s[c], e[c], region_[c], c, 1});
            } else if (!group.empty() && column(s[c]) == groupColumn) {
                group.push_back(c);
            } else {
                flush();
                group.push_back(c);
                groupColumn = column(s[c]);
            }
        }
        flush();
        return spans;
    }

private:
    const ProfilingResults& results_;
    std::vector<std::int32_t> region_;
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::vector<std::uint32_t>> lanes_;
};

// Nested calls on several ranks: long outer calls, bursts of tiny calls in
// runs of one region (so merged spans cross the index's 64-call blocks),
// zero-length calls, a row stored out of start order, rows stored in a
// shuffled order.
// Four (or `regions`) regions in bursts inside "outer", rows in random
// order; with more than a couple of dozen rows a rank, the index sorts its
// calls instead of merging its rows.
ProfilingResults randomRun(std::uint64_t seed, std::uint64_t regions = 4) {
    testing::BurstShape shape;
    shape.regions = regions;
    shape.outerCalls = 40;
    shape.burstCalls = 300;
    shape.switchPercent = 3;
    shape.rankOffset = 1'000'000'000;
    shape.shuffleRows = true;
    return testing::burstRun(seed, shape);
}

} // namespace

class TestTimelineIndex : public QObject {
    Q_OBJECT
private slots:
    void mergesCallsNarrowerThanAPixelPerColumn() {
        // Ten 1 ns calls, one every ns, at 5 ns per pixel: two columns of five.
        const ProfilingResults r = makeResults({{0, "a", evenlySpaced(10, 0, 1, 1)}});
        const TimelineIndex index(r);
        QCOMPARE(index.lanes().size(), std::size_t(1));
        const auto spans = index.query(0, 0, 10, 5.0);
        const std::vector<TimelineSpan> expected = {{0, 5, 0, 0, 5}, {5, 10, 0, 5, 5}};
        QCOMPARE(spans, expected);
        // Zoomed in to 1 ns per pixel every call is a pixel wide.
        QCOMPARE(index.query(0, 0, 10, 1.0).size(), std::size_t(10));
        // Columns start at the window: [3, 9) at 5 ns/px has columns [3, 8) and [8, 13).
        const std::vector<TimelineSpan> window = {{3, 8, 0, 3, 5}, {8, 9, 0, 8, 1}};
        QCOMPARE(index.query(0, 3, 9, 5.0), window);
    }

    void fractionalPixelsHaveIntegerColumns() {
        // 2.5 ns per pixel: columns [0,3) [3,5) [5,8) [8,10).
        const ProfilingResults r = makeResults({{0, "a", evenlySpaced(10, 0, 1, 0)}});
        const TimelineIndex index(r);
        const auto spans = index.query(0, 0, 10, 2.5);
        std::vector<std::uint32_t> counts;
        for (const TimelineSpan& s : spans)
            counts.push_back(s.count);
        QCOMPARE(counts, (std::vector<std::uint32_t>{3, 2, 3, 2}));
    }

    void callsAPixelWideAreNotMerged() {
        const ProfilingResults r =
            makeResults({{0, "a", {{0, 100}, {100, 101}, {101, 102}, {110, 300}}},
                         {1, "a", {{0, 1}, {2, 50}}}});
        const TimelineIndex index(r);
        const std::vector<TimelineSpan> expected = {
            {0, 100, 0, 0, 1}, {100, 102, 0, 1, 2}, {110, 300, 0, 3, 1}};
        QCOMPARE(index.query(*index.lane(0, 0), 0, 400, 10.0), expected);
        // A wide call starting in the column of a narrow one keeps its own span.
        const std::vector<TimelineSpan> rank1 = {{0, 1, 0, 4, 1}, {2, 50, 0, 5, 1}};
        QCOMPARE(index.query(*index.lane(1, 0), 0, 400, 10.0), rank1);
    }

    void mergedCallsOfSeveralRegionsAreMixed() {
        const ProfilingResults r =
            makeResults({{0, "a", {{0, 1}, {4, 5}, {20, 21}}}, {0, "b", {{2, 3}, {22, 23}}}});
        const TimelineIndex index(r);
        const auto spans = index.query(0, 0, 30, 10.0);
        QCOMPARE(spans.size(), std::size_t(2));
        QCOMPARE(spans[0].region, -1);
        QCOMPARE(spans[0].count, 3u);
        QCOMPARE(spans[1].region, -1);
        const auto fine = index.query(0, 0, 30, 2.0);
        QCOMPARE(fine.size(), std::size_t(5));
        QCOMPARE(fine[1].region, regionNamed(r, "b"));
        QCOMPARE(fine[1].event, eventOf(r, "b", 0));
    }

    void lanesFollowNesting() {
        // main [0,100] holds solve [10,60] (holding rhs [20,30], [30,50]) and io
        // [70,90]; a second main [200,210]. Rank 1 has one flat call.
        const ProfilingResults r = makeResults({{0, "main", {{0, 100}, {200, 210}}},
                                                {0, "solve", {{10, 60}}},
                                                {0, "rhs", {{20, 30}, {30, 50}}},
                                                {0, "io", {{70, 90}}},
                                                {3, "io", {{5, 7}}}});
        const TimelineIndex index(r);
        QCOMPARE(index.lanes().size(), std::size_t(4));
        QCOMPARE(index.maxDepth(0), 2);
        QCOMPARE(index.maxDepth(3), 0);
        QCOMPARE(index.maxDepth(1), -1);
        QCOMPARE(index.maxDepth(), 2);
        QCOMPARE(index.ranks(), (std::vector<std::uint32_t>{0, 3}));
        QCOMPARE(index.startNs(), std::int64_t(0));
        QCOMPARE(index.endNs(), std::int64_t(210));
        QVERIFY(!index.lane(0, 3));
        auto eventsOf = [&](std::size_t lane) {
            std::vector<std::uint32_t> events;
            for (const TimelineSpan& s : index.query(lane, 0, 1000, 0.5))
                events.push_back(s.event);
            return events;
        };
        QCOMPARE(eventsOf(*index.lane(0, 0)),
                 (std::vector<std::uint32_t>{eventOf(r, "main", 0), eventOf(r, "main", 1)}));
        QCOMPARE(eventsOf(*index.lane(0, 1)),
                 (std::vector<std::uint32_t>{eventOf(r, "solve", 0), eventOf(r, "io", 0)}));
        QCOMPARE(eventsOf(*index.lane(0, 2)),
                 (std::vector<std::uint32_t>{eventOf(r, "rhs", 0), eventOf(r, "rhs", 1)}));
        QCOMPARE(eventsOf(*index.lane(3, 0)), (std::vector<std::uint32_t>{eventOf(r, "io", 0, 3)}));
        QCOMPARE(index.lanes()[*index.lane(3, 0)].rank, 3u);
    }

    void rowsRecordedAtExitAreSortedByStart() {
        // A recursive region stored as its calls ended: innermost first.
        const ProfilingResults r = makeResults({{0, "rec", {{2, 3}, {1, 4}, {0, 5}}}});
        const TimelineIndex index(r);
        QCOMPARE(index.maxDepth(0), 2);
        QCOMPARE(index.query(0, 0, 10, 1.0).front().event, 2u);
        QCOMPARE(index.query(2, 0, 10, 1.0).front().event, 0u);
    }

    void storedCallIdsPutTheCallerOutside() {
        // Identical intervals: the call entered first (lower id) encloses the other.
        ProfilingResults r = makeResults({{0, "inner", {{0, 10}}}, {0, "outer", {{0, 10}}}});
        r.events.callIds = {8, 7};
        r.events.parentIds = {7, -1};
        const TimelineIndex index(r);
        QCOMPARE(index.query(*index.lane(0, 0), 0, 20, 1.0).front().region,
                 regionNamed(r, "outer"));
        QCOMPARE(index.query(*index.lane(0, 1), 0, 20, 1.0).front().region,
                 regionNamed(r, "inner"));
    }

    void hitTestFindsTheCallUnderTheCursor() {
        const ProfilingResults r =
            makeResults({{0, "main", {{0, 100}}}, {0, "tiny", evenlySpaced(10, 200, 1, 1)}});
        const TimelineIndex index(r);
        const std::size_t top = *index.lane(0, 0);
        auto hit = index.hitTest(top, 50, 1.0);
        QVERIFY(hit);
        QCOMPARE(hit->event, eventOf(r, "main", 0));
        QCOMPARE(hit->count, 1u);
        // Between calls, more than half a pixel from any: nothing.
        QVERIFY(!index.hitTest(top, 150, 1.0));
        // At 5 ns/px the calls within 2 ns of 204 are 202..206.
        hit = index.hitTest(top, 204, 5.0);
        QVERIFY(hit);
        QCOMPARE(hit->count, 5u);
        QCOMPARE(hit->startNs, std::int64_t(202));
        QCOMPARE(hit->event, eventOf(r, "tiny", 2));
        QCOMPARE(hit->region, regionNamed(r, "tiny"));
        // Next to a long call, the long call.
        hit = index.hitTest(top, 101, 4.0);
        QVERIFY(hit);
        QCOMPARE(hit->event, eventOf(r, "main", 0));
        QVERIFY(!index.hitTest(top, 50, 0.0));
        QVERIFY(!index.hitTest(99, 50, 1.0));
    }

    void emptyAndDegenerateQueries() {
        const ProfilingResults r = makeResults({{0, "a", {{10, 20}}}});
        const TimelineIndex index(r);
        QVERIFY(index.query(0, 20, 20, 1.0).empty());
        QVERIFY(index.query(0, 20, 10, 1.0).empty());
        QVERIFY(index.query(0, 0, 10, 1.0).empty());  // ends before the call starts
        QVERIFY(index.query(0, 20, 30, 1.0).empty()); // starts as the call ends
        QVERIFY(index.query(0, 0, 30, std::nan("")).empty());
        QVERIFY(index.query(5, 0, 30, 1.0).empty());
        QCOMPARE(index.query(0, 19, 30, 1e9).size(), std::size_t(1));

        const ProfilingResults none = makeResults({});
        const TimelineIndex emptyIndex(none);
        QVERIFY(emptyIndex.empty());
        QVERIFY(emptyIndex.lanes().empty());
        QCOMPARE(emptyIndex.maxDepth(), -1);
    }

    void summaryOnlyResultsHaveNoTimeline() {
        ProfilingResults r = makeResults({{0, "a", {{0, 10}}}});
        r.eventsRead = false;
        QVERIFY_THROWS_EXCEPTION(EventsUnavailable, TimelineIndex{r});
    }

    // Ranks are built on several threads at once for big files: every split
    // must give the brute-force answer too.
    void matchesABruteForceScan_data() {
        QTest::addColumn<unsigned>("threads");
        QTest::addColumn<quint64>("regions");
        QTest::newRow("one thread") << 1u << quint64(4);
        QTest::newRow("two threads") << 2u << quint64(4);
        QTest::newRow("three threads") << 3u << quint64(4);
        QTest::newRow("40 regions a rank, one thread") << 1u << quint64(40);
        QTest::newRow("40 regions a rank, two threads") << 2u << quint64(40);
    }
    void matchesABruteForceScan() {
        QFETCH(unsigned, threads);
        QFETCH(quint64, regions);
        const ProfilingResults r = randomRun(2024, regions);
        const TimelineIndex index(r, threads);
        const Reference reference(r);
        QVERIFY(index.ranks().size() >= 3);
        QCOMPARE(index.lanes().size(), reference.lanes().size());
        const auto& s = r.events.starts;
        const auto& e = r.events.ends;
        fixtures::SplitMix64 random(99);
        std::vector<TimelineSpan> spans;
        int mixed = 0;
        int merged = 0;
        for (const auto& [key, calls] : reference.lanes()) {
            const auto lane = index.lane(key.first, key.second);
            QVERIFY(lane);
            QCOMPARE(std::size_t{index.lanes()[*lane].size}, calls.size());
            const std::int64_t first = s[calls.front()];
            const std::int64_t last = e[calls.back()];
            for (int trial = 0; trial < 150; ++trial) {
                const std::int64_t width = last - first + 200;
                const std::int64_t t0 =
                    first - 100 + static_cast<std::int64_t>(random.below(std::uint64_t(width)));
                const std::int64_t t1 =
                    trial % 5 == 0 ? last + 10
                                   : t0 + 1 +
                                         static_cast<std::int64_t>(
                                             random.below(std::uint64_t(width / (1 + trial % 7))));
                const double px = std::pow(10.0, -1.0 + 6.0 * random.uniform());
                index.query(*lane, t0, t1, px, spans);
                const auto expected = reference.query(calls, t0, t1, px);
                if (spans != expected)
                    QFAIL(qPrintable(QStringLiteral("rank %1 depth %2 [%3, %4) at %5 ns/px: %6 "
                                                    "spans, expected %7")
                                         .arg(key.first)
                                         .arg(key.second)
                                         .arg(t0)
                                         .arg(t1)
                                         .arg(px)
                                         .arg(spans.size())
                                         .arg(expected.size())));
                // Count conservation and order, against the events directly.
                std::uint64_t visible = 0;
                for (std::uint32_t c : calls)
                    visible += (std::max(e[c], s[c] + 1) > t0 && s[c] < t1) ? 1 : 0;
                std::uint64_t counted = 0;
                for (std::size_t i = 0; i < spans.size(); ++i) {
                    counted += spans[i].count;
                    QVERIFY(spans[i].startNs <= spans[i].endNs);
                    if (i > 0)
                        QVERIFY(spans[i - 1].endNs <= spans[i].startNs);
                    mixed += spans[i].region < 0 ? 1 : 0;
                    merged += spans[i].count > 64 ? 1 : 0;
                }
                QCOMPARE(counted, visible);
            }
        }
        // The random run did exercise both kinds of merged spans.
        QVERIFY(mixed > 0);
        QVERIFY(merged > 0);
    }

    void queriesJumpOverDenseColumns() {
        // A million 1 ns calls under a 10 us pixel: one span, found in a few steps.
        const ProfilingResults r = makeResults({{0, "a", evenlySpaced(1'000'000, 0, 2, 1)}});
        const TimelineIndex index(r);
        QElapsedTimer timer;
        timer.start();
        std::vector<TimelineSpan> spans;
        for (int i = 0; i < 1000; ++i)
            index.query(0, 0, 2'000'000, 2'000'000.0, spans);
        QCOMPARE(spans.size(), std::size_t(1));
        QCOMPARE(spans.front().count, 1'000'000u);
        QCOMPARE(spans.front().region, 0);
        QVERIFY2(timer.elapsed() < 500, "a whole-lane query must not scan every call");
        // 4 bytes of order, 4 per 64 calls of region changes, 8 per 16 of start samples.
        QVERIFY(index.memoryBytes() < 1'000'000 * 4 + 1'000'000 / 8 + 1'000'000 / 2 + 4096);
    }
};

QTEST_APPLESS_MAIN(TestTimelineIndex)
#include "tst_TimelineIndex.moc"
