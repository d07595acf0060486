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

// The index file: a fixed header (magic "SCOPEIDX", RunIndex::kVersion, the
// payload's size and a 64-bit checksum of it) and the payload, RunIndex's
// fields in host byte order (an index never leaves the machine that wrote
// it; the magic's byte order tells another one apart). decode trusts
// nothing: every count is checked against the bytes left and every index
// against what it points into, so a truncated, damaged or hostile index
// throws CorruptIndexError and never reads out of bounds (tests/fuzz).
class IndexCodec {
public:
    static std::string encode(const RunIndex& index);
    // `indexPath` names the index in errors.
    static RunIndex decode(std::string_view bytes, const std::string& indexPath);
    // The key alone, from the header and the payload's first fields, without
    // checking the checksum: for the cache's housekeeping.
    static IndexKey peekKey(std::string_view bytes, const std::string& indexPath);

    // The header's size: the payload starts here.
    static constexpr std::size_t kHeaderBytes = 32;
    // The payload's checksum (64-bit words mixed in four lanes, several GB/s).
    static std::uint64_t checksum(std::string_view payload);
    // For tests and tools only: `bytes` (an encoded index, edited) with the
    // header's payload size and checksum made to match the payload again,
    // so that decode's checks of the fields themselves are reached.
    static std::string withChecksum(std::string bytes);

private:
    static void encodePayload(const RunIndex& index, isolate::ByteWriter& out);
};

} // namespace scope
