// SPDX-License-Identifier: GPL-3.0-or-later
// Call paths on runs written call by call, each expected tree worked out on
// paper; and on the C API's sample, whose per-region exclusive times an
// independent reader computed.
#include "HandMadeRun.h"
#include "analysis/CallTree.h"
#include "analysis/TimelineIndex.h"
#include "format/ProfileReader.h"
#include "model/Errors.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <cmath>
#include <map>
#include <tuple>

using namespace scope;

namespace {

// path text -> calls, inclusive ns, exclusive ns
using Expected = std::map<std::string, std::tuple<std::uint64_t, std::int64_t, std::int64_t>>;

Expected actual(const CallTree& tree, const ProfilingResults& results) {
    Expected out;
    for (std::uint32_t n = 1; n < tree.size(); ++n)
        out[tree.pathText(n, results)] = {tree.calls[n], tree.inclusiveNs[n], tree.exclusiveNs[n]};
    return out;
}

QString describe(const Expected& tree) {
    QStringList lines;
    for (const auto& [path, v] : tree)
        lines << QStringLiteral("%1: %2 calls, %3 / %4 ns")
                     .arg(QString::fromStdString(path))
                     .arg(std::get<0>(v))
                     .arg(std::get<1>(v))
                     .arg(std::get<2>(v));
    return lines.join(QLatin1Char('\n'));
}

#define COMPARE_TREE(got, expected)                                                                \
    QVERIFY2((got) == (expected),                                                                  \
             qPrintable("got\n" + describe(got) + "\nexpected\n" + describe(expected)))

CallTree treeOf(const ProfilingResults& results, const RankSelection& ranks = {},
                unsigned threads = 1) {
    const TimelineIndex index(results);
    return CallTree::build(results, index, ranks, threads);
}

} // namespace

class TestCallTree : public QObject {
    Q_OBJECT
private slots:
    void twoLevelsOfNesting() {
        const ProfilingResults r = twoLevelRun();
        const CallTree tree = treeOf(r);
        const Expected expected = {{"main", {1, 100, 24}},
                                   {"main > solve", {2, 70, 50}},
                                   {"main > solve > rhs", {2, 20, 20}},
                                   {"main > io", {1, 6, 6}}};
        COMPARE_TREE(actual(tree, r), expected);
        // Children costliest first; the root stands for the top level.
        const auto top = tree.childrenOf(CallTree::kRoot);
        QCOMPARE(top.size(), std::size_t(1));
        const auto below = tree.childrenOf(top[0]);
        QCOMPARE(tree.pathText(below[0], r), std::string("main > solve"));
        QCOMPARE(tree.pathText(below[1], r), std::string("main > io"));
        QCOMPARE(tree.inclusiveNs[CallTree::kRoot], std::int64_t(100));
        QCOMPARE(tree.runNs, std::int64_t(100));
        QCOMPARE(tree.overlaps, std::uint64_t(0));
    }

    void recursionGivesDeeperPaths() {
        const ProfilingResults r = makeResults({{0, "fib", {{0, 100}, {10, 90}, {20, 80}}}});
        const Expected expected = {
            {"fib", {1, 100, 20}}, {"fib > fib", {1, 80, 20}}, {"fib > fib > fib", {1, 60, 60}}};
        COMPARE_TREE(actual(treeOf(r), r), expected);
    }

    void aTieAtOneStartPutsTheLongerCallOutside() {
        // a and b start together: a, longer, encloses b; c starts as b ends.
        const ProfilingResults r =
            makeResults({{0, "b", {{0, 20}}}, {0, "c", {{20, 30}}}, {0, "a", {{0, 50}}}});
        const Expected expected = {
            {"a", {1, 50, 20}}, {"a > b", {1, 20, 20}}, {"a > c", {1, 10, 10}}};
        COMPARE_TREE(actual(treeOf(r), r), expected);
    }

    void aZeroLengthCallEnclosesTheNextOneAtItsStart() {
        // outer [0,10]; z1 and z2 both [5,5]: z1 (first in the file) encloses
        // z2; the call at 7 is back in outer.
        const ProfilingResults r = makeResults({{0, "outer", {{0, 10}}},
                                                {0, "z1", {{5, 5}}},
                                                {0, "z2", {{5, 5}}},
                                                {0, "after", {{7, 9}}}});
        const Expected expected = {{"outer", {1, 10, 8}},
                                   {"outer > z1", {1, 0, 0}},
                                   {"outer > z1 > z2", {1, 0, 0}},
                                   {"outer > after", {1, 2, 2}}};
        COMPARE_TREE(actual(treeOf(r), r), expected);
    }

