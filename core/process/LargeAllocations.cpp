// SPDX-License-Identifier: GPL-3.0-or-later
// The programs' operator new: a large block is the same malloc'd memory, but
// the kernel is asked to back it with 2 MiB pages where it offers them (THP
// "madvise", Debian's default). A large run's rows, plans and timelines are
// tens of megabytes filled once; in 4 KiB pages each costs a fault per page,
// which is most of the time to fill it where a fault traps to a hypervisor.
// glibc does the same for every block with GLIBC_TUNABLES=glibc.malloc.hugetlb=1,
// but reads that only at the start of a process; the read helper is started
// with it (isolate/WorkerProcess.cpp).
//
// Linked into the programs only (CMake: scope_large_allocations). Not under
// AddressSanitizer, whose own operator new checks every new against its delete.
#include <sys/mman.h>

#include <cstdint>
#include <cstdlib>
#include <new>

#if !defined(__SANITIZE_ADDRESS__)

namespace {

constexpr std::uintptr_t kHugePage = std::uintptr_t{2} << 20;
// A block of this size may hold a whole 2 MiB page: one call for up to 511
// faults fewer. Megabytes are common (a 1,024-rank run's per-row lists).
constexpr std::size_t kAdvisedFrom = kHugePage;

void* allocate(std::size_t size) {
    void* block = nullptr;
    while ((block = std::malloc(size == 0 ? 1 : size)) == nullptr) {
        std::new_handler handler = std::get_new_handler();
        if (handler == nullptr)
            throw std::bad_alloc();
        handler();
    }
    if (size >= kAdvisedFrom) {
        // Only whole 2 MiB pages inside the block: its neighbours keep theirs.
        const auto begin = reinterpret_cast<std::uintptr_t>(block);
        const std::uintptr_t first = (begin + kHugePage - 1) & ~(kHugePage - 1);
        const std::uintptr_t last = (begin + size) & ~(kHugePage - 1);
        if (last > first)
            madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);
    }
    return block;
}

} // namespace

// libstdc++'s delete is free(), and its nothrow and array forms call these.
void* operator new(std::size_t size) {
    return allocate(size);
}

void* operator new[](std::size_t size) {
    return allocate(size);
}

#endif
