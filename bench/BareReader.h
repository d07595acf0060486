// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace scope::bench {

// The floor a reader cannot beat: open the file and H5Dread every event
// dataset into one preallocated buffer, with no checks and no statistics.
// Returns the values read (the caller frees them outside its timing, as it
// does our readers' results).
std::vector<std::int64_t> bareReadSchema1(const std::string& path);
std::vector<std::int64_t> bareReadColumnar(const std::string& path);

// The floor below any reader of the file: pread the whole file, one thread per
// core each on its part, in 4 MiB blocks, into fresh memory (new[], so its
// page faults are paid as a reader's are). Returns the bytes read.
std::unique_ptr<char[]> barePreadParallel(const std::string& path, std::size_t& bytes);

} // namespace scope::bench
