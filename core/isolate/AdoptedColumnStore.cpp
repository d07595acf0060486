// SPDX-License-Identifier: GPL-3.0-or-later
#include "AdoptedColumnStore.h"

#include <sys/mman.h>

#include <cerrno>
#include <cstdlib>
#include <new>
#include <system_error>

namespace scope::isolate {

AdoptedColumnStore::AdoptedColumnStore(int fd, std::uint64_t offset, std::uint64_t bytes)
    : bytes_(bytes) {
    // Populating maps the helper's pages in one call instead of a fault each.
    mapping_ = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, fd,
                    static_cast<off_t>(offset));
    if (mapping_ == MAP_FAILED)
        throw std::system_error(errno, std::generic_category(), "cannot map an event column");
}

AdoptedColumnStore::~AdoptedColumnStore() {
    munmap(mapping_, bytes_);
}

void* AdoptedColumnStore::allocate(std::size_t bytes) {
    if (!handedOut_ && bytes == bytes_) {
        handedOut_ = true;
        return mapping_;
    }
    if (void* memory = std::calloc(bytes, 1))
        return memory;
    throw std::bad_alloc();
}

void AdoptedColumnStore::deallocate(void* memory, std::size_t) noexcept {
    // The mapping itself goes with the store, when the last column using it does.
    if (memory != mapping_)
        std::free(memory);
}

} // namespace scope::isolate
