// SPDX-License-Identifier: GPL-3.0-or-later
// The whole-run overview of a run too large to order quickly: per lane and
// time bucket, depth d shows the region with the d-th most time there
// (worked out by hand for nested and neighbouring calls, calls crossing
// bucket edges and thread lanes, and against a brute-force count on bursts
// of many calls), the same from calls in memory and read on demand; no span
// is a call; a cancelled pass stops; its estimate from the rows' summaries
// (worked out by hand); and the loader shows the estimate, then the pass's
// overview, for a run above its threshold, in place of the ranks built so far.
#include "FixtureWriter.h"
#include "MemoryCallSource.h"
#include "SyntheticRun.h"
#include "TimelineRuns.h"
#include "analysis/OnDemandTimeline.h"
#include "analysis/OverviewTimeline.h"
#include "analysis/PartialTimeline.h"
#include "load/AsyncLoader.h"
#include "model/Errors.h"

#include <QtTest>

#include <map>

using namespace scope;
using namespace scope::testing;

namespace {

// What a lane shows: (from, to, region name) per span.
using Shown = std::vector<std::tuple<std::int64_t, std::int64_t, std::string>>;

Shown shown(const ProfilingResults& results, const OverviewTimeline& overview, std::size_t lane) {
    Shown out;
    for (const TimelineSpan& s : overview.spans(lane))
        out.emplace_back(s.startNs, s.endNs, results.regions[std::size_t(s.region)]);
    return out;
}

// Rank 0: main [0,100] > solve [15,46] > rhs [20,26] [32,38] [41,43];
// main > solve [70,90]; main > io [92,98]. Rank 1: main [0,100] > a [0,34],
// b [34,100]. Ten buckets of 10 ns.
ProfilingResults nestedRun() {
    return makeResults({{0, "main", {{0, 100}}},
                        {0, "solve", {{15, 46}, {70, 90}}},
                        {0, "rhs", {{20, 26}, {32, 38}, {41, 43}}},
                        {0, "io", {{92, 98}}},
                        {1, "main", {{0, 100}}},
                        {1, "a", {{0, 34}}},
                        {1, "b", {{34, 100}}}});
}

// A CallSource with thread lanes, as a file with thread columns gives them.
class LaneSource final : public CallSource {
public:
    explicit LaneSource(EventColumns events) : events_(std::move(events)) {}
    void read(const RankRegion& row, std::uint64_t first, std::span<std::int64_t> starts,
              std::span<std::int64_t> ends) const override {
        for (std::size_t i = 0; i < starts.size(); ++i) {
            starts[i] = events_.starts[row.offset + first + i];
            ends[i] = events_.ends[row.offset + first + i];
        }
    }
    bool readLanes(const RankRegion& row, std::uint64_t first,
                   std::span<std::int64_t> lanes) const override {
        for (std::size_t i = 0; i < lanes.size(); ++i)
            lanes[i] = events_.lane(row.offset + first + i);
        return true;
    }
    std::uint64_t cacheLimitBytes() const override { return 0; }

private:
    EventColumns events_;
};

// Rank 0 on thread 0: main [0,100] > calc [10,30]; on thread 1: work [50,80].
ProfilingResults threadRun() {
    ProfilingResults results =
        makeResults({{0, "main", {{0, 100}}}, {0, "calc", {{10, 30}}}, {0, "work", {{50, 80}}}});
    // makeResults stores the calls in the order given.
    results.events.threadIds = {0, 0, 1};
    results.events.taskIds = {-1, -1, -1};
    return results;
}

ProfilingResults onDemandWithLanes(ProfilingResults results) {
    results.onDemand = std::make_shared<LaneSource>(std::move(results.events));
    results.events = EventColumns();
    results.eventsRead = false;
    return results;
}

} // namespace

