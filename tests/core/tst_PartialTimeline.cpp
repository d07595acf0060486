// SPDX-License-Identifier: GPL-3.0-or-later
// The timeline of a run read on demand while it is built: each snapshot the
// build hands out holds the ranks built so far, in order, each exactly as the
// complete timeline gives it at the pyramid's levels (lanes, spans, event
// indices, hit tests), on the whole run's time axis; finer zooms say they are
// stand-ins; a snapshot outlives the build; a short build hands out none; the
// first rank keeps no level the later ones make the pyramid drop.
#include "FixtureWriter.h"
#include "MemoryCallSource.h"
#include "SyntheticRun.h"
#include "TimelineRuns.h"
#include "analysis/OnDemandTimeline.h"
#include "analysis/PartialTimeline.h"
#include "load/AsyncLoader.h"

#include <QtTest>

#include <mutex>

using namespace scope;
using namespace scope::testing;

namespace {

// 16 ranks of bursts (burstRun has three): ranks renumbered and shifted in time.
ProfilingResults sixteenRanks() {
    std::vector<Row> rows;
    for (std::uint32_t copy = 0; copy < 6; ++copy) {
        const ProfilingResults r = burstRun(copy + 1);
        for (const RankRegion& row : r.rows) {
            if (copy * 3 + row.rank >= 16)
                continue;
            Calls calls;
            for (std::uint64_t i = 0; i < row.summary.count; ++i)
                calls.emplace_back(r.events.starts[row.offset + i] + copy * 100'000,
                                   r.events.ends[row.offset + i] + copy * 100'000);
            rows.push_back({copy * 3 + row.rank, r.regions[std::size_t(row.region)], calls});
        }
    }
    return makeResults(rows);
}

struct Collected {
    std::mutex mutex;
    std::vector<std::shared_ptr<const PartialTimeline>> snapshots;
};

TimelineSnapshots everyRank(Collected& collected) {
    return {[&collected](std::shared_ptr<const PartialTimeline> partial) {
                std::lock_guard lock(collected.mutex);
                collected.snapshots.push_back(std::move(partial));
            },
            std::chrono::milliseconds(0)};
}

} // namespace

class TestPartialTimeline : public QObject {
    Q_OBJECT
private slots:
    void snapshotsAreTheRanksBuiltSoFar_data() {
        QTest::addColumn<qulonglong>("budget");
        QTest::addColumn<bool>("fewerLevels");
        QTest::addRow("64 MiB: every level") << (64ull << 20) << false;
        QTest::addRow("1 MiB: fewer levels") << (1ull << 20) << true;
    }
    void snapshotsAreTheRanksBuiltSoFar() {
        QFETCH(qulonglong, budget);
        QFETCH(bool, fewerLevels);
        const ProfilingResults r = sixteenRanks();
        QCOMPARE(r.numRanks, 16u);
        const auto results =
            std::make_shared<const ProfilingResults>(MemoryCallSource::onDemand(r));
        Collected collected;
        auto complete = OnDemandTimeline::build(results, budget, {}, everyRank(collected));

        // One after each rank but the last, in the order the ranks were added.
        QCOMPARE(collected.snapshots.size(), std::size_t(15));
        const std::vector<std::uint32_t> ranks = complete->ranks();
        std::vector<TimelineSpan> spans;
        for (std::size_t s = 0; s < collected.snapshots.size(); ++s) {
            const PartialTimeline& partial = *collected.snapshots[s];
            QCOMPARE(partial.ranksBuilt(), s + 1);
            QCOMPARE(partial.ranksTotal(), std::size_t(16));
            QCOMPARE(partial.ranks(),
                     std::vector<std::uint32_t>(ranks.begin(), ranks.begin() + long(s + 1)));
            QCOMPARE(partial.startNs(), complete->startNs());
            QCOMPARE(partial.endNs(), complete->endNs());
            QVERIFY(!partial.empty());
            for (std::size_t lane = 0; lane < partial.lanes().size(); ++lane) {
                const TimelineLane& l = partial.lanes()[lane];
                const TimelineLane& c = complete->lanes()[lane];
                QCOMPARE(l.rank, c.rank);
                QCOMPARE(l.depth, c.depth);
                QCOMPARE(l.begin, c.begin);
                QCOMPARE(l.size, c.size);
                QCOMPARE(partial.lane(l.rank, l.depth), std::optional<std::size_t>(lane));
                QCOMPARE(partial.maxDepth(l.rank), complete->maxDepth(l.rank));
            }
            QCOMPARE(partial.lane(ranks[s + 1], 0), std::optional<std::size_t>());
        }

        // Spans and hit tests at every level the complete pyramid kept.
        const TimelinePyramid& pyramid = complete->pyramid();
        // The first rank took only its share of the pyramid: no level it
        // computed was dropped for the ranks after it.
        QCOMPARE(collected.snapshots.front()->pyramid().levels(), pyramid.levels());
        const TimelinePyramid unbounded(pyramid.originNs(), pyramid.endNs(), 0);
        QCOMPARE(pyramid.levels() < unbounded.levels(), fewerLevels);
        const PartialTimeline& last = *collected.snapshots.back();
        const std::int64_t t0 = complete->startNs();
        const std::int64_t t1 = complete->endNs() + 1;
        for (std::size_t level = 0; level < pyramid.levels(); ++level) {
            const double width = pyramid.width(level);
            for (std::size_t lane = 0; lane < last.lanes().size(); ++lane) {
                std::vector<TimelineSpan> expected;
                QVERIFY(complete->query(lane, t0, t1, width, expected));
                QVERIFY(last.query(lane, t0, t1, width, spans));
                QCOMPARE(spans, expected);
                const std::int64_t at = t0 + (t1 - t0) * std::int64_t(lane % 7) / 7;
                QCOMPARE(last.hitTest(lane, at, width), complete->hitTest(lane, at, width));
            }
        }
        // Finer than the finest level: the finest level's spans, as stand-ins.
        QVERIFY(!last.query(0, t0, t1, pyramid.width(0) / 8, spans));
        QVERIFY(!spans.empty());

        // A snapshot holds its spans itself: the build may drop levels and
        // the complete timeline may go.
        const double coarsest = pyramid.width(pyramid.levels() - 1);
        std::vector<TimelineSpan> before;
        last.query(0, t0, t1, coarsest, before);
        complete.reset();
        last.query(0, t0, t1, coarsest, spans);
        QCOMPARE(spans, before);
    }

