// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ColumnStore.h"

#include <cstdlib>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>

namespace scope {

// The allocator of the event columns: the heap by default, or a ColumnStore.
// resize() leaves new elements as the memory holds them instead of writing
// zeros: fresh memory reads as zeros anyway (calloc, a store's contract), a
// store may be handing over data to keep, and a reader sizing 300 MB of
// columns need not touch every page twice. (After shrinking a column within
// its capacity, growing it again shows the old values, not zeros.)
template <class T> class ColumnAllocator {
public:
    using value_type = T;
    // Copies go to the heap; moves and swaps take the store along.
    using propagate_on_container_copy_assignment = std::false_type;
    using propagate_on_container_move_assignment = std::true_type;
    using propagate_on_container_swap = std::true_type;

    ColumnAllocator() noexcept = default;
    explicit ColumnAllocator(std::shared_ptr<ColumnStore> store) noexcept
        : store_(std::move(store)) {}
    template <class U>
    ColumnAllocator(const ColumnAllocator<U>& other) noexcept : store_(other.store()) {}

    T* allocate(std::size_t n) {
        if (store_)
            return static_cast<T*>(store_->allocate(n * sizeof(T)));
        if (void* memory = std::calloc(n, sizeof(T)))
            return static_cast<T*>(memory);
        throw std::bad_alloc();
    }
    void deallocate(T* memory, std::size_t n) noexcept {
        if (store_)
            store_->deallocate(memory, n * sizeof(T));
        else
            std::free(memory);
    }

    template <class U, class... Args> void construct(U* place, Args&&... args) {
        ::new (static_cast<void*>(place)) U(std::forward<Args>(args)...);
    }
    template <class U>
    void construct(U* place) noexcept(std::is_nothrow_default_constructible_v<U>) {
        ::new (static_cast<void*>(place)) U;
    }

    ColumnAllocator select_on_container_copy_construction() const noexcept { return {}; }

    const std::shared_ptr<ColumnStore>& store() const noexcept { return store_; }

    template <class U> bool operator==(const ColumnAllocator<U>& other) const noexcept {
        return store_ == other.store();
    }

private:
    std::shared_ptr<ColumnStore> store_;
};

} // namespace scope
