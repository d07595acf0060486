#pragma once

#include <cstdint>
#include <string>

namespace scope::bench {

// The floor a reader cannot beat: open the file and H5Dread every event
// dataset into one preallocated buffer, with no checks and no statistics.
// Returns the number of int64 values read.
std::uint64_t bareReadSchema1(const std::string& path);
std::uint64_t bareReadColumnar(const std::string& path);

} // namespace scope::bench
