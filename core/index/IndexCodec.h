// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "RunIndex.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace scope {

namespace isolate {
class ByteWriter;
}

// The index file: a fixed header (magic "SCOPEIDX", RunIndex::kVersion, and
// the size and a 64-bit checksum of each of its two sections), then the
// sections, RunIndex's fields in host byte order (an index never leaves the
// machine that wrote it; the magic's byte order tells another one apart).
// The head holds what a reopen shows first: the key, the results, the plan
// and the timeline's coarsest level with its lanes, a small part of the
// index; the rest holds its finer levels, exclusive times, call trees, the
// window search's hulls and the checkpoints. Each section is checked on its
// own, so the table and the whole-run timeline show before the rest is
// read. Decoding trusts nothing: every count is checked against the bytes
// left and every index against what it points into, so a truncated,
// damaged or hostile index throws CorruptIndexError and never reads out of
// bounds (tests/fuzz).
class IndexCodec {
public:
    // Where the sections lie, from the header.
    struct Layout {
        std::uint64_t headBytes = 0;
        std::uint64_t headChecksum = 0;
        std::uint64_t restBytes = 0;
        std::uint64_t restChecksum = 0;

        std::uint64_t headAt() const { return kHeaderBytes; }
        std::uint64_t restAt() const { return kHeaderBytes + headBytes; }
    };

    static std::string encode(const RunIndex& index);
    // The whole index; `indexPath` names it in errors.
    static RunIndex decode(std::string_view bytes, const std::string& indexPath);

    // The header of an index of `fileBytes` bytes (`header` its first
    // kHeaderBytes at least): throws unless the sections fill the file.
    static Layout layout(std::string_view header, std::uint64_t fileBytes,
                         const std::string& indexPath);
    // The head section's bytes: the index without the rest. Its pyramid has
    // the coarsest level only, and the parts of the rest are empty.
    static RunIndex decodeHead(const Layout& layout, std::string_view head,
                               const std::string& indexPath);
    // The rest section's bytes into decodeHead's index, which is whole after.
    static void decodeRest(const Layout& layout, std::string_view rest, RunIndex& index,
                           const std::string& indexPath);

    // The key alone, from the header and the head's first fields, without
    // checking the checksum: for the cache's housekeeping.
    static IndexKey peekKey(std::string_view bytes, const std::string& indexPath);

    // The header's size: the head starts here.
    static constexpr std::size_t kHeaderBytes = 48;
    // A section's checksum (64-bit words mixed in four lanes, several GB/s).
    static std::uint64_t checksum(std::string_view payload);
    // For tests and tools only: `bytes` (an encoded index, edited) with the
    // header's section sizes and checksums made to match the bytes again
    // (the head as long as the header says, where there are bytes for it),
    // so that decode's checks of the fields themselves are reached.
    static std::string withChecksum(std::string bytes);

private:
    static void encodeHead(const RunIndex& index, isolate::ByteWriter& out);
    static void encodeRest(const RunIndex& index, isolate::ByteWriter& out);
};

} // namespace scope
