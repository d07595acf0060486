// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ColumnStore.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace scope::isolate {

// The read helper's event columns, allocated straight in the results memfd so
// that handing them to the viewer costs no copy: each allocation is a fresh,
// page-aligned range of the memfd, mapped shared. Used from one thread.
class SharedColumnArena final : public ColumnStore {
public:
    // Allocations start at `reserved` (page-aligned): the bytes before are the
    // codec's.
    SharedColumnArena(int fd, std::uint64_t reserved);
    ~SharedColumnArena() override;
    SharedColumnArena(const SharedColumnArena&) = delete;
    SharedColumnArena& operator=(const SharedColumnArena&) = delete;

    void* allocate(std::size_t bytes) override;
    void deallocate(void* memory, std::size_t bytes) noexcept override;

    // Where a block handed out by allocate() starts in the memfd.
    std::optional<std::uint64_t> offsetOf(const void* memory) const;
    // The first page-aligned offset after every block.
    std::uint64_t end() const { return next_; }
    // From now on a freed block keeps its bytes: they are the results.
    void keepContents() { keep_ = true; }
    int fd() const { return fd_; }

private:
    struct Block {
        void* address;
        std::uint64_t offset;
        std::uint64_t bytes; // page-aligned
    };

    int fd_;
    std::uint64_t next_;
    bool keep_ = false;
    std::vector<Block> blocks_;
};

} // namespace scope::isolate
