// SPDX-License-Identifier: GPL-3.0-or-later
#include "FileByteStream.h"

#include "model/Errors.h"

#include <cerrno>
#include <cstring>
#include <unistd.h>

namespace scope {

FileByteStream::FileByteStream(const std::string& path, ReadControl control)
    : path_(path), file_(RegularFile::open(path, "opening the file")),
      control_(std::move(control)) {}

std::size_t FileByteStream::read(std::byte* out, std::size_t size) {
    checkpoint(control_, path_, offset_, file_.size());
    for (;;) {
        const ssize_t n = ::pread(file_.fd(), out, size, static_cast<off_t>(offset_));
        if (n >= 0) {
            offset_ += static_cast<std::uint64_t>(n);
            return static_cast<std::size_t>(n);
        }
        if (errno != EINTR)
            throw CorruptProfileError(path_, "reading the JSON profile",
                                      std::string("cannot read the file: ") + std::strerror(errno));
    }
}

} // namespace scope
