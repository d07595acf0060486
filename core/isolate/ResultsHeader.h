#pragma once

#include "model/ProfilingResults.h"

#include <array>
#include <cstdint>
#include <string>

namespace scope::isolate {

class ByteReader;

// The part of an encoded ProfilingResults before the event columns: every
// field but the columns themselves, whose lengths end it.
class ResultsHeader {
public:
    // starts, ends, gpuDurations, callIds, parentIds
    using ColumnLengths = std::array<std::uint64_t, 5>;

    static std::string encode(const ProfilingResults& results);
    // Fills everything but the event columns and the region index; throws
    // CorruptProfileError (through `in`) on damaged bytes.
    static void decode(ByteReader& in, ProfilingResults& results, ColumnLengths& lengths);
};

} // namespace scope::isolate
