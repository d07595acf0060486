// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace scope {

// A read-only mapping of part of a file: a pass that decodes each chunk once
// decodes it straight from the page cache instead of copying it out first.
// Read its bytes only inside BusErrorGuard::run (the file may be cut short
// meanwhile). Its pages count towards the process's resident memory while
// it is mapped: a window, not the whole file.
class MappedWindow {
public:
    MappedWindow() = default;
    // Bytes [offset, offset + length) of `fd` or more (from the page holding
    // offset); empty when the kernel refuses.
    static MappedWindow map(int fd, std::uint64_t offset, std::uint64_t length);

    ~MappedWindow();
    MappedWindow(MappedWindow&& other) noexcept;
    MappedWindow& operator=(MappedWindow&& other) noexcept;
    MappedWindow(const MappedWindow&) = delete;
    MappedWindow& operator=(const MappedWindow&) = delete;

    // The file's bytes [offset, offset + size) if the window holds them all,
    // else an empty span.
    std::span<const std::byte> bytes(std::uint64_t offset, std::uint64_t size) const;

private:
    MappedWindow(void* base, std::size_t length, std::uint64_t from)
        : base_(base), length_(length), from_(from) {}

    void* base_ = nullptr;
    std::size_t length_ = 0;
    std::uint64_t from_ = 0; // the file offset of base_
};

} // namespace scope
