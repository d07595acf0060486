// SPDX-License-Identifier: GPL-3.0-or-later
#include "MappedWindow.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <utility>

namespace scope {

MappedWindow MappedWindow::map(int fd, std::uint64_t offset, std::uint64_t length) {
    const auto page = static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
    const std::uint64_t from = offset / page * page;
    const std::uint64_t total = length + (offset - from);
    if (length == 0 || total < length || total > SIZE_MAX ||
        from > static_cast<std::uint64_t>(INT64_MAX))
        return {};
    // No MAP_POPULATE: the faults map pages sixteen at a time as the pass
    // reaches them, which costs less than mapping a window's all up front.
    void* base = mmap(nullptr, static_cast<std::size_t>(total), PROT_READ, MAP_SHARED, fd,
                      static_cast<off_t>(from));
    if (base == MAP_FAILED)
        return {};
    return MappedWindow(base, static_cast<std::size_t>(total), from);
}

MappedWindow::~MappedWindow() {
    if (base_ != nullptr)
        munmap(base_, length_);
}

MappedWindow::MappedWindow(MappedWindow&& other) noexcept
    : base_(std::exchange(other.base_, nullptr)), length_(std::exchange(other.length_, 0)),
      from_(other.from_) {}

MappedWindow& MappedWindow::operator=(MappedWindow&& other) noexcept {
    if (this != &other) {
        if (base_ != nullptr)
            munmap(base_, length_);
        base_ = std::exchange(other.base_, nullptr);
        length_ = std::exchange(other.length_, 0);
        from_ = other.from_;
    }
    return *this;
}

std::span<const std::byte> MappedWindow::bytes(std::uint64_t offset, std::uint64_t size) const {
    if (base_ == nullptr || offset < from_ || offset - from_ > length_ ||
        size > length_ - (offset - from_))
        return {};
    return {static_cast<const std::byte*>(base_) + (offset - from_),
            static_cast<std::size_t>(size)};
}

} // namespace scope
