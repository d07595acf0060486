// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "plan/FileIdentity.h"

#include <cstdint>
#include <string>

namespace scope {

// Which run file an index was built from: its identity on disk and a hash
// of its first and last MiB, so that a file rewritten in place (same inode,
// a restored mtime) or copied over is still told apart.
struct IndexKey {
    FileIdentity file;
    std::uint64_t headHash = 0; // of the first MiB (or the whole file)
    std::uint64_t tailHash = 0; // of the last MiB (or the whole file)

    static constexpr std::uint64_t kHashedBytes = 1u << 20;

    // Throws FileNotFoundError or ProfileError naming `path`.
    static IndexKey of(const std::string& path);
    // The index's file name in the cache: 32 hex digits of these fields.
    std::string fileName() const;

    bool operator==(const IndexKey&) const = default;
};

} // namespace scope
