// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace scope {

// The most ranks a run may have. Views and selections hold a slot per rank,
// so a rank number or mpi_size past this is a damaged file, not a run: 2^24
// is 16 times the largest MPI jobs of today, and a slot per rank up to it
// costs tens of MB, where 2^32 would take tens of GB.
inline constexpr std::uint64_t kMaxRanks = std::uint64_t{1} << 24;

// "rank 4294967295 is past the 16777216 ranks a run may have"
inline std::string rankPastLimit(std::string_view what, std::uint64_t value) {
    return std::string(what) + " " + std::to_string(value) + " is past the " +
           std::to_string(kMaxRanks) + " ranks a run may have";
}

} // namespace scope
