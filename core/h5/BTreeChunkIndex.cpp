// SPDX-License-Identifier: GPL-3.0-or-later
#include "BTreeChunkIndex.h"

#include <cstring>

namespace scope::h5 {
namespace {

// The HDF5 file format specification, with 8-byte addresses and lengths
// (the caller checks that the file uses them).
constexpr std::uint64_t kObjectHeaderPrefix = 16; // version 1, padded
constexpr std::uint16_t kLayoutMessage = 0x0008;
constexpr std::uint16_t kContinuationMessage = 0x0010;
constexpr std::uint8_t kChunkedLayout = 2;
constexpr std::uint64_t kNodeHeader = 24; // "TREE", type, level, entries, two siblings
// A raw-data chunk key of a 1-D dataset: size, filter mask, and the chunk's
// offset in two dimensions (the second is the element's, always 0).
constexpr std::uint64_t kKeyBytes = 4 + 4 + 2 * 8;
constexpr std::uint64_t kMaxHeaderBlock = 1 << 20;
constexpr int kMaxHeaderBlocks = 16;
constexpr int kMaxDepth = 32;

template <typename T> T load(const std::byte* at) {
    T value;
    std::memcpy(&value, at, sizeof value);
    return value;
}

} // namespace

std::optional<std::vector<StoredChunk>> BTreeChunkIndex::read(std::uint64_t objectHeader,
                                                              std::uint64_t chunkElements,
                                                              std::uint64_t chunkCount) const {
    const std::optional<std::uint64_t> root = treeAddress(objectHeader, chunkElements);
    if (!root || chunkCount == 0)
        return std::nullopt;
    Walk w{chunkElements, std::vector<StoredChunk>(chunkCount),
           std::vector<bool>(chunkCount, false), 0, chunkCount + 64};
    if (!walk(*root, -1, w) || w.found != chunkCount)
        return std::nullopt;
    return std::move(w.chunks);
}

std::optional<std::uint64_t> BTreeChunkIndex::treeAddress(std::uint64_t objectHeader,
                                                          std::uint64_t chunkElements) const {
    std::byte prefix[kObjectHeaderPrefix];
    if (!bytes_.read(objectHeader, prefix) || load<std::uint8_t>(prefix) != 1)
        return std::nullopt;
    std::uint64_t messagesLeft = load<std::uint16_t>(prefix + 2);
    struct Block {
        std::uint64_t address;
        std::uint64_t size;
    };
    std::vector<Block> blocks{
        {objectHeader + kObjectHeaderPrefix, load<std::uint32_t>(prefix + 8)}};
    std::vector<std::byte> data;
    for (std::size_t b = 0; b < blocks.size() && messagesLeft > 0; ++b) {
        if (blocks[b].size > kMaxHeaderBlock || static_cast<int>(b) >= kMaxHeaderBlocks)
            return std::nullopt;
        data.resize(blocks[b].size);
        if (!bytes_.read(blocks[b].address, data))
            return std::nullopt;
        for (std::uint64_t at = 0; at + 8 <= data.size() && messagesLeft > 0; --messagesLeft) {
            const auto type = load<std::uint16_t>(data.data() + at);
            const auto size = load<std::uint16_t>(data.data() + at + 2);
            const std::byte* message = data.data() + at + 8;
            if (size > data.size() - at - 8)
                return std::nullopt;
            at += 8 + size;
            if (type == kContinuationMessage && size >= 16) {
                blocks.push_back({load<std::uint64_t>(message), load<std::uint64_t>(message + 8)});
                continue;
            }
            if (type != kLayoutMessage || size < 3)
                continue;
            // Versions 1 and 2: version, dimensionality, class, 5 reserved
            // bytes, address, dimensions; version 3: version, class,
            // dimensionality, address, dimensions (4 bytes each).
            const auto version = load<std::uint8_t>(message);
            std::uint64_t addressAt = 0;
            std::uint8_t dimensionality = 0;
            std::uint8_t layoutClass = 0;
            if (version == 3) {
                layoutClass = load<std::uint8_t>(message + 1);
                dimensionality = load<std::uint8_t>(message + 2);
                addressAt = 3;
            } else if (version == 1 || version == 2) {
                dimensionality = load<std::uint8_t>(message + 1);
                layoutClass = load<std::uint8_t>(message + 2);
                addressAt = 8;
            } else {
                return std::nullopt;
            }
            if (layoutClass != kChunkedLayout || dimensionality != 2 ||
                size < addressAt + 8 + 4 * dimensionality)
                return std::nullopt;
            const std::byte* dims = message + addressAt + 8;
            if (load<std::uint32_t>(dims) != chunkElements ||
                load<std::uint32_t>(dims + 4) != sizeof(std::int64_t))
                return std::nullopt;
            return load<std::uint64_t>(message + addressAt);
        }
    }
    return std::nullopt;
}

bool BTreeChunkIndex::walk(std::uint64_t node, int expectedLevel, Walk& w) const {
    if (w.nodesLeft-- == 0)
        return false;
    std::byte header[kNodeHeader];
    if (!bytes_.read(node, header) || std::memcmp(header, "TREE", 4) != 0 ||
        load<std::uint8_t>(header + 4) != 1)
        return false;
    const int level = load<std::uint8_t>(header + 5);
    const std::uint64_t entries = load<std::uint16_t>(header + 6);
    if ((expectedLevel >= 0 && level != expectedLevel) || level >= kMaxDepth || entries == 0)
        return false;
    // Key 0, child 0, key 1, child 1, ..., key n.
    std::vector<std::byte> body(entries * (kKeyBytes + 8) + kKeyBytes);
    if (!bytes_.read(node + kNodeHeader, body))
        return false;
    for (std::uint64_t i = 0; i < entries; ++i) {
        const std::byte* key = body.data() + i * (kKeyBytes + 8);
        const auto child = load<std::uint64_t>(key + kKeyBytes);
        if (level > 0) {
            if (!walk(child, level - 1, w))
                return false;
            continue;
        }
        const auto offset = load<std::uint64_t>(key + 8);
        const std::uint64_t k = offset / w.chunkElements;
        if (offset % w.chunkElements != 0 || load<std::uint64_t>(key + 16) != 0 ||
            k >= w.chunks.size() || w.seen[k])
            return false;
        w.seen[k] = true;
        ++w.found;
        w.chunks[k] = {child, load<std::uint32_t>(key), load<std::uint32_t>(key + 4)};
    }
    return true;
}

} // namespace scope::h5