class TestOverviewTimeline : public QObject {
    Q_OBJECT
private slots:
    void depthsRankRegionsByTheirTimeInEachBucket_data() {
        QTest::addColumn<bool>("onDemand");
        QTest::newRow("in memory") << false;
        QTest::newRow("on demand") << true;
    }
    void depthsRankRegionsByTheirTimeInEachBucket() {
        QFETCH(bool, onDemand);
        const ProfilingResults run =
            onDemand ? MemoryCallSource::onDemand(nestedRun()) : nestedRun();
        const auto overview = OverviewTimeline::build(run, {}, 10);
        QVERIFY(overview->isOverview());
        QCOMPARE(overview->startNs(), std::int64_t(0));
        QCOMPARE(overview->endNs(), std::int64_t(100));
        QCOMPARE(overview->ranks(), (std::vector<std::uint32_t>{0, 1}));
        QCOMPARE(overview->maxDepth(0), 2);
        QCOMPARE(overview->maxDepth(1), 2);
        QCOMPARE(overview->maxDepth(), 2);
        QCOMPARE(overview->lanes().size(), std::size_t(6));
        QCOMPARE(overview->laneKeys(0), std::vector<std::int64_t>{-1});
        for (std::size_t lane = 0; lane < 6; ++lane) {
            QCOMPARE(overview->lanes()[lane].rank, std::uint32_t(lane / 3));
            QCOMPARE(overview->lanes()[lane].depth, std::uint32_t(lane % 3));
            QCOMPARE(overview->lane(std::uint32_t(lane / 3), std::uint32_t(lane % 3)),
                     std::optional<std::size_t>(lane));
        }
        // Rank 0. Buckets 1-4: solve 5, 10, 10, 6 ns against rhs 0, 6, 6, 2;
        // 7-8 solve alone, 9 io alone; main everywhere.
        QCOMPARE(shown(run, *overview, 0), (Shown{{0, 100, "main"}}));
        QCOMPARE(shown(run, *overview, 1),
                 (Shown{{10, 50, "solve"}, {70, 90, "solve"}, {90, 100, "io"}}));
        QCOMPARE(shown(run, *overview, 2), (Shown{{20, 50, "rhs"}}));
        // Rank 1: bucket 3 has a 4 ns, b 6 ns: b above a there.
        QCOMPARE(shown(run, *overview, 3), (Shown{{0, 100, "main"}}));
        QCOMPARE(shown(run, *overview, 4), (Shown{{0, 30, "a"}, {30, 100, "b"}}));
        QCOMPARE(shown(run, *overview, 5), (Shown{{30, 40, "a"}}));
    }

    // Three buckets over 100 ns: [0,33), [33,66), [66,100). x [25,40] has 8
    // ns in the first and 7 in the second, y [40,60] 20 in the second;
    // z [60,75] 6 in the second and 9 in the third, w [75,100] 25 in the third.
    void callsAcrossBucketEdgesCountWhereTheyLie() {
        const ProfilingResults run = makeResults({{0, "main", {{0, 100}}},
                                                  {0, "x", {{25, 40}}},
                                                  {0, "y", {{40, 60}}},
                                                  {0, "z", {{60, 75}}},
                                                  {0, "w", {{75, 100}}}});
        const auto overview = OverviewTimeline::build(run, {}, 3);
        QCOMPARE(overview->bucketStartNs(1), std::int64_t(33));
        QCOMPARE(overview->bucketStartNs(2), std::int64_t(66));
        QCOMPARE(overview->bucketStartNs(3), std::int64_t(100));
        QCOMPARE(overview->maxDepth(0), 3);
        QCOMPARE(shown(run, *overview, 1), (Shown{{0, 33, "x"}, {33, 66, "y"}, {66, 100, "w"}}));
        QCOMPARE(shown(run, *overview, 2), (Shown{{33, 66, "x"}, {66, 100, "z"}}));
        QCOMPARE(shown(run, *overview, 3), (Shown{{33, 66, "z"}}));
    }

