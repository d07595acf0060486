// SPDX-License-Identifier: GPL-3.0-or-later
// OnDemandTimeline built by parts: ranks built in any grouping (as the
// processes of scope-index build them) assemble into the same timeline, the
// same as building every rank at once; the timeline shows exactly the lanes,
// depths, extent and exclusive times of the calls in memory; a rank missing
// or given twice is refused naming the file.
#include "MemoryCallSource.h"
#include "TimelineRuns.h"
#include "analysis/ExclusiveTime.h"
#include "analysis/OnDemandTimeline.h"
#include "analysis/TimelineIndex.h"
#include "model/Errors.h"

#include <QtTest>

using namespace scope;
using namespace scope::testing;

namespace {

using Builds = std::vector<OnDemandTimeline::RankBuild>;

std::vector<std::uint32_t> ranksWithCalls(const ProfilingResults& r) {
    std::vector<std::uint32_t> ranks;
    for (const RankRegion& row : r.rows)
        if (row.summary.count > 0)
            ranks.push_back(row.rank);
    std::sort(ranks.begin(), ranks.end());
    ranks.erase(std::unique(ranks.begin(), ranks.end()), ranks.end());
    return ranks;
}

// Every query the pyramid answers, lane by lane, at each of its levels.
void compareTimelines(const OnDemandTimeline& a, const OnDemandTimeline& b) {
    QCOMPARE(a.lanes().size(), b.lanes().size());
    QCOMPARE(a.pyramid().levels(), b.pyramid().levels());
    QCOMPARE(a.pyramid().memoryBytes(), b.pyramid().memoryBytes());
    QCOMPARE(a.startNs(), b.startNs());
    QCOMPARE(a.endNs(), b.endNs());
    QVERIFY(a.exclusiveByRow() == b.exclusiveByRow());
    std::vector<TimelineSpan> x;
    std::vector<TimelineSpan> y;
    for (std::size_t level = 0; level < a.pyramid().levels(); ++level)
        for (std::size_t lane = 0; lane < a.lanes().size(); ++lane) {
            const double width = a.pyramid().width(level);
            a.query(lane, a.startNs(), a.endNs() + 1, width, x);
            b.query(lane, b.startNs(), b.endNs() + 1, width, y);
            QCOMPARE(x.size(), y.size());
            for (std::size_t i = 0; i < x.size(); ++i) {
                QCOMPARE(x[i].startNs, y[i].startNs);
                QCOMPARE(x[i].endNs, y[i].endNs);
                QCOMPARE(x[i].event, y[i].event);
                QCOMPARE(x[i].count, y[i].count);
                QCOMPARE(x[i].region, y[i].region);
            }
        }
    const CallTree ta = a.callTree();
    const CallTree tb = b.callTree();
    QVERIFY(ta.calls == tb.calls && ta.inclusiveNs == tb.inclusiveNs && ta.region == tb.region);
}

} // namespace

class TestOnDemandTimelineRanks : public QObject {
    Q_OBJECT

private slots:
    void anyGroupingAssemblesTheSameTimeline_data() {
        QTest::addColumn<int>("run");
        QTest::addColumn<qulonglong>("budget");
        const auto runs = timelineRuns();
        for (std::size_t i = 0; i < runs.size(); ++i) {
            QTest::addRow("%s, 64 MiB", qPrintable(runs[i].first)) << int(i) << (64ull << 20);
            // Most of these runs' pyramids drop their finest levels here.
            QTest::addRow("%s, 2 MiB", qPrintable(runs[i].first)) << int(i) << (2ull << 20);
        }
    }
    void anyGroupingAssemblesTheSameTimeline() {
        QFETCH(int, run);
        QFETCH(qulonglong, budget);
        ProfilingResults r = std::move(timelineRuns()[std::size_t(run)].second);
        const auto results =
            std::make_shared<const ProfilingResults>(MemoryCallSource::onDemand(r));
        const std::vector<std::uint32_t> ranks = ranksWithCalls(r);

        const auto whole = OnDemandTimeline::assemble(
            results, budget, OnDemandTimeline::buildRanks(results, budget, ranks, {}));
        // Every other rank by two "processes", the later half first.
        std::vector<std::uint32_t> even;
        std::vector<std::uint32_t> odd;
        for (std::size_t i = 0; i < ranks.size(); ++i)
            (i % 2 == 0 ? even : odd).push_back(ranks[i]);
        Builds parts = OnDemandTimeline::buildRanks(results, budget, odd, {});
        for (auto& b : OnDemandTimeline::buildRanks(results, budget, even, {}))
            parts.push_back(std::move(b));
        const auto split = OnDemandTimeline::assemble(results, budget, std::move(parts));
        compareTimelines(*whole, *split);

        // As the calls in memory give them: lanes, depths, extent, exclusive times.
        const TimelineIndex memory(r);
        QCOMPARE(whole->lanes().size(), memory.lanes().size());
        for (std::size_t lane = 0; lane < memory.lanes().size(); ++lane) {
            QCOMPARE(whole->lanes()[lane].rank, memory.lanes()[lane].rank);
            QCOMPARE(whole->lanes()[lane].depth, memory.lanes()[lane].depth);
        }
        QCOMPARE(whole->ranks(), memory.ranks());
        QCOMPARE(whole->startNs(), memory.startNs());
        QCOMPARE(whole->endNs(), memory.endNs());
        QVERIFY(whole->pyramid().memoryBytes() <= budget / 8 || whole->pyramid().levels() == 1);
        ProfilingResults filled = r;
        fillExclusiveTimes(filled, memory);
        for (std::size_t i = 0; i < filled.rows.size(); ++i)
            if (filled.rows[i].summary.count > 0)
                QCOMPARE(whole->exclusiveByRow()[i], filled.rows[i].exclusiveNs);
    }

    void missingOrTwiceIsRefused() {
        ProfilingResults r = std::move(timelineRuns()[1].second); // 3 ranks
        r.path = "/runs/parts.h5";
        const auto results =
            std::make_shared<const ProfilingResults>(MemoryCallSource::onDemand(r));
        const std::vector<std::uint32_t> ranks = ranksWithCalls(r);
        QVERIFY(ranks.size() >= 2);
        const std::uint64_t budget = 64ull << 20;
        auto refused = [&](Builds builds) {
            try {
                OnDemandTimeline::assemble(results, budget, std::move(builds));
            } catch (const CorruptProfileError& error) {
                return QString::fromStdString(error.what());
            }
            return QString();
        };
        Builds missing = OnDemandTimeline::buildRanks(results, budget, ranks, {});
        missing.erase(missing.begin() + 1);
        const QString noRank = refused(std::move(missing));
        QVERIFY2(noRank.contains("/runs/parts.h5") &&
                     noRank.contains(QStringLiteral("rank %1 ").arg(ranks[1])),
                 qPrintable(noRank));
        Builds twice = OnDemandTimeline::buildRanks(results, budget, ranks, {});
        twice.push_back(OnDemandTimeline::buildRanks(results, budget, {&ranks[0], 1}, {}).front());
        const QString again = refused(std::move(twice));
        QVERIFY2(again.contains("/runs/parts.h5") && again.contains("twice"), qPrintable(again));
    }
};

QTEST_GUILESS_MAIN(TestOnDemandTimelineRanks)
#include "tst_OnDemandTimelineRanks.moc"
