// SPDX-License-Identifier: GPL-3.0-or-later
// Flame graph layout: rectangles of hand-made trees worked out on paper,
// merging of sub-pixel children, zoom, hit-testing; and on the C API sample,
// that every box sits inside its parent's.
#include "analysis/CallTree.h"
#include "analysis/FlameLayout.h"
#include "analysis/TimelineIndex.h"
#include "format/ProfileReader.h"

#include <QtTest>

#include <string>
#include <vector>

using namespace scope;

namespace {

struct Spec {
    std::uint32_t parent;
    std::int64_t inclusiveNs;
};

// Nodes in order (node i + 1 is spec[i]); the root's time is the top level's.
CallTree handMade(const std::vector<Spec>& nodes) {
    CallTree tree = CallTree::rootOnly();
    std::int32_t region = 0;
    for (const Spec& s : nodes) {
        const std::uint32_t n = tree.child(s.parent, region++);
        tree.inclusiveNs[n] = s.inclusiveNs;
        tree.calls[n] = 1;
    }
    tree.finish();
    return tree;
}

// main [0,100] > solve [10,60] > rhs [20,30] [40,50]; solve [70,90]; io [92,98]
// as CallTree::build makes it: main 100, main > solve 70, main > solve > rhs
// 20, main > io 6.
constexpr std::uint32_t kMain = 1, kSolve = 2, kRhs = 3, kIo = 4;
CallTree twoLevels() {
    return handMade({{CallTree::kRoot, 100}, {kMain, 70}, {kSolve, 20}, {kMain, 6}});
}

struct Box {
    std::uint32_t node;
    std::uint32_t merged;
    double x0;
    double x1;
    bool operator==(const Box&) const = default;
};

QString describe(const std::vector<std::vector<Box>>& rows) {
    QStringList out;
    for (std::size_t r = 0; r < rows.size(); ++r)
        for (const Box& b : rows[r])
            out << QStringLiteral("row %1: node %2%3 [%4, %5)")
                       .arg(r)
                       .arg(b.node)
                       .arg(b.merged > 0 ? QStringLiteral(" merged %1").arg(b.merged) : QString())
                       .arg(b.x0, 0, 'g', 10)
                       .arg(b.x1, 0, 'g', 10);
    return out.join(QLatin1Char('\n'));
}

// Edges rounded to 1e-6 px so that hand-computed thirds and sevenths compare.
std::vector<std::vector<Box>> boxes(const FlameLayout& layout) {
    const auto round = [](double x) { return std::round(x * 1e6) / 1e6; };
    std::vector<std::vector<Box>> rows(layout.rows());
    for (std::size_t r = 0; r < layout.rows(); ++r)
        for (std::uint32_t b = layout.rowBegin[r]; b < layout.rowBegin[r + 1]; ++b)
            rows[r].push_back(
                {layout.node[b], layout.merged[b], round(layout.x0[b]), round(layout.x1[b])});
    return rows;
}

#define COMPARE_BOXES(layout, expected)                                                            \
    do {                                                                                           \
        const auto got = boxes(layout);                                                            \
        QVERIFY2(got == (expected),                                                                \
                 qPrintable("got\n" + describe(got) + "\nexpected\n" + describe(expected)));       \
    } while (false)

} // namespace

class TestFlameLayout : public QObject {
    Q_OBJECT
private slots:
    void rectanglesOfTwoLevels() {
        // 1000 px for 100 ns: 10 px per ns at the top; solve's 70 ns fill
        // [0, 700), io's 6 the next 60 px; rhs's 20 of solve's 70 ns get
        // 20/70 of its 700 px.
        const CallTree tree = twoLevels();
        const FlameLayout layout = FlameLayout::compute(tree, CallTree::kRoot, 1000);
        const std::vector<std::vector<Box>> expected = {{{CallTree::kRoot, 0, 0, 1000}},
                                                        {{kMain, 0, 0, 1000}},
                                                        {{kSolve, 0, 0, 700}, {kIo, 0, 700, 760}},
                                                        {{kRhs, 0, 0, 200}}};
        COMPARE_BOXES(layout, expected);
        QCOMPARE(layout.ns[layout.rowBegin[2] + 1], std::int64_t(6));
    }