    // The estimate from the summaries, ten buckets of 10 ns. Rank 0: a
    // [0,100] 60 ns: 6 in each bucket; b [25,65] 40 ns: 5, 10, 10, 10, 5 in
    // buckets 2-6; c [55,60] 5 ns in bucket 5; d at 75 (no length) 7 ns in
    // bucket 7. Rank 1: b [0,100] 100 ns; its a without calls and c without
    // times add nothing (c's times, outside, would widen the run).
    void theEstimateSpreadsEachRowsTimeOverItsSpan() {
        ProfilingResults run;
        run.regions = {"a", "b", "c", "d"};
        const auto row = [&](std::uint32_t rank, std::uint32_t region, std::uint64_t count,
                             std::int64_t total, std::int64_t from, std::int64_t to) {
            RankRegion r;
            r.rank = rank;
            r.region = region;
            r.summary.count = count;
            r.summary.total = total;
            r.summary.startMinimum = from;
            r.summary.endMaximum = to;
            run.rows.push_back(r);
        };
        row(0, 0, 3, 60, 0, 100);
        row(1, 0, 0, 0, 0, 0);
        row(0, 1, 2, 40, 25, 65);
        row(1, 1, 1, 100, 0, 100);
        row(0, 2, 1, 5, 55, 60);
        row(1, 2, 4, 1000, -50, 500);
        run.rows.back().summary.hasTimes = false;
        row(0, 3, 1, 7, 75, 75);
        run.numRanks = 2;

        const auto estimate = OverviewTimeline::fromSummaries(run, 10);
        QVERIFY(estimate->estimated() && estimate->isOverview());
        QVERIFY(!OverviewTimeline::build(nestedRun(), {}, 10)->estimated());
        QCOMPARE(estimate->startNs(), std::int64_t(0));
        QCOMPARE(estimate->endNs(), std::int64_t(100));
        QCOMPARE(estimate->ranks(), (std::vector<std::uint32_t>{0, 1}));
        QCOMPARE(estimate->laneKeys(0), std::vector<std::int64_t>{-1});
        QCOMPARE(estimate->maxDepth(0), 2);
        QCOMPARE(estimate->maxDepth(1), 0);
        // Bucket 2: a 6 over b 5; 3-5: b 10 over a 6 (over c 5 in 5); 6: a
        // 6 over b 5; 7: d 7 over a 6.
        QCOMPARE(
            shown(run, *estimate, *estimate->lane(0, 0)),
            (Shown{{0, 30, "a"}, {30, 60, "b"}, {60, 70, "a"}, {70, 80, "d"}, {80, 100, "a"}}));
        QCOMPARE(shown(run, *estimate, *estimate->lane(0, 1)),
                 (Shown{{20, 30, "b"}, {30, 60, "a"}, {60, 70, "b"}, {70, 80, "a"}}));
        QCOMPARE(shown(run, *estimate, *estimate->lane(0, 2)), (Shown{{50, 60, "c"}}));
        QCOMPARE(shown(run, *estimate, *estimate->lane(1, 0)), (Shown{{0, 100, "b"}}));
        std::vector<TimelineSpan> spans;
        QVERIFY(!estimate->query(*estimate->lane(0, 0), 0, 100, 1.0, spans));
        QVERIFY(!estimate->hitTest(*estimate->lane(0, 0), 50, 1.0));

        // Without times anywhere (the aggregate layout): nothing to show.
        for (RankRegion& r : run.rows)
            r.summary.hasTimes = false;
        QVERIFY(OverviewTimeline::fromSummaries(run, 10)->empty());
    }

    void theSpansAreNoCalls() {
        const ProfilingResults run = nestedRun();
        const auto overview = OverviewTimeline::build(run, {}, 10);
        std::vector<TimelineSpan> spans;
        // A stand-in at every zoom: the view says it is not exact.
        QVERIFY(!overview->query(1, 0, 100, 0.1, spans));
        QCOMPARE(spans.size(), std::size_t(3));
        QVERIFY(!overview->query(1, 55, 75, 1.0, spans));
        QCOMPARE(spans.size(), std::size_t(1));
        QCOMPARE(spans.front().startNs, std::int64_t(70));
        QVERIFY(!overview->query(1, 50, 70, 1.0, spans));
        QVERIFY(spans.empty());
        for (std::size_t lane = 0; lane < overview->lanes().size(); ++lane)
            for (const std::int64_t t : {0, 25, 50, 99})
                QVERIFY(!overview->hitTest(lane, t, 1.0));
        // The exact timeline's sources are none.
        QVERIFY(!OnDemandTimeline::build(
                     std::make_shared<const ProfilingResults>(MemoryCallSource::onDemand(run)),
                     std::uint64_t{64} << 20, {})
                     ->isOverview());
    }

    void threadLanesHaveLanesOfTheirOwn_data() {
        QTest::addColumn<bool>("onDemand");
        QTest::newRow("in memory") << false;
        QTest::newRow("on demand") << true;
    }
    void threadLanesHaveLanesOfTheirOwn() {
        QFETCH(bool, onDemand);
        const ProfilingResults run = onDemand ? onDemandWithLanes(threadRun()) : threadRun();
        const auto overview = OverviewTimeline::build(run, {}, 10);
        // Thread 1 (key -3) before thread 0 (key -2), as keys ascend.
        QCOMPARE(overview->laneKeys(0), (std::vector<std::int64_t>{-3, -2}));
        QCOMPARE(overview->lanes().size(), std::size_t(3));
        const auto work = overview->laneOf(0, -3, 0);
        const auto main = overview->laneOf(0, -2, 0);
        const auto calc = overview->laneOf(0, -2, 1);
        QVERIFY(work && main && calc);
        QVERIFY(!overview->laneOf(0, -3, 1));
        QCOMPARE(overview->lanes()[*work].key, std::int64_t(-3));
        QCOMPARE(shown(run, *overview, *work), (Shown{{50, 80, "work"}}));
        QCOMPARE(shown(run, *overview, *main), (Shown{{0, 100, "main"}}));
        QCOMPARE(shown(run, *overview, *calc), (Shown{{10, 30, "calc"}}));
        QCOMPARE(overview->maxDepth(0), 1);
    }

