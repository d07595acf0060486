// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "RegionChange.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <vector>

namespace scope {

struct CallTree;
class ProfilingResults;

// Exclusive seconds per call path relative to a region: the region itself
// ("solve") and every path below it ("solve > rhs.eval").
using RelativePaths = std::map<std::string, double>;

// Which call paths below a region carry its change of time.
class PathShares {
public:
    // How many paths are listed before the rest is folded into kOtherPaths.
    static constexpr std::size_t kListed = 5;
    static constexpr const char* kOtherPaths = "other paths";
    // How many levels below the region a path goes before the deeper calls
    // are folded into "… > …".
    static constexpr std::uint32_t kDeepest = 6;

    // The exclusive time of every path through `region` of `tree` (built from
    // `run`), from the region's outermost call on the path down, the region
    // named `label` (the compared name, for renamed regions). Together they
    // are the inclusive time of the region's outermost calls: recursion is
    // not counted twice.
    static RelativePaths below(const CallTree& tree, const ProfilingResults& run,
                               std::size_t region, const std::string& label);
    // Several runs of one side: the mean per path, absent paths counting 0.
    static RelativePaths mean(std::span<const RelativePaths> runs);
    // The change per path, largest |change| first, the paths after the first
    // kListed folded into one kOtherPaths entry; share = change / the summed
    // change of all paths, so the shares sum to 1. Empty when the summed
    // change is 0.
    static std::vector<PathShare> shares(const RelativePaths& baseline, const RelativePaths& other);
};

} // namespace scope