    void zoomIntoSubtree() {
        // solve spans the whole width; rhs keeps its 20/70 of it.
        const CallTree tree = twoLevels();
        const FlameLayout layout = FlameLayout::compute(tree, kSolve, 1000);
        const std::vector<std::vector<Box>> expected = {
            {{kSolve, 0, 0, 1000}}, {{kRhs, 0, 0, std::round(2000.0 / 7 * 1e6) / 1e6}}};
        COMPARE_BOXES(layout, expected);
        QCOMPARE(layout.zoomRoot, kSolve);
        // A leaf alone.
        COMPARE_BOXES(FlameLayout::compute(tree, kIo, 300),
                      (std::vector<std::vector<Box>>{{{kIo, 0, 0, 300}}}));
    }

    void subPixelChildrenAreMerged() {
        // P 1000 ns in 100 px (0.1 px/ns): A 500 → 50 px, B 300 → 30 px; C 8,
        // D 5, E 4 are 0.8, 0.5 and 0.4 px: one merged box of 17 ns, 1.7 px,
        // whose node is P; C's child is not laid out. A's children F 3 and
        // G 2 make 0.5 px even merged: dropped.
        const CallTree tree = handMade({{CallTree::kRoot, 1000}, // 1 P
                                        {1, 500},                // 2 A
                                        {1, 300},                // 3 B
                                        {1, 8},                  // 4 C
                                        {1, 5},                  // 5 D
                                        {1, 4},                  // 6 E
                                        {2, 3},                  // 7 F
                                        {2, 2},                  // 8 G
                                        {4, 8}});                // 9 H under C
        const FlameLayout layout = FlameLayout::compute(tree, CallTree::kRoot, 100);
        const std::vector<std::vector<Box>> expected = {
            {{CallTree::kRoot, 0, 0, 100}},
            {{1, 0, 0, 100}},
            {{2, 0, 0, 50}, {3, 0, 50, 80}, {1, 3, 80, 81.7}}};
        COMPARE_BOXES(layout, expected);
        QCOMPARE(layout.ns[4], std::int64_t(17));
    }

