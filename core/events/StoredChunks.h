// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What EventAssembler and PlannedCallSource both need to know of the stored
// chunks of an event dataset, so that a file reads the same through either.
#include "plan/EventPlan.h"

#include <cstdint>

namespace scope::stored_chunks {

// Compressed chunks can outgrow their data a little; a stored size beyond
// this is damage, not data.
inline std::uint64_t maxStoredBytes(std::uint64_t chunkBytes) {
    return 2 * chunkBytes + 65536;
}

// Whether a chunk's bytes went through a filter (else they are the values).
inline bool isFiltered(const ChunkPipeline& pipeline, const StoredChunk& chunk) {
    return (pipeline.shuffle && (chunk.filterMask & (1u << pipeline.shuffleBit)) == 0) ||
           (pipeline.compression != ChunkCompression::None &&
            (chunk.filterMask & (1u << pipeline.compressionBit)) == 0);
}

// The last chunk (before endChunk) of the run from unfiltered chunk k of
// whole unfiltered chunks stored one after the other in the file: they follow
// each other in the column too, so one read fills them all.
inline std::uint64_t lastOfStoredRun(const EventPlan& plan, const PlannedDataset& d,
                                     std::uint64_t k, std::uint64_t endChunk) {
    const std::uint64_t per = d.chunkElements;
    const std::uint64_t whole = per * sizeof(std::int64_t);
    std::uint64_t last = k;
    while (last + 1 < endChunk && (last + 2) * per <= d.length) {
        const StoredChunk& before = plan.chunks[d.firstChunk + last];
        const StoredChunk& next = plan.chunks[d.firstChunk + last + 1];
        if (isFiltered(d.pipeline, next) || next.storedBytes != whole ||
            before.storedBytes != whole ||
            next.fileOffset != before.fileOffset + before.storedBytes)
            break;
        ++last;
    }
    return last;
}

} // namespace scope::stored_chunks
