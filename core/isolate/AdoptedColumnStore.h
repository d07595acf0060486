// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ColumnStore.h"

#include <cstdint>

namespace scope::isolate {

// The viewer's side of SharedColumnArena: maps one event column that the read
// helper left in the results memfd and hands that mapping to the first
// allocation of exactly its size, so the column adopts it without a copy. Any
// other allocation (a column grown later) comes from the heap, zeroed.
class AdoptedColumnStore final : public ColumnStore {
public:
    // Maps `bytes` at `offset` (page-aligned, inside the memfd); throws
    // std::system_error when the mapping fails.
    AdoptedColumnStore(int fd, std::uint64_t offset, std::uint64_t bytes);
    ~AdoptedColumnStore() override;
    AdoptedColumnStore(const AdoptedColumnStore&) = delete;
    AdoptedColumnStore& operator=(const AdoptedColumnStore&) = delete;

    void* allocate(std::size_t bytes) override;
    void deallocate(void* memory, std::size_t bytes) noexcept override;

private:
    void* mapping_ = nullptr;
    std::uint64_t bytes_;
    bool handedOut_ = false;
};

} // namespace scope::isolate