    void storedIdsOfMinusOneAreNotTrusted() {
        // One C writer fills the ids with -1: a flat tree would be wrong.
        ProfilingResults r = twoLevelRun();
        r.events.callIds.assign(r.events.size(), -1);
        r.events.parentIds.assign(r.events.size(), -1);
        const Expected expected = {{"main", {1, 100, 24}},
                                   {"main > solve", {2, 70, 50}},
                                   {"main > solve > rhs", {2, 20, 20}},
                                   {"main > io", {1, 6, 6}}};
        COMPARE_TREE(actual(treeOf(r), r), expected);
    }

    void aPartialOverlapIsReportedAndTheRestBuilt() {
        // b starts inside a and ends after it: a writer's error.
        const ProfilingResults r =
            makeResults({{0, "a", {{0, 10}}}, {0, "b", {{5, 15}}}, {0, "c", {{20, 30}, {32, 34}}}});
        const CallTree tree = treeOf(r);
        const Expected expected = {{"a", {1, 10, 5}}, {"a > b", {1, 10, 10}}, {"c", {2, 12, 12}}};
        COMPARE_TREE(actual(tree, r), expected);
        QCOMPARE(tree.overlaps, std::uint64_t(1));
        QVERIFY(tree.firstOverlap);
        const CallOverlap& o = *tree.firstOverlap;
        QCOMPARE(o.rank, 0u);
        QCOMPARE(r.regions[static_cast<std::size_t>(o.outerRegion)], std::string("a"));
        QCOMPARE(r.regions[static_cast<std::size_t>(o.innerRegion)], std::string("b"));
        QCOMPARE(o.innerEndNs, std::int64_t(15));
        const QString text = QString::fromStdString(o.describe(r));
        QVERIFY2(text.contains("rank 0") && text.contains("'a'") && text.contains("'b'") &&
                     text.contains("overlap"),
                 qPrintable(text));
    }

    void ranksArePooledAndSelected() {
        const ProfilingResults r = makeResults({{0, "main", {{0, 100}}},
                                                {0, "solve", {{10, 60}}},
                                                {1, "main", {{0, 200}}},
                                                {1, "solve", {{10, 160}}},
                                                {2, "main", {{0, 50}}}});
        for (unsigned threads : {1u, 2u, 3u}) {
            const CallTree tree = treeOf(r, {}, threads);
            const Expected all = {{"main", {3, 350, 150}}, {"main > solve", {2, 200, 200}}};
            COMPARE_TREE(actual(tree, r), all);
            const std::uint32_t main = tree.childrenOf(CallTree::kRoot)[0];
            const std::uint32_t solve = tree.childrenOf(main)[0];
            QCOMPARE(tree.ranksWithCalls[main], 3u);
            QCOMPARE(tree.maxRankInclusiveNs[main], std::int64_t(200));
            QVERIFY(std::abs(tree.imbalance(main) - 200.0 / (350.0 / 3.0)) < 1e-12);
            QCOMPARE(tree.ranksWithCalls[solve], 2u);
            // solve: 50 and 150 ns on ranks 0 and 1, none on rank 2: the
            // mean over the 3 selected ranks is 200 / 3, so 150 / (200 / 3).
            QVERIFY(std::abs(tree.imbalance(solve) - 2.25) < 1e-12);
        }
        const CallTree subset = treeOf(r, RankSelection::parse("0,2"));
        const Expected some = {{"main", {2, 150, 100}}, {"main > solve", {1, 50, 50}}};
        COMPARE_TREE(actual(subset, r), some);
        QCOMPARE(subset.runNs, std::int64_t(150));
        // Ranks 0 and 2: solve only on rank 0 (50 ns), mean 25 ns: 2×.
        const std::uint32_t subsetMain = subset.childrenOf(CallTree::kRoot)[0];
        const std::uint32_t subsetSolve = subset.childrenOf(subsetMain)[0];
        QVERIFY(std::abs(subset.imbalance(subsetSolve) - 2.0) < 1e-12);
    }

