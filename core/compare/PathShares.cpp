// SPDX-License-Identifier: GPL-3.0-or-later
#include "PathShares.h"

#include "analysis/CallTree.h"

#include <algorithm>
#include <cmath>

namespace scope {

RelativePaths PathShares::below(const CallTree& tree, const ProfilingResults& run,
                                std::size_t region, const std::string& label) {
    // Top-down from the root, each node's path below the region's outermost
    // call follows from its parent's, so the text of a path is built once. A
    // deep recursion (or calls that overlap without nesting) would otherwise
    // give as many ever longer paths as it has levels; below kDeepest levels
    // they are folded into "... > …".
    constexpr std::uint32_t kNoPath = CallTree::kNone;
    const auto wanted = static_cast<std::int32_t>(region);
    std::vector<std::uint32_t> pathOf(tree.size(), kNoPath);
    std::vector<std::uint32_t> level(tree.size(), 0); // levels below the region's call
    std::vector<std::string> texts;
    std::vector<std::uint32_t> queue{CallTree::kRoot};
    for (std::size_t next = 0; next < queue.size(); ++next) {
        const std::uint32_t node = queue[next];
        const std::uint32_t path = pathOf[node];
        for (std::uint32_t i = 0; i < tree.childCount[node]; ++i) {
            const std::uint32_t child = tree.children[tree.childBegin[node] + i];
            queue.push_back(child);
            if (path == kNoPath) {
                if (tree.region[child] != wanted)
                    continue;
                pathOf[child] = static_cast<std::uint32_t>(texts.size());
                texts.push_back(label);
            } else if (level[node] < kDeepest) {
                pathOf[child] = static_cast<std::uint32_t>(texts.size());
                texts.push_back(texts[path] + " > " +
                                run.regions[static_cast<std::size_t>(tree.region[child])]);
                level[child] = level[node] + 1;
            } else if (level[node] == kDeepest) {
                pathOf[child] = static_cast<std::uint32_t>(texts.size());
                texts.push_back(texts[path] + " > \u2026");
                level[child] = kDeepest + 1;
            } else {
                pathOf[child] = path;
                level[child] = level[node];
            }
        }
    }
    RelativePaths paths;
    for (std::uint32_t node = 1; node < tree.size(); ++node)
        if (pathOf[node] != kNoPath && tree.exclusiveNs[node] != 0)
            paths[texts[pathOf[node]]] += static_cast<double>(tree.exclusiveNs[node]) * 1e-9;
    return paths;
}

RelativePaths PathShares::mean(std::span<const RelativePaths> runs) {
    RelativePaths mean;
    for (const RelativePaths& run : runs)
        for (const auto& [path, seconds] : run)
            mean[path] += seconds;
    for (auto& entry : mean)
        entry.second /= static_cast<double>(std::max<std::size_t>(1, runs.size()));
    return mean;
}

std::vector<PathShare> PathShares::shares(const RelativePaths& baseline,
                                          const RelativePaths& other) {
    std::vector<PathShare> moved;
    RelativePaths all = baseline;
    for (const auto& entry : other)
        all.try_emplace(entry.first, 0.0);
    double sum = 0.0;
    for (const auto& [path, unused] : all) {
        const auto base = baseline.find(path);
        const auto next = other.find(path);
        const double delta = (next == other.end() ? 0.0 : next->second) -
                             (base == baseline.end() ? 0.0 : base->second);
        sum += delta;
        if (delta != 0.0)
            moved.push_back({path, 0.0, delta});
    }
    if (moved.empty() || sum == 0.0)
        return {};
    // The map ordered them by path: a stable sort keeps ties by name.
    std::stable_sort(moved.begin(), moved.end(), [](const PathShare& a, const PathShare& b) {
        return std::abs(a.deltaSeconds) > std::abs(b.deltaSeconds);
    });
    if (moved.size() > kListed + 1) {
        PathShare rest{kOtherPaths, 0.0, 0.0};
        for (std::size_t i = kListed; i < moved.size(); ++i)
            rest.deltaSeconds += moved[i].deltaSeconds;
        moved.resize(kListed);
        moved.push_back(std::move(rest));
    }
    for (PathShare& path : moved)
        path.share = path.deltaSeconds / sum;
    std::stable_sort(moved.begin(), moved.end(), [](const PathShare& a, const PathShare& b) {
        return std::abs(a.share) > std::abs(b.share);
    });
    return moved;
}

} // namespace scope
