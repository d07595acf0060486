// SPDX-License-Identifier: GPL-3.0-or-later
#include "PathShares.h"

#include "analysis/CallTree.h"

#include <algorithm>
#include <cmath>

namespace scope {

RelativePaths PathShares::below(const CallTree& tree, const ProfilingResults& run,
                                std::size_t region, const std::string& label) {
    RelativePaths paths;
    const auto wanted = static_cast<std::int32_t>(region);
    for (std::uint32_t node = 1; node < tree.size(); ++node) {
        if (tree.exclusiveNs[node] == 0)
            continue;
        const std::vector<std::int32_t> chain = tree.path(node);
        const auto outermost = std::find(chain.begin(), chain.end(), wanted);
        if (outermost == chain.end())
            continue;
        std::string text = label;
        for (auto it = outermost + 1; it != chain.end(); ++it) {
            text += " > ";
            text += run.regions[static_cast<std::size_t>(*it)];
        }
        paths[text] += static_cast<double>(tree.exclusiveNs[node]) * 1e-9;
    }
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
