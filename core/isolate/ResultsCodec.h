#pragma once

#include "model/ProfilingResults.h"

#include <cstdint>
#include <string>

namespace scope::isolate {

class SharedColumnArena;

// Hands a whole ProfilingResults from the read helper to the viewer through a
// memfd without copying the event columns: the helper's reader allocates them
// in the memfd (SharedColumnArena), the small fields follow as one header,
// and the first page says where the header is. The viewer maps each column
// and adopts the mapping (AdoptedColumnStore).
class ResultsCodec {
public:
    // Finishes the buffer in `arena`'s memfd and returns its size. Columns of
    // `results` that are not in the arena are copied in.
    static std::uint64_t encode(ProfilingResults&& results, SharedColumnArena& arena);

    // Reads what encode wrote (`size` bytes of `fd`), finalized and validated.
    // Damaged data throws CorruptProfileError naming `path`.
    static ProfilingResults decode(int fd, std::uint64_t size, const std::string& path);

    // Where the arena's columns may start: the first page is the codec's.
    static constexpr std::uint64_t kReservedBytes = 4096;
};

} // namespace scope::isolate
