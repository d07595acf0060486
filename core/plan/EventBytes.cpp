// SPDX-License-Identifier: GPL-3.0-or-later
#include "EventBytes.h"

#include "RegularFile.h"
#include "model/Errors.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <utility>

namespace scope {
namespace {

constexpr const char* kStep = "reading the event columns";

} // namespace

EventBytes EventBytes::open(const std::string& path, const std::optional<FileIdentity>& expected) {
    RegularFile file = RegularFile::open(path, kStep);
    if (expected && file.identity() != *expected)
        throw CorruptProfileError(path, kStep,
                                  "the file changed on disk while it was being read; "
                                  "open it again");
    const std::uint64_t size = file.size();
    return EventBytes(path, file.release(), size, {});
}

EventBytes EventBytes::adopt(std::string path, int fd, std::uint64_t size) {
    return EventBytes(std::move(path), fd, size, {});
}

EventBytes EventBytes::image(std::span<const std::byte> image, std::string name) {
    return EventBytes(std::move(name), -1, image.size(), image);
}

EventBytes EventBytes::forPlan(const std::string& path, const EventPlan& plan) {
    if (!plan.readsEvents)
        return image({}, path);
    return open(path, plan.file);
}

EventBytes::~EventBytes() {
    if (fd_ >= 0)
        ::close(fd_);
}

EventBytes::EventBytes(EventBytes&& other) noexcept
    : path_(std::move(other.path_)), fd_(std::exchange(other.fd_, -1)), size_(other.size_),
      image_(other.image_) {}

bool EventBytes::read(std::uint64_t offset, std::span<std::byte> out) const {
    if (fd_ < 0) {
        if (offset > image_.size() || out.size() > image_.size() - offset)
            return false;
        std::memcpy(out.data(), image_.data() + offset, out.size());
        return true;
    }
    return readFully(fd_, offset, out);
}

bool EventBytes::readFully(int fd, std::uint64_t offset, std::span<std::byte> out) {
    std::byte* next = out.data();
    std::size_t left = out.size();
    while (left > 0) {
        if (offset > static_cast<std::uint64_t>(INT64_MAX))
            return false;
        const ssize_t n = pread(fd, next, left, static_cast<off_t>(offset));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        next += n;
        left -= static_cast<std::size_t>(n);
        offset += static_cast<std::uint64_t>(n);
    }
    return true;
}

} // namespace scope
