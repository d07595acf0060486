// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/CallTree.h"
#include "analysis/RankLaneTable.h"
#include "analysis/TimelinePyramid.h"
#include "isolate/ByteReader.h"
#include "isolate/ByteWriter.h"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <vector>

namespace scope {

// The encodings of what an on-demand timeline computed from the calls, for a
// kept index (IndexCodec) and for rank builds gathered over MPI
// (IndexBuilder). Every read checks what it reads against the bytes left and
// every index against what it points into (`regions` names, `calls` of the
// run), failing through the reader (IndexReader: CorruptIndexError); it
// never trusts a count before that. Fields are written one by one, never as
// padded structs, so equal values give equal bytes.
class IndexFields {
public:
    using ByteWriter = isolate::ByteWriter;
    using ByteReader = isolate::ByteReader;

    static void writeCallTree(ByteWriter& out, const CallTree& tree);
    // A tree whose parents come before their children, each child listed
    // under its parent, and regions below `regions`.
    static CallTree readCallTree(ByteReader& in, std::size_t regions);

    static void writeLanes(ByteWriter& out, std::span<const TimelineLane> lanes);
    static std::vector<TimelineLane> readLanes(ByteReader& in);
    // Spans whose regions are below `regions` (or -1), whose first calls
    // are below `calls` and which lie within [fromNs, toNs], ending after
    // they start (a query walks the columns between them).
    static void writeSpans(ByteWriter& out, std::span<const TimelineSpan> spans);
    static std::vector<TimelineSpan>
    readSpans(ByteReader& in, std::size_t regions, std::uint64_t calls,
              std::int64_t fromNs = std::numeric_limits<std::int64_t>::min(),
              std::int64_t toNs = std::numeric_limits<std::int64_t>::max());

    // A pyramid in two parts, so that a reopen can show the whole run from
    // the first alone: its extent, lanes and coarsest level (the head), then
    // its finer levels.
    static void writePyramidHead(ByteWriter& out, const TimelinePyramid& pyramid);
    static void writeFinerLevels(ByteWriter& out, const TimelinePyramid& pyramid);
    // Spans within the pyramid's [originNs, endNs]; checked by
    // TimelinePyramid::fromStored besides.
    static TimelinePyramid readPyramidHead(ByteReader& in, std::size_t regions,
                                           std::uint64_t calls);
    // `head` (readPyramidHead's) with the finer levels that follow.
    static TimelinePyramid readFinerLevels(ByteReader& in, const TimelinePyramid& head,
                                           std::size_t regions, std::uint64_t calls);

    static void writeRankPart(ByteWriter& out, const TimelinePyramid::RankPart& part);
    // Levels with the spans of every lane (laneSizes summing to each level),
    // spans as readSpans checks them.
    static TimelinePyramid::RankPart
    readRankPart(ByteReader& in, std::size_t regions, std::uint64_t calls,
                 std::int64_t fromNs = std::numeric_limits<std::int64_t>::min(),
                 std::int64_t toNs = std::numeric_limits<std::int64_t>::max());

    static void writeRankLanes(ByteWriter& out, const RankLaneTable& table);
    // Entries ordered by rank then key, each naming lanes of `lanes` (the
    // pyramid's) of its rank and key, depth 0 first.
    static RankLaneTable readRankLanes(ByteReader& in, std::span<const TimelineLane> lanes);

    static void writeExclusive(ByteWriter& out,
                               std::span<const std::optional<std::int64_t>> values);
    static std::vector<std::optional<std::int64_t>> readExclusive(ByteReader& in);

    static void writeSizes(ByteWriter& out, std::span<const std::size_t> values);
    static std::vector<std::size_t> readSizes(ByteReader& in);
    // 0/1 flags, one byte each.
    static void writeFlags(ByteWriter& out, std::span<const char> values);
    static std::vector<char> readFlags(ByteReader& in);

private:
    static void writeLevels(ByteWriter& out, const TimelinePyramid& pyramid, std::size_t first,
                            std::size_t last);
    static void readLevels(ByteReader& in, std::size_t regions, std::uint64_t calls,
                           std::int64_t originNs, std::int64_t endNs,
                           std::vector<TimelinePyramid::StoredLevel>& levels);
    static TimelinePyramid restored(ByteReader& in, std::int64_t originNs, std::int64_t endNs,
                                    std::uint64_t budgetBytes, std::vector<TimelineLane> lanes,
                                    std::vector<TimelinePyramid::StoredLevel> levels);
};

} // namespace scope