    // Bursts of thousands of calls on three ranks, spread over the threads:
    // every bucket's ranking against the calls' overlaps counted one by one.
    void burstsMatchABruteForceCount() {
        const ProfilingResults memory = burstRun(7);
        const ProfilingResults run = MemoryCallSource::onDemand(burstRun(7));
        const std::size_t n = 64;
        const auto overview = OverviewTimeline::build(run, {}, n);
        const std::int64_t origin = overview->startNs();
        const std::int64_t span = overview->endNs() - origin;
        auto edge = [&](std::size_t b) {
            return origin + span * std::int64_t(b) / std::int64_t(n);
        };
        for (const std::uint32_t rank : {0u, 1u, 2u}) {
            std::vector<std::map<std::size_t, std::int64_t>> time(n);
            for (const RankRegion& row : memory.rows) {
                if (row.rank != rank)
                    continue;
                for (std::uint64_t i = 0; i < row.summary.count; ++i)
                    for (std::size_t b = 0; b < n; ++b) {
                        const std::int64_t overlap =
                            std::min(memory.events.ends[row.offset + i], edge(b + 1)) -
                            std::max(memory.events.starts[row.offset + i], edge(b));
                        if (overlap > 0)
                            time[b][row.region] += overlap;
                    }
            }
            for (std::size_t b = 0; b < n; ++b) {
                std::vector<std::pair<std::int64_t, std::size_t>> ranked;
                for (const auto& [region, ns] : time[b])
                    ranked.emplace_back(-ns, region);
                std::sort(ranked.begin(), ranked.end());
                for (std::uint32_t d = 0; d < OverviewTimeline::kDepths; ++d) {
                    std::int32_t expected = -1;
                    if (d < ranked.size())
                        expected = std::int32_t(ranked[d].second);
                    std::int32_t got = -1;
                    if (const auto lane = overview->lane(rank, d))
                        for (const TimelineSpan& s : overview->spans(*lane))
                            if (s.startNs <= edge(b) && edge(b) < s.endNs)
                                got = s.region;
                    QCOMPARE(got, expected);
                }
            }
        }
    }

    void aCancelledPassStops() {
        // 2.5 million calls: items of a million, reads of 65,536 between checks.
        ProfilingResults many;
        many.regions = {"tiny"};
        RankRegion row;
        row.summary.count = 2'500'000;
        for (std::int64_t i = 0; i < 2'500'000; ++i) {
            many.events.starts.push_back(2 * i);
            many.events.ends.push_back(2 * i + 1);
        }
        row.summary.startMinimum = 0;
        row.summary.endMaximum = 4'999'999;
        many.rows.push_back(row);
        many.numRanks = 1;
        many.eventsRead = true;
        many.finalize();
        const ProfilingResults run = MemoryCallSource::onDemand(std::move(many));

        std::atomic<bool> cancel{true};
        ReadControl control;
        control.cancel = &cancel;
        QVERIFY_THROWS_EXCEPTION(ReadCancelled, OverviewTimeline::build(run, control));

        // Cancelled on its way, after the first progress of the pass.
        cancel = false;
        control.progress = [&](double fraction, std::string_view message) {
            QCOMPARE(message, std::string_view("drawing an overview"));
            if (fraction > 0)
                cancel = true;
        };
        QVERIFY_THROWS_EXCEPTION(ReadCancelled, OverviewTimeline::build(run, control));
        const auto* source = dynamic_cast<const MemoryCallSource*>(run.onDemand.get());
        QVERIFY(source->callsRead() < 2 * 2'500'000);

        // Not cancelled: one span of "tiny", half the time covered everywhere.
        cancel = false;
        control.progress = {};
        const auto overview = OverviewTimeline::build(run, control);
        QCOMPARE(overview->lanes().size(), std::size_t(1));
        QCOMPARE(overview->spans(0).size(), std::size_t(1));
        QCOMPARE(overview->spans(0).front().endNs, std::int64_t(4'999'999));
    }