    void workOnOneRankOfThreeIsThreeTimesTheMean() {
        const ProfilingResults r = makeResults({{0, "main", {{0, 100}}},
                                                {0, "io", {{10, 40}}},
                                                {1, "main", {{0, 100}}},
                                                {2, "main", {{0, 100}}}});
        const CallTree tree = treeOf(r);
        const std::uint32_t main = tree.childrenOf(CallTree::kRoot)[0];
        const std::uint32_t io = tree.childrenOf(main)[0];
        QCOMPARE(tree.imbalance(main), 1.0);
        QCOMPARE(tree.imbalance(io), 3.0);
        // The region table's number is the same.
        const std::size_t ioRegion = *r.regionIndex("io");
        QCOMPARE(r.loadImbalance(ioRegion), 3.0);
        QCOMPARE(r.loadImbalance(ioRegion, RankSelection::parse("0-1")), 2.0);
        QCOMPARE(r.loadImbalance(ioRegion, RankSelection::parse("1-2")), 0.0);
    }

    void bottomUpListsEachRegionsCallers() {
        const ProfilingResults r = twoLevelRun();
        const CallTree up = treeOf(r).bottomUp();
        // Self time per region, and per chain of callers.
        const Expected expected = {{"main", {1, 100, 24}},
                                   {"solve", {2, 70, 50}},
                                   {"solve > main", {2, 70, 50}},
                                   {"rhs", {2, 20, 20}},
                                   {"rhs > solve", {2, 20, 20}},
                                   {"rhs > solve > main", {2, 20, 20}},
                                   {"io", {1, 6, 6}},
                                   {"io > main", {1, 6, 6}}};
        COMPARE_TREE(actual(up, r), expected);
        // Recursion: fib's inclusive time counts the outermost call only.
        const ProfilingResults fib = makeResults({{0, "fib", {{0, 100}, {10, 90}, {20, 80}}}});
        const CallTree fibUp = treeOf(fib).bottomUp();
        const std::uint32_t top = fibUp.childrenOf(CallTree::kRoot)[0];
        QCOMPARE(fibUp.calls[top], std::uint64_t(3));
        QCOMPARE(fibUp.exclusiveNs[top], std::int64_t(100));
        QCOMPARE(fibUp.inclusiveNs[top], std::int64_t(100));
    }

    // A recursion 100,000 calls deep: each node walked its whole chain of
    // callers (depth², minutes). The chains stop after 256 callers, and the
    // levels kept have their exact values.
    void aDeepRecursionsBottomUpStopsAt256Callers() {
        constexpr std::int64_t kDepth = 100'000;
        std::vector<std::pair<std::int64_t, std::int64_t>> calls;
        for (std::int64_t i = 0; i < kDepth; ++i)
            calls.emplace_back(i, 2 * kDepth - i);
        const ProfilingResults fib = makeResults({{0, "fib", calls}});
        const CallTree up = treeOf(fib).bottomUp();
        QCOMPARE(up.size(), std::size_t{1 + CallTree::kMaxBottomUpDepth});
        std::uint32_t node = up.childrenOf(CallTree::kRoot)[0];
        // Every call is fib's; the outermost alone counts as inclusive time.
        QCOMPARE(up.calls[node], std::uint64_t(kDepth));
        QCOMPARE(up.inclusiveNs[node], std::int64_t(2 * kDepth));
        // Each call's own time: 2 ns of its caller's span, the innermost's 2.
        QCOMPARE(up.exclusiveNs[node], std::int64_t(2 * kDepth));
        for (std::uint32_t level = 2; level <= CallTree::kMaxBottomUpDepth; ++level)
            node = up.childrenOf(node)[0];
        // fib called by 255 fibs: the calls 256 deep or deeper.
        QCOMPARE(up.depth[node], CallTree::kMaxBottomUpDepth);
        QCOMPARE(up.calls[node], std::uint64_t(kDepth - 255));
        QCOMPARE(up.inclusiveNs[node], std::int64_t(0));
        QCOMPARE(up.exclusiveNs[node], std::int64_t(2 * (kDepth - 255)));
        QVERIFY(up.childrenOf(node).empty());
    }

