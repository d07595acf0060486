// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "TimelineIndex.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace scope {

// What the timeline says about one call when it is clicked: where it sits
// (rank, thread/task lane, depth), its times, and its caller and callees in
// its lane. The nesting comes from the index's lanes: a call's parent is the
// call one level up that encloses it, its children the calls one level down
// inside it, found by binary search instead of a scan of the run.
struct CallDetails {
    std::uint32_t event = 0; // index into results.events
    std::int32_t region = -1;
    std::uint32_t rank = 0;
    std::int64_t laneKey = -1; // laneKey() of LaneTables.h; -1 without lanes
    std::uint32_t depth = 0;   // 0 = top level
    std::size_t lane = 0;      // the index's lane of the call
    std::size_t position = 0;  // its place in that lane, in start order
    std::size_t laneSize = 0;  // calls in that lane
    std::int64_t startNs = 0;  // absolute, as in EventColumns
    std::int64_t endNs = 0;
    std::int64_t durationNs = 0;
    // The duration less that of the calls directly inside it.
    std::int64_t exclusiveNs = 0;
    // Time its task spent suspended; nullopt outside a task or without an
    // await column.
    std::optional<std::int64_t> awaitNs;
    std::optional<std::uint32_t> parent;
    std::size_t childCount = 0;
    // The longest children, longest first (ties: earlier first).
    std::vector<std::uint32_t> topChildren;

    // nullopt for an event the index does not hold.
    static std::optional<CallDetails> of(const TimelineIndex& index, std::uint32_t event,
                                         std::size_t topChildren = 5);
};

} // namespace scope
