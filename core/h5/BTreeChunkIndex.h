// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "plan/EventBytes.h"
#include "plan/EventPlan.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace scope::h5 {

// Where the chunks of a chunked 1-D dataset are, read from the file's bytes
// when its chunk index is a version-1 B-tree in a version-1 object header
// (what h5py and libhdf5 write by default): a few reads per dataset, where
// asking libhdf5 costs a lookup per chunk (40 ms for schema 1's 37,000
// chunks of 19 M calls). nullopt for any other structure or for anything that
// does not add up; the caller then asks libhdf5 chunk by chunk.
class BTreeChunkIndex {
public:
    explicit BTreeChunkIndex(const EventBytes& bytes) : bytes_(bytes) {}

    // The dataset's object header is at `objectHeader`; its chunks hold
    // `chunkElements` 8-byte values and there must be exactly `chunkCount`.
    std::optional<std::vector<StoredChunk>>
    read(std::uint64_t objectHeader, std::uint64_t chunkElements, std::uint64_t chunkCount) const;

private:
    std::optional<std::uint64_t> treeAddress(std::uint64_t objectHeader,
                                             std::uint64_t chunkElements) const;
    struct Walk {
        std::uint64_t chunkElements;
        std::vector<StoredChunk> chunks;
        std::vector<bool> seen;
        std::uint64_t found = 0;
        std::uint64_t nodesLeft; // bounds the walk of a damaged (cyclic) tree
    };
    bool walk(std::uint64_t node, int expectedLevel, Walk& walk) const;

    const EventBytes& bytes_;
};

} // namespace scope::h5