    // The C API's sample: nesting 4 deep (recurse), 1,500 tiny calls, and an
    // independent reader's exclusive times per region.
    void theCApiSampleMatchesTheIndependentReader() {
        const QString dir = QStringLiteral(SCOPE_TEST_DATA_DIR "/c-api/");
        const ProfilingResults r = readH5((dir + "capi_run_rank00000.h5").toStdString());
        QFile file(dir + "capi_run_rank00000.expected.json");
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject expected = QJsonDocument::fromJson(file.readAll())["files"][0].toObject();
        const CallTree tree = treeOf(r, {}, 2);
        std::map<std::int32_t, std::int64_t> exclusive;
        std::map<std::int32_t, std::uint64_t> calls;
        std::uint32_t deepest = 0;
        for (std::uint32_t n = 1; n < tree.size(); ++n) {
            exclusive[tree.region[n]] += tree.exclusiveNs[n];
            calls[tree.region[n]] += tree.calls[n];
            deepest = std::max(deepest, tree.depth[n]);
        }
        const QJsonObject regions = expected["region_statistics"].toObject();
        QVERIFY(!regions.isEmpty());
        for (auto it = regions.begin(); it != regions.end(); ++it) {
            const auto region = static_cast<std::int32_t>(*r.regionIndex(it.key().toStdString()));
            const QJsonObject stats = it.value().toObject();
            QCOMPARE(calls[region], static_cast<std::uint64_t>(stats["count"].toInteger()));
            const double seconds = static_cast<double>(exclusive[region]) * 1e-9;
            QVERIFY2(std::abs(seconds - stats["exclusive_total_seconds"].toDouble()) < 1e-12,
                     qPrintable(it.key()));
        }
        // Nesting levels counted from 0, as the reader counts them.
        QCOMPARE(static_cast<int>(deepest) - 1,
                 expected["max_nesting_depth_per_rank"].toObject()["0"].toInt());
        QCOMPARE(tree.overlaps, std::uint64_t(0));
    }

    void theCallsOfOnePathAreFound() {
        // Two levels, plus io called directly by main and from inside solve.
        const ProfilingResults r = makeResults({{0, "main", {{0, 100}}},
                                                {0, "solve", {{10, 60}, {70, 90}}},
                                                {0, "io", {{20, 30}, {92, 98}}},
                                                {1, "main", {{0, 50}}},
                                                {1, "io", {{10, 20}}}});
        const TimelineIndex index(r);
        const auto region = [&r](const char* name) {
            return static_cast<std::int32_t>(*r.regionIndex(name));
        };
        const auto eventsOn = [&](std::vector<std::int32_t> path, const RankSelection& ranks) {
            const std::vector<bool> on = CallTree::callsOnPath(r, index, ranks, path);
            std::vector<std::pair<std::int64_t, std::int64_t>> calls;
            for (std::size_t e = 0; e < on.size(); ++e)
                if (on[e])
                    calls.emplace_back(r.events.starts[e], r.events.ends[e]);
            std::sort(calls.begin(), calls.end());
            return calls;
        };
        using Calls = std::vector<std::pair<std::int64_t, std::int64_t>>;
        // main > io: rank 0's io at 92 and rank 1's at 10, not the one in solve.
        QCOMPARE(eventsOn({region("main"), region("io")}, {}), Calls({{10, 20}, {92, 98}}));
        QCOMPARE(eventsOn({region("main"), region("solve"), region("io")}, {}), Calls({{20, 30}}));
        QCOMPARE(eventsOn({region("main"), region("io")}, RankSelection::parse("1")),
                 Calls({{10, 20}}));
        QCOMPARE(eventsOn({region("io")}, {}), Calls());
        // Recursion: fib > fib is the middle call only.
        const ProfilingResults fib = makeResults({{0, "fib", {{0, 100}, {10, 90}, {20, 80}}}});
        const TimelineIndex fibIndex(fib);
        const std::int32_t f = 0;
        const std::vector<bool> middle = CallTree::callsOnPath(fib, fibIndex, {}, {{f, f}});
        QCOMPARE(std::count(middle.begin(), middle.end(), true), 1);
        QCOMPARE(fib.events.starts[std::find(middle.begin(), middle.end(), true) - middle.begin()],
                 std::int64_t(10));
    }

    void aCancelledBuildGivesAnEmptyTree() {
        const ProfilingResults r = twoLevelRun();
        const TimelineIndex index(r);
        const std::atomic<bool> cancel{true};
        const CallTree tree = CallTree::build(r, index, {}, 1, &cancel);
        QCOMPARE(tree.size(), std::size_t(1));
        QVERIFY(tree.childrenOf(CallTree::kRoot).empty());
    }

    void withoutEventsThereIsNoTree() {
        ProfilingResults r = twoLevelRun();
        const TimelineIndex index(r);
        r.eventsRead = false;
        QVERIFY_THROWS_EXCEPTION(EventsUnavailable, CallTree::build(r, index));
    }
};

QTEST_APPLESS_MAIN(TestCallTree)
#include "tst_CallTree.moc"
