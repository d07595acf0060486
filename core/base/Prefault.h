// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>

namespace scope {

// Maps the fresh pages of [begin, end) in one call: cheaper than taking their
// faults one by one inside a read's copy. A page shared with a neighbour is
// safe to populate from either side; where the kernel cannot, the faults
// happen anyway.
inline void prefault(void* begin, void* end) {
#ifdef MADV_POPULATE_WRITE
    const auto page = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
    const std::uintptr_t first = reinterpret_cast<std::uintptr_t>(begin) & ~(page - 1);
    const auto last = reinterpret_cast<std::uintptr_t>(end);
    if (last > first)
        madvise(reinterpret_cast<void*>(first), last - first, MADV_POPULATE_WRITE);
#else
    (void)begin;
    (void)end;
#endif
}

} // namespace scope
