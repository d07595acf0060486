#pragma once

#include "model/ProfilingResults.h"

#include <cstdint>
#include <functional>
#include <string>

namespace scope::isolate {

// Hands a whole ProfilingResults from the read helper to the viewer through a
// memfd. The small fields travel as one header; the event columns follow as
// raw page-aligned arrays and move chunk by chunk: the writer releases its
// pages of each chunk once written and the reader punches each chunk out of
// the memfd once copied, so neither side nor the machine ever holds the event
// bytes twice (only one chunk more).
class ResultsCodec {
public:
    using Progress = std::function<void(double fraction)>;

    // Writes `results` to `fd` from offset 0 and returns the bytes written. The
    // event columns of `results` are emptied.
    static std::uint64_t encode(ProfilingResults&& results, int fd, const Progress& progress = {});

    // Reads what encode wrote (`size` bytes of `fd`), finalized and validated.
    // Damaged data throws CorruptProfileError naming `path`.
    static ProfilingResults decode(int fd, std::uint64_t size, const std::string& path,
                                   const Progress& progress = {});

    static constexpr std::uint64_t kChunkBytes = std::uint64_t{16} << 20;
};

} // namespace scope::isolate
