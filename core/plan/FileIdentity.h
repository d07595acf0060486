// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <optional>

namespace scope {

// Which file on disk a read's byte offsets belong to. The structure of a file
// and its event bytes are read in two steps (in two processes when the read
// helper is used); the identity taken in the first is checked in the second,
// so that a file rewritten in between is noticed instead of misread.
struct FileIdentity {
    std::uint64_t device = 0;
    std::uint64_t inode = 0;
    std::uint64_t size = 0;
    std::int64_t modifiedNs = 0;

    // The identity of an open descriptor; nullopt when fstat fails.
    static std::optional<FileIdentity> of(int fd);

    bool operator==(const FileIdentity&) const = default;
};

} // namespace scope
