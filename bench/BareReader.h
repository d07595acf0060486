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

// The same reads into one reused 4 MiB buffer per thread: the floor of a
// reader that streams a file larger than its memory budget. Returns the bytes read.
std::uint64_t barePreadStreaming(const std::string& path);

// The floor of any pass over the calls of a zstd-compressed file: pread and
// ZSTD_decompress every zstd chunk of its event columns (where the read plan
// says they are), one thread per core, into reused buffers, with no
// unshuffle, decoding or statistics. Returns the bytes decompressed.
std::uint64_t bareDecompressZstd(const std::string& path);

// The floor of a table from summary columns: H5Dread of what a region table
// needs from /rank_region_index (region ids, ranks, counts and the summary
// records) and the region names. Returns the number of index rows.
std::uint64_t bareReadSummaryColumns(const std::string& path);

} // namespace scope::bench
