// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/RankRegion.h"
#include "plan/EventPlan.h"

#include <array>
#include <cstdint>
#include <span>
#include <string>

namespace scope {

// Chunks larger than this are left to libhdf5 by the planner.
inline constexpr std::uint64_t kMaxPlannedChunkBytes = std::uint64_t{1} << 30;

// The checks a plan passes before any of its bytes are read: it may come from
// another process, so nothing in it is trusted before it is checked against
// itself and the rows. Throws CorruptProfileError naming `path` with
// EventAssembler's messages; returns how many values of each column the
// plan's datasets cover.
std::array<std::uint64_t, kEventColumnCount> checkEventPlan(const EventPlan& plan,
                                                            std::span<const RankRegion> rows,
                                                            const std::string& path,
                                                            std::uint64_t fileBytes);

} // namespace scope
