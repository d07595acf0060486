// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "plan/EventPlan.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

struct ZSTD_DCtx_s;
using ZSTD_DCtx = ZSTD_DCtx_s;

namespace scope {

// Undoes a chunk's filters (decompression, then shuffle) in plain code with
// every length checked, so that damaged chunks are rejected without libhdf5.
// One per thread: it keeps a scratch buffer between chunks.
class ChunkDecoder {
public:
    // Decodes `stored` into `out`, which is the chunk's full size. False when
    // the bytes do not decode to exactly that many bytes.
    bool decode(const ChunkPipeline& pipeline, std::uint32_t filterMask,
                std::span<const std::byte> stored, std::span<std::byte> out);
    // As decode, but a shuffled chunk (`shuffled` says whether it is) is left
    // so in `out`, for a reader that takes only some of its values: it
    // unshuffles those straight to where they go (unshuffleValues) instead
    // of unshuffling all of them into a buffer to copy from.
    bool decodeLeavingShuffled(const ChunkPipeline& pipeline, std::uint32_t filterMask,
                               std::span<const std::byte> stored, std::span<std::byte> out,
                               bool& shuffled);
    // Values [first, first + out.size()) of a chunk decodeLeavingShuffled
    // left shuffled. Throws std::out_of_range past the chunk's end.
    static void unshuffleValues(std::span<const std::byte> chunk, std::size_t first,
                                std::span<std::int64_t> out);

private:
    bool decodeChunk(const ChunkPipeline& pipeline, std::uint32_t filterMask,
                     std::span<const std::byte> stored, std::span<std::byte> out,
                     bool leaveShuffled, bool& shuffled);

    struct FreeZstd {
        void operator()(ZSTD_DCtx* context) const;
    };

    std::vector<std::byte> shuffled_;
    // Kept from chunk to chunk: ZSTD_decompress would allocate and set up a
    // context of its own for every chunk.
    std::unique_ptr<ZSTD_DCtx, FreeZstd> zstd_;
};

} // namespace scope
