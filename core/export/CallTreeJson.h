// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/CallTree.h"
#include "model/ProfilingResults.h"
#include "model/RegionFilter.h"

#include <cstdint>
#include <vector>

namespace scope {

class JsonWriter;

// The "call_tree" value of a file in scope-report's JSON: one object per
// call path, depth first with the costliest child first, as
//
//     {"path": ["main", "solve", "rhs.eval"], "calls": 12,
//      "inclusive_seconds": 0.5, "exclusive_seconds": 0.25}
//
// The filter picks which paths are listed (those whose last region it
// keeps); it never cuts a path, so a listed path keeps the callers the
// filter drops and its times are those of the whole tree.
//
// Paths are listed down to kMaxDepth levels: each one repeats its callers,
// so a deep recursion would write depth² names. A listed path at that depth
// with calls below it is folded: its exclusive time is its inclusive time,
// and it carries "folded": true.
class CallTreeJson {
public:
    static constexpr std::uint32_t kMaxDepth = 256;

    explicit CallTreeJson(RegionFilter filter = {});

    // Whether `node` stands for the calls below it too (see above).
    static bool isFolded(const CallTree& tree, std::uint32_t node) {
        return tree.depth[node] >= kMaxDepth && tree.childCount[node] > 0;
    }
    // What a listed node shows as exclusive time: all of its time when folded.
    static std::int64_t listedExclusiveNs(const CallTree& tree, std::uint32_t node) {
        return isFolded(tree, node) ? tree.inclusiveNs[node] : tree.exclusiveNs[node];
    }

    // Writes the array as the value of a key the caller has just written.
    void write(JsonWriter& json, const CallTree& tree, const ProfilingResults& results) const;

    // The nodes listed, in the order written (the root never is). Shared with
    // scope-report's indented text tree, so both list the same paths.
    std::vector<std::uint32_t> listedNodes(const CallTree& tree,
                                           const ProfilingResults& results) const;

private:
    RegionFilter filter_;
};

} // namespace scope
