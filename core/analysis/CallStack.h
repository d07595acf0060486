// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ProfilingResults.h"

#include <cstdint>
#include <vector>

namespace scope {

// The nesting of every call, in arrays parallel to EventColumns: from the
// stored call/parent ids when the file has them, else by interval containment
// (per rank, calls sorted by start with longer calls first; a call's parent is
// the innermost open call that encloses it).
struct CallStack {
    std::vector<std::int32_t> depth;  // 0 = top level
    std::vector<std::int64_t> parent; // event index, -1 = none
    bool fromIds = false;

    // Throws EventsUnavailable without per-call data.
    static CallStack build(const ProfilingResults& results);

    // Total minus the time spent in directly nested calls, per row of results.
    // (The loader gets the same from the timeline index: see ExclusiveTime.h.)
    std::vector<std::int64_t> exclusivePerRow(const ProfilingResults& results) const;
};

} // namespace scope
