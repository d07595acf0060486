// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <span>

namespace scope {

// Delta-encoded calls (start_deltas and durations) made absolute starts and
// ends in place, the starts running on from `t`, which ends as the last
// start. False where a start or an end leaves the int64 range: the row is
// damaged, and the values are then meaningless.
bool decodeDeltas(std::span<std::int64_t> starts, std::span<std::int64_t> ends, std::int64_t& t);

// What a row is when decodeDeltas fails, in every reader's words.
inline constexpr const char* kDeltaDamage = "start_deltas or durations out of range (damaged)";

} // namespace scope
