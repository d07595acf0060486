// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "base/ReadControl.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace scope {

// The bytes of a document, read front to back in pieces, so that a profile of
// any size is parsed without holding it whole. The streams at the bottom of a
// chain (file, memory image) report progress and notice cancellation.
class ByteStream {
public:
    virtual ~ByteStream() = default;
    // Up to `size` bytes into `out`; 0 only at the end of the stream.
    virtual std::size_t read(std::byte* out, std::size_t size) = 0;
    // The file or image it reads, for messages.
    virtual const std::string& name() const = 0;

protected:
    // Reports `done` of `total` bytes read and throws ReadCancelled when asked to stop.
    static void checkpoint(const ReadControl& control, const std::string& name, std::uint64_t done,
                           std::uint64_t total);
};

} // namespace scope