    // The viewer's loader, with its threshold lowered below the run: the
    // estimate from the summaries right after the table, then (the pass's
    // ranks so far, over the estimate, and) the pass's overview, no ranks
    // built so far, the exact timeline last. 48,000 calls:
    // a 5 MB budget shows the table after the read, 3.2 MB from the summary
    // columns before it.
    void theLoaderShowsItFirstAboveItsThreshold_data() {
        QTest::addColumn<std::uint64_t>("budget");
        QTest::addColumn<std::uint64_t>("above");
        QTest::addColumn<bool>("summariesFirst");
        QTest::newRow("after the read") << std::uint64_t{5'000'000} << std::uint64_t{1000} << false;
        QTest::newRow("summaries first") << std::uint64_t{3'200'000} << std::uint64_t{1000} << true;
        QTest::newRow("below") << std::uint64_t{3'200'000} << kOverviewAboveCalls << false;
    }
    void theLoaderShowsItFirstAboveItsThreshold() {
        QFETCH(std::uint64_t, budget);
        QFETCH(std::uint64_t, above);
        QFETCH(bool, summariesFirst);
        fixtures::SyntheticRun::Shape shape;
        shape.ranks = 16;
        shape.regions = 3;
        shape.calls = 1'000;
        QTemporaryDir dir;
        const std::string file = dir.filePath(QStringLiteral("ranks16.h5")).toStdString();
        fixtures::FixtureWriter::write(fixtures::SyntheticRun::generate(shape), file);
        std::vector<LoadOutcome> soFar;
        std::vector<std::string> events, messages;
        LoadOutcome done;
        {
            AsyncLoader::Callbacks callbacks;
            callbacks.progress = [&](std::uint64_t, double, const std::string& m) {
                if (messages.empty() || messages.back() != m)
                    messages.push_back(m);
            };
            // A table from the summary columns alone has no calls to read.
            callbacks.readDone = [&](const LoadOutcome& o) {
                events.push_back(o.results->onDemand ? "table" : "summaries");
            };
            callbacks.finished = [&](const LoadOutcome& o) {
                done = o;
                events.push_back("finished");
            };
            callbacks.timelineSoFar = [&](const LoadOutcome& o) {
                soFar.push_back(o);
                const auto* overview =
                    dynamic_cast<const OverviewTimeline*>(o.timelineSource.get());
                events.push_back(!overview                        ? "ranks"
                                 : overview->estimated()          ? "estimate"
                                 : overview->ranksEstimated() > 0 ? "so far"
                                                                  : "overview");
            };
            AsyncLoader loader(std::move(callbacks));
            LoadRequest request{file};
            request.memoryBudget = budget;
            request.timelineSoFarEvery = std::chrono::milliseconds(0);
            request.overviewAboveCalls = above;
            loader.start(request);
            loader.waitAll();
        }
        QVERIFY(!done.error);
        QVERIFY(done.results && done.results->onDemand);
        QVERIFY2(dynamic_cast<const OnDemandTimeline*>(done.timelineSource.get()),
                 done.timelineError.c_str());
        if (above == kOverviewAboveCalls) {
            // 16,000 calls: ordered quickly, the ranks built so far shown.
            QCOMPARE(soFar.size(), std::size_t(15));
            QVERIFY(!soFar.front().timelineSource->isOverview());
            return;
        }
        // The ranks passed so far may show in between, when the pass is slow enough.
        const std::vector<std::string> inOrder{summariesFirst ? "summaries" : "table", "estimate",
                                               "overview", "finished"};
        std::vector<std::string> withoutSoFar = events;
        std::erase(withoutSoFar, "so far");
        QCOMPARE(withoutSoFar, inOrder);
        if (std::find(events.begin(), events.end(), "so far") != events.end())
            QCOMPARE(events[2], std::string("so far"));
        // The estimate comes with the table's results.
        QCOMPARE(!soFar.front().results->onDemand, summariesFirst);
        for (const LoadOutcome& o : soFar) {
            QCOMPARE(o.id, done.id);
            QVERIFY(o.results && !o.results->eventsRead);
            QVERIFY(o.timelineSource->isOverview());
            QCOMPARE(o.timelineSource->ranks(), done.timelineSource->ranks());
            QCOMPARE(o.timelineSource->startNs(), done.timelineSource->startNs());
            QCOMPARE(o.timelineSource->endNs(), done.timelineSource->endNs());
        }
        const auto drawing = std::find(messages.begin(), messages.end(), "drawing an overview");
        QVERIFY(drawing != messages.end());
        QVERIFY(std::find(drawing, messages.end(), "building the timeline") != messages.end());
    }
};

QTEST_GUILESS_MAIN(TestOverviewTimeline)
#include "tst_OverviewTimeline.moc"
