// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "RegionFilter.h"
#include "analysis/CallTree.h"
#include "model/ProfilingResults.h"

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
class CallTreeJson {
public:
    explicit CallTreeJson(RegionFilter filter = {});

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
