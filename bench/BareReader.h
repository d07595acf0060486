// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace scope::bench {

// The floor a reader cannot beat: open the file and H5Dread every event
// dataset into one preallocated buffer, with no checks and no statistics.
// Returns the values read (the caller frees them outside its timing, as it
// does our readers' results).
std::vector<std::int64_t> bareReadSchema1(const std::string& path);
std::vector<std::int64_t> bareReadColumnar(const std::string& path);

} // namespace scope::bench
