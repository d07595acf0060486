// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>

namespace scope::isolate {

// The unit of mmap offsets and of memory given back with madvise/fallocate.
inline constexpr std::uint64_t kPageBytes = 4096;

constexpr std::uint64_t pageAlignUp(std::uint64_t value) {
    return (value + kPageBytes - 1) / kPageBytes * kPageBytes;
}
constexpr std::uint64_t pageAlignDown(std::uint64_t value) {
    return value / kPageBytes * kPageBytes;
}

} // namespace scope::isolate
