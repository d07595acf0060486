// SPDX-License-Identifier: GPL-3.0-or-later
#include "SharedColumnArena.h"

#include "PageSize.h"

#include <fcntl.h>
#include <sys/mman.h>

#include <algorithm>
#include <new>

namespace scope::isolate {

SharedColumnArena::SharedColumnArena(int fd, std::uint64_t reserved)
    : fd_(fd), next_(pageAlignUp(reserved)) {}

SharedColumnArena::~SharedColumnArena() {
    for (const Block& block : blocks_)
        munmap(block.address, block.bytes);
}

void* SharedColumnArena::allocate(std::size_t bytes) {
    const std::uint64_t size = pageAlignUp(std::max<std::uint64_t>(bytes, 1));
    // One fallocate of every page is much cheaper than a fault per page, and
    // a full memfd (ENOSPC) shows here rather than as SIGBUS on a write.
    if (fallocate(fd_, 0, static_cast<off_t>(next_), static_cast<off_t>(size)) != 0)
        throw std::bad_alloc();
    void* address = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, fd_,
                         static_cast<off_t>(next_));
    if (address == MAP_FAILED)
        throw std::bad_alloc();
    blocks_.push_back({address, next_, size});
    next_ += size;
    return address;
}

void SharedColumnArena::deallocate(void* memory, std::size_t) noexcept {
    const auto block = std::find_if(blocks_.begin(), blocks_.end(),
                                    [&](const Block& b) { return b.address == memory; });
    if (block == blocks_.end())
        return;
    munmap(block->address, block->bytes);
    if (!keep_)
        fallocate(fd_, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE,
                  static_cast<off_t>(block->offset), static_cast<off_t>(block->bytes));
    blocks_.erase(block);
}

std::optional<std::uint64_t> SharedColumnArena::offsetOf(const void* memory) const {
    for (const Block& block : blocks_)
        if (block.address == memory)
            return block.offset;
    return std::nullopt;
}

} // namespace scope::isolate