    void boxesAreBoundedByPixelsNotPaths() {
        // 10,000 paths of 1 ns under main in 500 px: each is 0.05 px, all of
        // them one merged box across main's width.
        std::vector<Spec> nodes = {{CallTree::kRoot, 10'000}};
        for (int i = 0; i < 10'000; ++i)
            nodes.push_back({1, 1});
        const CallTree tree = handMade(nodes);
        const FlameLayout layout = FlameLayout::compute(tree, CallTree::kRoot, 500);
        const std::vector<std::vector<Box>> expected = {
            {{CallTree::kRoot, 0, 0, 500}}, {{1, 0, 0, 500}}, {{1, 10'000, 0, 500}}};
        COMPARE_BOXES(layout, expected);
    }

    void childrenOverflowingTheirParentAreCut() {
        // Calls that overlapped without nesting: X 80 + Y 50 ns under a parent
        // of 100 ns in 100 px. X gets 80 px, Y only the 20 left.
        const CallTree tree = handMade({{CallTree::kRoot, 100}, {1, 80}, {1, 50}});
        const std::vector<std::vector<Box>> expected = {
            {{CallTree::kRoot, 0, 0, 100}}, {{1, 0, 0, 100}}, {{2, 0, 0, 80}, {3, 0, 80, 100}}};
        COMPARE_BOXES(FlameLayout::compute(tree, CallTree::kRoot, 100), expected);
    }

    void degenerateInputs() {
        const CallTree empty = CallTree::rootOnly();
        QCOMPARE(FlameLayout::compute(empty, CallTree::kRoot, 100).rows(), std::size_t(1));
        const CallTree tree = twoLevels();
        QCOMPARE(FlameLayout::compute(tree, 99, 100).size(), std::size_t(0));
        QCOMPARE(FlameLayout::compute(tree, CallTree::kRoot, 0.5).size(), std::size_t(0));
        // A node without time keeps its box, its children get none.
        const CallTree zero = handMade({{CallTree::kRoot, 0}, {1, 0}});
        QCOMPARE(FlameLayout::compute(zero, CallTree::kRoot, 100).rows(), std::size_t(1));
        // Rows stop at the limit.
        QCOMPARE(FlameLayout::compute(tree, CallTree::kRoot, 1000, 2).rows(), std::size_t(2));
    }

    void hitTesting() {
        const CallTree tree = twoLevels();
        const FlameLayout layout = FlameLayout::compute(tree, CallTree::kRoot, 1000);
        QCOMPARE(layout.nodeAt(0, 0).node, CallTree::kRoot);
        QCOMPARE(layout.nodeAt(999.9, 1).node, kMain);
        QCOMPARE(layout.nodeAt(0, 2).node, kSolve);
        QCOMPARE(layout.nodeAt(699.5, 2).node, kSolve);
        QCOMPARE(layout.nodeAt(700, 2).node, kIo);
        QCOMPARE(layout.nodeAt(759.9, 2).node, kIo);
        QVERIFY(!layout.nodeAt(760, 2).valid()); // main's own time
        QCOMPARE(layout.nodeAt(199, 3).node, kRhs);
        QVERIFY(!layout.nodeAt(200, 3).valid()); // solve's own time
        QVERIFY(!layout.nodeAt(100, 4).valid()); // below the deepest row
        QVERIFY(!layout.nodeAt(-1, 1).valid());
        QVERIFY(!layout.nodeAt(1000, 1).valid());
        QVERIFY(!layout.nodeAt(10, 2).isMerged());

        const CallTree wide =
            handMade({{CallTree::kRoot, 1000}, {1, 500}, {1, 300}, {1, 8}, {1, 5}, {1, 4}});
        const FlameLayout merged = FlameLayout::compute(wide, CallTree::kRoot, 100);
        const FlameHit hit = merged.nodeAt(81, 2);
        QVERIFY(hit.isMerged());
        QCOMPARE(hit.node, std::uint32_t(1));
        QCOMPARE(hit.merged, std::uint32_t(3));
        QVERIFY(!merged.nodeAt(82, 2).valid());
        QCOMPARE(merged.nodeAt(79.9, 2).node, std::uint32_t(3));
    }

    void boxesNestOnTheCApiSample() {
        const ProfilingResults r = readH5(SCOPE_TEST_DATA_DIR "/c-api/capi_run_rank00000.h5");
        const TimelineIndex index(r);
        const CallTree tree = CallTree::build(r, index, {}, 1);
        const double width = 1600;
        const FlameLayout layout = FlameLayout::compute(tree, CallTree::kRoot, width);
        QVERIFY(layout.rows() >= 4); // nesting 4 deep
        for (std::size_t row = 0; row < layout.rows(); ++row) {
            double lastRight = 0;
            for (std::uint32_t b = layout.rowBegin[row]; b < layout.rowBegin[row + 1]; ++b) {
                QVERIFY(layout.x1[b] - layout.x0[b] >= 1.0);
                QVERIFY(layout.x0[b] >= lastRight - 1e-9);
                QVERIFY(layout.x1[b] <= width + 1e-9);
                lastRight = layout.x1[b];
                if (row == 0)
                    continue;
                // The box above the middle of this one is its parent's.
                const FlameHit above = layout.nodeAt((layout.x0[b] + layout.x1[b]) / 2, row - 1);
                QVERIFY(above.valid() && !above.isMerged());
                const std::uint32_t parent =
                    layout.merged[b] > 0 ? layout.node[b] : tree.parent[layout.node[b]];
                QCOMPARE(above.node, parent);
            }
        }
    }
};

QTEST_APPLESS_MAIN(TestFlameLayout)
#include "tst_FlameLayout.moc"
