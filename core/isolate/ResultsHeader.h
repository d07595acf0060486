// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "format/ProfileReader.h"

#include <array>
#include <cstdint>
#include <string>

namespace scope::isolate {

class ByteReader;
class ByteWriter;

// Every field of a PlannedRead but the plan's inline values themselves, whose
// place in the results buffer ends it, and what completeRead derives
// (eventsRead, minimumStartNs, the region index).
class ResultsHeader {
public:
    struct ColumnPlace {
        std::uint64_t offset = 0; // in the results buffer
        std::uint64_t count = 0;  // elements
    };

    static void encode(const PlannedRead& read, const ColumnPlace& inlineValues, ByteWriter& out) {
        encode(read.results, read.events, inlineValues, out);
    }
    // The same from results and a plan held apart (a kept index's).
    static void encode(const ProfilingResults& results, const EventPlan& plan,
                       const ColumnPlace& inlineValues, ByteWriter& out);
    // Fills everything but the inline values; throws CorruptProfileError
    // (through `in`) on damaged bytes, and on a row that names a region or
    // details that are not there, which every user of the rows indexes with.
    static void decode(ByteReader& in, PlannedRead& read, ColumnPlace& inlineValues);
};

} // namespace scope::isolate
