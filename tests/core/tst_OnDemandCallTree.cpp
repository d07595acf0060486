// SPDX-License-Identifier: GPL-3.0-or-later
// The call tree of a run read on demand (merged from the per-rank trees the
// on-demand timeline builds) against CallTree::build on the same calls in
// memory: every path with its calls, times, slowest rank, ranks and the run
// time, for all ranks and for subsets; overlaps counted and the first one
// kept; a cancelled merge is empty.
#include "CallTreeDifference.h"
#include "MemoryCallSource.h"
#include "TimelineRuns.h"
#include "analysis/CallTree.h"
#include "analysis/OnDemandTimeline.h"
#include "analysis/TimelineIndex.h"

#include <QtTest>

#include <atomic>

using namespace scope;
using namespace scope::testing;

namespace {

// Two ranks whose inner call outlives its parent, a third without.
ProfilingResults overlappingRun() {
    return makeResults({{0, "outer", {{0, 100}}},
                        {0, "inner", {{50, 150}}},
                        {1, "outer", {{0, 10}, {200, 300}}},
                        {1, "inner", {{5, 20}, {210, 260}}},
                        {2, "outer", {{0, 40}}},
                        {2, "inner", {{10, 20}}}});
}

std::vector<std::pair<QString, ProfilingResults>> runs() {
    auto all = timelineRuns();
    all.emplace_back(QStringLiteral("overlapping"), overlappingRun());
    return all;
}

} // namespace

class TestOnDemandCallTree : public QObject {
    Q_OBJECT
private slots:
    void equalsTheTreeInMemory_data() {
        QTest::addColumn<int>("run");
        const auto all = runs();
        for (std::size_t i = 0; i < all.size(); ++i)
            QTest::addRow("%s", qPrintable(all[i].first)) << int(i);
    }
    void equalsTheTreeInMemory() {
        QFETCH(int, run);
        const ProfilingResults r = std::move(runs()[std::size_t(run)].second);
        const TimelineIndex memory(r);
        const auto results =
            std::make_shared<const ProfilingResults>(MemoryCallSource::onDemand(r));
        const auto t = OnDemandTimeline::build(results, 64ull * 1024 * 1024, {});
        QVERIFY(t->treeBytes() > 0);
        QVERIFY(t->treeBytes() <= t->memoryBytes());

        // All ranks, each rank alone, and all but the first.
        std::vector<RankSelection> selections = {RankSelection()};
        const auto ranks = memory.ranks();
        for (const std::uint32_t rank : ranks)
            selections.emplace_back(std::vector<std::uint32_t>{rank});
        if (ranks.size() > 1)
            selections.emplace_back(std::vector<std::uint32_t>(ranks.begin() + 1, ranks.end()));
        for (const RankSelection& selection : selections) {
            // One thread: the first overlap is then the lowest rank's.
            const CallTree expected = CallTree::build(r, memory, selection, 1);
            const CallTree got = t->callTree(selection);
            QVERIFY(got.size() > 1);
            const QString diff = difference(got, expected, r);
            QVERIFY2(diff.isEmpty(),
                     qPrintable(QStringLiteral("ranks %1: %2")
                                    .arg(QString::fromStdString(selection.toString()), diff)));
        }
    }

    void overlapsAreCountedOverRanks() {
        // Hand-computed: rank 0's 'inner' [50, 150] outlives 'outer' [0, 100]
        // and rank 1's [5, 20] outlives [0, 10]; rank 2 nests.
        const ProfilingResults r = overlappingRun();
        const auto t = OnDemandTimeline::build(
            std::make_shared<const ProfilingResults>(MemoryCallSource::onDemand(r)), 0, {});
        const CallTree tree = t->callTree();
        QCOMPARE(tree.overlaps, std::uint64_t{2});
        QVERIFY(tree.firstOverlap.has_value());
        QCOMPARE(tree.firstOverlap->rank, 0u);
        QCOMPARE(tree.firstOverlap->innerStartNs, std::int64_t{50});
        const CallTree later = t->callTree(RankSelection({1, 2}));
        QCOMPARE(later.overlaps, std::uint64_t{1});
        QCOMPARE(later.firstOverlap->rank, 1u);
        // 'outer': 100 + 10 + 100 + 40 ns, less what 'inner' spent inside
        // it (an overlapping call only up to the outer call's end): 50, 5,
        // 50 and 10 ns.
        std::uint32_t outer = CallTree::kNone;
        for (const std::uint32_t c : tree.childrenOf(CallTree::kRoot))
            outer = c;
        QCOMPARE(tree.calls[outer], std::uint64_t{4});
        QCOMPARE(tree.inclusiveNs[outer], std::int64_t{250});
        QCOMPARE(tree.exclusiveNs[outer], std::int64_t{250 - 50 - 5 - 50 - 10});
        QCOMPARE(tree.maxRankInclusiveNs[outer], std::int64_t{110});
        QCOMPARE(tree.ranksWithCalls[outer], 3u);
        // The run time: each rank's first start to last end.
        QCOMPARE(tree.runNs, std::int64_t{150 + 300 + 40});
    }

    void aDifferenceIsSeen() {
        // The comparison fails on a tree that is off by one call or one ns.
        const ProfilingResults r = overlappingRun();
        const TimelineIndex memory(r);
        const CallTree expected = CallTree::build(r, memory, {}, 1);
        QVERIFY(difference(expected, expected, r).isEmpty());
        CallTree changed = expected;
        ++changed.calls.back();
        QVERIFY(!difference(changed, expected, r).isEmpty());
        changed = expected;
        ++changed.exclusiveNs.back();
        QVERIFY(!difference(changed, expected, r).isEmpty());
        changed = expected;
        ++changed.runNs;
        QVERIFY(!difference(changed, expected, r).isEmpty());
        const auto t = OnDemandTimeline::build(
            std::make_shared<const ProfilingResults>(MemoryCallSource::onDemand(r)), 0, {});
        QVERIFY(!difference(t->callTree(RankSelection({0})), expected, r).isEmpty());
    }

    void cancelledIsEmpty() {
        const ProfilingResults r = overlappingRun();
        const auto t = OnDemandTimeline::build(
            std::make_shared<const ProfilingResults>(MemoryCallSource::onDemand(r)), 0, {});
        const std::atomic<bool> cancel{true};
        const CallTree tree = t->callTree({}, &cancel);
        QCOMPARE(tree.size(), std::size_t{1});
        QCOMPARE(tree.childCount[CallTree::kRoot], 0u);
    }
};

QTEST_GUILESS_MAIN(TestOnDemandCallTree)
#include "tst_OnDemandCallTree.moc"
