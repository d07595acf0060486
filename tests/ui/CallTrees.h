// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Call trees of hand-made runs, shared by the call tree and flame graph tests.
#include "../core/HandMadeRun.h"
#include "analysis/CallTree.h"
#include "analysis/TimelineIndex.h"

#include <memory>

// See twoLevelRun for the values worked out by hand.
inline std::shared_ptr<const scope::ProfilingResults> twoLevels() {
    return std::make_shared<const scope::ProfilingResults>(twoLevelRun());
}

// Every path of the run on the selected ranks, built on one thread.
inline std::shared_ptr<const scope::CallTree> treeOf(const scope::ProfilingResults& results,
                                                     const scope::RankSelection& ranks = {}) {
    const scope::TimelineIndex index(results);
    return std::make_shared<const scope::CallTree>(
        scope::CallTree::build(results, index, ranks, 1));
}
