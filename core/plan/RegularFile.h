// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "FileIdentity.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

namespace scope {

// A profile opened for reading. Only a regular file is taken: a FIFO would
// block until a writer came (so the open itself does not wait), /dev/zero
// behind a link would never end, a directory has no bytes. Everything later learnt of
// the file (size, identity) comes from this descriptor, not from its path,
// so a file swapped in between cannot be read as the one that was checked.
class RegularFile {
public:
    // Throws FileNotFoundError when nothing is at `path`, CorruptProfileError
    // naming `path` and `step` for anything else that is not a readable
    // regular file.
    static RegularFile open(const std::string& path, std::string_view step);

    ~RegularFile();
    RegularFile(RegularFile&& other) noexcept;
    RegularFile& operator=(RegularFile&&) = delete;
    RegularFile(const RegularFile&) = delete;
    RegularFile& operator=(const RegularFile&) = delete;

    int fd() const { return fd_; }
    const FileIdentity& identity() const { return identity_; }
    std::uint64_t size() const { return identity_.size; }
    // A descriptor of its own on the same open file, for a reader that
    // outlives this object (close-on-exec); throws CorruptProfileError.
    int duplicate(const std::string& path, std::string_view step) const;
    // Hands the descriptor over to the caller, who closes it.
    int release() { return std::exchange(fd_, -1); }

private:
    RegularFile(int fd, FileIdentity identity) : fd_(fd), identity_(identity) {}

    int fd_ = -1;
    FileIdentity identity_;
};

} // namespace scope
