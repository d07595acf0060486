// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>

namespace scope {

// Where an event column keeps its elements when it is not on the heap: in the
// read helper a shared-memory arena the viewer maps, in the viewer that same
// mapping. It lets the event bytes cross the process boundary without a copy.
class ColumnStore {
public:
    virtual ~ColumnStore() = default;

    // Memory that reads as zeros, or as data the store was made to hand over;
    // either way the column keeps what is there (see ColumnAllocator).
    // Throws std::bad_alloc.
    virtual void* allocate(std::size_t bytes) = 0;
    virtual void deallocate(void* memory, std::size_t bytes) noexcept = 0;
};

} // namespace scope