    void aShortBuildShowsNothing() {
        const ProfilingResults r = sixteenRanks();
        const auto results =
            std::make_shared<const ProfilingResults>(MemoryCallSource::onDemand(r));
        int shown = 0;
        OnDemandTimeline::build(results, 64ull << 20, {},
                                {[&shown](std::shared_ptr<const PartialTimeline>) { ++shown; },
                                 std::chrono::minutes(1)});
        QCOMPARE(shown, 0);
    }

    // The viewer's loader: a run of 16 ranks of 3,000 calls over a budget
    // of 3.2 MB (800 KiB for its calls: 1.15 MB in memory exceed it, one
    // rank's leave room to build), a snapshot after every rank but the last,
    // beside the table's stage of the run.
    void theLoaderHandsThemOn() {
        fixtures::SyntheticRun::Shape shape;
        shape.ranks = 16;
        shape.regions = 3;
        shape.calls = 1'000;
        QTemporaryDir dir;
        const std::string file = dir.filePath(QStringLiteral("ranks16.h5")).toStdString();
        fixtures::FixtureWriter::write(fixtures::SyntheticRun::generate(shape), file);

        std::vector<LoadOutcome> soFar;
        LoadOutcome done;
        {
            AsyncLoader::Callbacks callbacks;
            callbacks.finished = [&](const LoadOutcome& o) { done = o; };
            callbacks.timelineSoFar = [&](const LoadOutcome& o) { soFar.push_back(o); };
            AsyncLoader loader(std::move(callbacks));
            LoadRequest request{file};
            request.memoryBudget = 3'200'000;
            request.timelineSoFarEvery = std::chrono::milliseconds(0);
            loader.start(request);
            loader.waitAll();
        }
        QVERIFY(!done.error);
        QVERIFY(done.results && done.results->onDemand);
        QVERIFY2(done.timelineError.empty(), done.timelineError.c_str());
        QCOMPARE(soFar.size(), std::size_t(15));
        for (std::size_t i = 0; i < soFar.size(); ++i) {
            const auto* partial =
                dynamic_cast<const PartialTimeline*>(soFar[i].timelineSource.get());
            QVERIFY(partial);
            QCOMPARE(partial->ranksBuilt(), i + 1);
            QCOMPARE(partial->ranksTotal(), std::size_t(16));
            QCOMPARE(soFar[i].id, done.id);
            // What the view draws them with: the run without its calls.
            QVERIFY(soFar[i].results && soFar[i].results->onDemand);
            QVERIFY(!soFar[i].results->eventsRead);
            QCOMPARE(soFar[i].results->rows.size(), done.results->rows.size());
        }
    }
};

QTEST_GUILESS_MAIN(TestPartialTimeline)
#include "tst_PartialTimeline.moc"
