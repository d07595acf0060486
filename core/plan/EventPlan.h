// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "FileIdentity.h"
#include "model/EventColumns.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace scope {

// The event columns in the order of EventColumns' members.
enum class EventColumnId : std::uint8_t {
    Starts,
    Ends,
    GpuDurations,
    CallIds,
    ParentIds,
    ThreadIds,
    TaskIds,
    AwaitNs
};
inline constexpr std::size_t kEventColumnCount = 8;

// What an element of a column that no dataset covers reads as: unknown (-1)
// for the optional columns but await_ns, whose "no value" is 0 (§1 of
// threads-tasks-json.md); the timing columns are always covered.
constexpr std::int64_t missingValue(EventColumnId column) {
    return column == EventColumnId::Starts || column == EventColumnId::Ends ||
                   column == EventColumnId::AwaitNs
               ? 0
               : -1;
}

// The compressors whose chunks are decoded here, without libhdf5.
enum class ChunkCompression : std::uint8_t { None, Deflate, Lzf, Zstd };

// The filters a dataset's chunks went through when written: shuffle, then at
// most one compressor. The bits say which bit of a chunk's filter mask skips
// each filter (HDF5 skips an optional filter that does not help).
struct ChunkPipeline {
    bool shuffle = false;
    std::uint8_t shuffleBit = 0;
    ChunkCompression compression = ChunkCompression::None;
    std::uint8_t compressionBit = 0;
};

// Where one chunk's bytes are stored (a contiguous dataset is cut into chunks too).
struct StoredChunk {
    std::uint64_t fileOffset = 0;
    std::uint64_t storedBytes = 0;
    std::uint32_t filterMask = 0;
    bool operator==(const StoredChunk&) const = default;
};

// One 1-D int64 dataset and where its values go: elements
// [destination, destination + length) of `column`.
struct PlannedDataset {
    EventColumnId column = EventColumnId::Starts;
    std::uint64_t destination = 0;
    std::uint64_t length = 0;
    // Little-endian int64 in the file: chunks [firstChunk, firstChunk +
    // chunkCount) of EventPlan::chunks, chunkElements values each (the last
    // one may reach past `length`).
    std::uint64_t chunkElements = 0;
    std::uint64_t firstChunk = 0;
    std::uint64_t chunkCount = 0;
    ChunkPipeline pipeline;
    // Or values libhdf5 has read already (a type, layout or filter not read
    // here): EventPlan::inlineValues[inlineOffset, inlineOffset + length).
    bool isInline = false;
    std::uint64_t inlineOffset = 0;
    // Schema 1: the row (index into ProfilingResults::rows) whose region this
    // dataset belongs to; damage skips that region alone. -1: a column of the
    // whole file, whose damage makes the file corrupt.
    std::int64_t row = -1;
    std::string name; // the dataset's path, for messages
};

// What the readers leave of the per-call data for the second step of a read:
// which bytes of the file hold which parts of the event columns. The rows'
// summaries are computed from the events once they are read.
struct EventPlan {
    bool readsEvents = false;  // the file's per-call data is to be read
    bool deltaEncoded = false; // starts hold start_deltas and ends durations, decoded per row
    // Elements of each column; 0 = the file does not store it. Elements of the
    // optional columns that no dataset covers read as missingValue().
    std::array<std::uint64_t, kEventColumnCount> columnLengths{};
    std::vector<PlannedDataset> datasets;
    std::vector<StoredChunk> chunks;
    EventColumn inlineValues;
    // The file the offsets are in; nullopt for a file image held in memory.
    std::optional<FileIdentity> file;
};

} // namespace scope
