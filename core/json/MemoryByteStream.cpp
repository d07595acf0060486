// SPDX-License-Identifier: GPL-3.0-or-later
#include "MemoryByteStream.h"

#include <algorithm>
#include <cstring>

namespace scope {

std::size_t MemoryByteStream::read(std::byte* out, std::size_t size) {
    checkpoint(control_, name_, offset_, bytes_.size());
    const std::size_t n = std::min(size, bytes_.size() - offset_);
    if (n > 0)
        std::memcpy(out, bytes_.data() + offset_, n);
    offset_ += n;
    return n;
}

} // namespace scope
