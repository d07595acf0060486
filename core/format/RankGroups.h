// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "h5/H5File.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace scope {

// The root's groups named "rank" + decimal digits, ordered numerically
// (rank2 before rank10): where schema 1 keeps its events and every schema
// its auxiliary data.
std::vector<std::pair<std::uint32_t, std::string>> listRankGroups(const h5::H5File& file);

} // namespace scope
