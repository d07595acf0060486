#pragma once

#include "model/ProfilingResults.h"

#include <array>
#include <cstdint>
#include <string>

namespace scope::isolate {

class ByteReader;

// Every field of an encoded ProfilingResults but the event columns
// themselves, whose places in the results buffer end it.
class ResultsHeader {
public:
    struct ColumnPlace {
        std::uint64_t offset = 0; // in the results buffer
        std::uint64_t count = 0;  // elements
    };
    // starts, ends, gpuDurations, callIds, parentIds
    using ColumnPlaces = std::array<ColumnPlace, 5>;

    static std::string encode(const ProfilingResults& results, const ColumnPlaces& places);
    // Fills everything but the event columns and the region index; throws
    // CorruptProfileError (through `in`) on damaged bytes.
    static void decode(ByteReader& in, ProfilingResults& results, ColumnPlaces& places);
};

} // namespace scope::isolate
