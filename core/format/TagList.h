// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace scope {

// Parses the JSON array of strings stored in rank_region_index/tags
// ("" means []). Malformed text yields the raw text as a single tag rather than
// an error: tags are decoration, not worth rejecting a file for.
std::vector<std::string> parseTagList(std::string_view json);

} // namespace scope
