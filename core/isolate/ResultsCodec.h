// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "format/ProfileReader.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace scope::isolate {

class ByteReader;
class SharedColumnArena;

// Hands the first step of a read (PlannedRead) from the read helper to the
// viewer through a memfd: the fields as one header, and the first page says
// where the header is. The event values libhdf5 read in the helper (the
// plan's inline values, for layouts not read directly) are allocated in the
// memfd (SharedColumnArena); the viewer maps them and adopts the mapping
// (AdoptedColumnStore), so they cross without a copy.
class ResultsCodec {
public:
    // Finishes the buffer in `arena`'s memfd and returns its size. Inline
    // values that are not in the arena are copied in.
    static std::uint64_t encode(PlannedRead&& read, SharedColumnArena& arena);

    // Reads what encode wrote (`size` bytes of `fd`), with the rows checked
    // against the region table. Damaged data throws CorruptProfileError naming
    // `path`.
    static PlannedRead decode(int fd, std::uint64_t size, const std::string& path);

    // Summaries handed over before the plan (ReadRequest::summariesFirst):
    // the header alone, as bytes for the message pipe. Summaries plan no call.
    static std::string encodeSummaries(const PlannedRead& read);
    // Throws CorruptProfileError naming `path` on damaged bytes, or on a plan
    // of calls.
    static PlannedRead decodeSummaries(std::string_view bytes, const std::string& path);
    // The same from a reader that names its own file and step: a remote host
    // sends summaries as one field of its answer.
    static PlannedRead decodeSummaries(ByteReader& in);

    // Where the arena's columns may start: the first page is the codec's.
    static constexpr std::uint64_t kReservedBytes = 4096;
};

} // namespace scope::isolate
