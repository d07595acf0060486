// SPDX-License-Identifier: GPL-3.0-or-later
// scope-flame-bench [PATHS]: how long the flame graph takes to redraw a call
// tree of PATHS call paths (default 100,000; random fan-out, ~30 deep): the
// layout alone, and layout plus a full paint into a 1600 × 500 image, at the
// top and zoomed into the costliest path. The target is one frame, 16 ms.
#include "analysis/CallTree.h"
#include "analysis/FlameLayout.h"
#include "callpaths/FlameGraph.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QImage>
#include <QPainter>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <random>
#include <string>
#include <vector>

using namespace scope;

namespace {

constexpr int kRegions = 1000;
constexpr int kRepeats = 30;

// A random recursive tree: each new path hangs below a path picked at random,
// so fan-out and depth vary as in real programs (a few wide nodes near the
// top, long thin chains); each path spends a random time of its own.
std::shared_ptr<CallTree> randomTree(std::size_t paths) {
    std::mt19937_64 random(12);
    auto tree = std::make_shared<CallTree>(CallTree::rootOnly());
    std::vector<std::uint32_t> kids(1, 0);
    for (std::size_t i = 0; i < paths; ++i) {
        const auto parent =
            static_cast<std::uint32_t>(std::uniform_int_distribution<std::size_t>(0, i)(random));
        // Distinct among siblings (fan-out stays far below kRegions), varied
        // by depth so neighbouring rows differ in colour.
        const auto region =
            static_cast<std::int32_t>((kids[parent]++ + tree->depth[parent] * 13) % kRegions);
        tree->child(parent, region);
        kids.push_back(0);
    }
    std::lognormal_distribution<double> own(10.0, 2.0);
    for (std::size_t n = 1; n < tree->size(); ++n) {
        tree->exclusiveNs[n] = static_cast<std::int64_t>(own(random));
        tree->calls[n] = 1 + random() % 100;
    }
    // Nodes come after their parents: sum inclusive times from the back.
    for (std::size_t n = tree->size() - 1; n >= 1; --n) {
        tree->inclusiveNs[n] += tree->exclusiveNs[n];
        if (tree->parent[n] != CallTree::kRoot)
            tree->inclusiveNs[tree->parent[n]] += tree->inclusiveNs[n];
    }
    tree->finish();
    tree->runNs = tree->inclusiveNs[CallTree::kRoot];
    return tree;
}

// The widest case for painting: every path one pixel or less, 1000 below the
// top and 100 below each of those, all of one time.
std::shared_ptr<CallTree> wideTree(std::size_t paths) {
    auto tree = std::make_shared<CallTree>(CallTree::rootOnly());
    const std::size_t top = std::max<std::size_t>(1, paths / 100);
    for (std::size_t i = 0; i < top; ++i) {
        const std::uint32_t parent =
            tree->child(CallTree::kRoot, static_cast<std::int32_t>(i % kRegions));
        for (int k = 0; k < 99 && tree->size() <= paths; ++k) {
            const std::uint32_t n = tree->child(parent, k);
            tree->inclusiveNs[n] = tree->exclusiveNs[n] = 1000;
            tree->inclusiveNs[parent] += 1000;
        }
        tree->inclusiveNs[parent] += 1000;
        tree->exclusiveNs[parent] = 1000;
    }
    tree->finish();
    tree->runNs = tree->inclusiveNs[CallTree::kRoot];
    return tree;
}

struct Figures {
    double median = 0;
    double slowest = 0;
};

template <typename F> Figures measure(F&& f) {
    std::vector<double> ms;
    for (int i = 0; i < kRepeats; ++i) {
        QElapsedTimer clock;
        clock.start();
        f();
        ms.push_back(static_cast<double>(clock.nsecsElapsed()) / 1e6);
    }
    std::sort(ms.begin(), ms.end());
    return {ms[ms.size() / 2], ms.back()};
}

} // namespace

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const std::size_t paths = argc > 1 ? std::stoul(argv[1]) : 100'000;

    auto results = std::make_shared<ProfilingResults>();
    for (int r = 0; r < kRegions; ++r)
        results->regions.push_back("module.region_" + std::to_string(r));
    const QSize size(1600, 500);
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    FlameGraph graph;

    const auto bench = [&](const char* label, const std::shared_ptr<CallTree>& tree) {
        std::printf("%s: %zu paths, %u deep\n", label, tree->size() - 1,
                    *std::max_element(tree->depth.begin(), tree->depth.end()));
        graph.setTree(tree, results);
        const std::uint32_t hottest = tree->childrenOf(CallTree::kRoot)[0];
        for (const std::uint32_t zoom : {CallTree::kRoot, hottest}) {
            graph.zoomTo(zoom);
            const FlameLayout layout = FlameLayout::compute(*tree, zoom, size.width());
            const Figures layOut =
                measure([&] { (void)FlameLayout::compute(*tree, zoom, size.width()); });
            const Figures whole = measure([&] {
                QPainter painter(&image);
                graph.render(&painter, size);
            });
            std::printf("  %-20s %5zu boxes in %3zu rows: layout %5.2f ms (slowest %5.2f), "
                        "layout + paint %5.2f ms (slowest %5.2f), target 16 ms\n",
                        zoom == CallTree::kRoot ? "whole tree" : "zoomed into hottest",
                        layout.size(), layout.rows(), layOut.median, layOut.slowest, whole.median,
                        whole.slowest);
        }
    };
    bench("random fan-out", randomTree(paths));
    bench("1000 x 100, all sub-pixel", wideTree(paths));
    return 0;
}
