// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "IndexKey.h"
#include "analysis/OnDemandTimeline.h"
#include "model/ProfilingResults.h"
#include "plan/EventPlan.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace scope {

// What a complete read of a run read on demand computed, kept so that a
// reopen shows the table, the whole-run timeline, the call tree and the
// heatmap without reading a call: the results without calls (rows with
// exact statistics and exclusive times), where the calls lie (the event
// plan, and the checkpoints of delta-encoded rows), and the on-demand
// timeline's parts. Zooms below the pyramid's finest level read calls
// through the plan, as after a fresh read.
struct RunIndex {
    // Bumped whenever the encoding or the meaning of a field changes: an
    // index of another version is rebuilt, never read.
    static constexpr std::uint32_t kVersion = 3;
    // Calls per block of the window search's hulls at least. At the 64 of a
    // fresh timeline the hulls are most of an index without a deep pyramid,
    // and a reopen reads all of it; a zoom below the pyramid reads its calls
    // by chunks anyway, which usually hold more than this.
    static constexpr std::uint64_t kBlockCalls = 1024;

    IndexKey key;
    ProfilingResults results; // finalized; no events, onDemand null
    EventPlan plan;
    // PlannedCallSource's checkpoints, per row with calls, in rows order
    // (empty for files that are not delta-encoded).
    std::vector<std::vector<std::int64_t>> checkpoints;
    OnDemandTimeline::Parts timeline;

    // The index of a complete on-demand read: `timeline` built over results
    // whose onDemand is a PlannedCallSource. The pyramid keeps at most
    // maxPyramidBytes (its finest levels dropped to fit; the coarsest level
    // stays whatever the bound): pyramidBudget() of the run's plan is the
    // bound every index is written with.
    static RunIndex of(const OnDemandTimeline& timeline, IndexKey key,
                       std::uint64_t maxPyramidBytes);
    // The pyramid's bound in an index: 5 % of the run's calls in memory
    // (eventBytesInMemory), at least what the coarsest level takes.
    static std::uint64_t pyramidBudget(const EventPlan& plan);

    // The run at `path` again: results whose calls are read on demand
    // through the plan (the file checked to be the one indexed) and its
    // timeline, restored. Throws ProfileError naming `path` when the file is
    // not the one indexed or the parts do not fit.
    std::shared_ptr<const OnDemandTimeline> open(const std::string& path,
                                                 std::uint64_t memoryBudget) &&;
};

} // namespace scope
