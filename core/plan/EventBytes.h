// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "EventPlan.h"
#include "FileIdentity.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

namespace scope {

// The bytes of a profiling file, read without libhdf5 and from several
// threads at once: a file opened again by path (and checked to be the one
// whose structure was read), or a file image held in memory.
class EventBytes {
public:
    // Throws FileNotFoundError, or CorruptProfileError when the file cannot be
    // opened or is no longer the file `expected` describes.
    static EventBytes open(const std::string& path, const std::optional<FileIdentity>& expected);
    // Takes over `fd`, an open descriptor of the file at `path` of `size` bytes.
    static EventBytes adopt(std::string path, int fd, std::uint64_t size);
    static EventBytes image(std::span<const std::byte> image, std::string name);
    // The bytes `plan` reads from the file at `path`: the file opened again
    // when the plan reads events, else none (nothing is opened).
    static EventBytes forPlan(const std::string& path, const EventPlan& plan);

    ~EventBytes();
    EventBytes(EventBytes&& other) noexcept;
    EventBytes& operator=(EventBytes&&) = delete;
    EventBytes(const EventBytes&) = delete;
    EventBytes& operator=(const EventBytes&) = delete;

    const std::string& path() const { return path_; }
    // The file's size when it was opened (or the image's).
    std::uint64_t size() const { return size_; }
    // Fills `out` from `offset`; false when the file ends first.
    bool read(std::uint64_t offset, std::span<std::byte> out) const;
    // The same for any descriptor (pread until done; EINTR retried).
    static bool readFully(int fd, std::uint64_t offset, std::span<std::byte> out);

private:
    EventBytes(std::string path, int fd, std::uint64_t size, std::span<const std::byte> image)
        : path_(std::move(path)), fd_(fd), size_(size), image_(image) {}

    std::string path_;
    int fd_ = -1; // owned; -1 for an image
    std::uint64_t size_ = 0;
    std::span<const std::byte> image_;
};

} // namespace scope
