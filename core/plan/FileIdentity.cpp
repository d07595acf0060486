// SPDX-License-Identifier: GPL-3.0-or-later
#include "FileIdentity.h"

#include <sys/stat.h>

namespace scope {

std::optional<FileIdentity> FileIdentity::of(int fd) {
    struct stat info {};
    if (fstat(fd, &info) != 0 || info.st_size < 0)
        return std::nullopt;
    FileIdentity identity;
    identity.device = static_cast<std::uint64_t>(info.st_dev);
    identity.inode = static_cast<std::uint64_t>(info.st_ino);
    identity.size = static_cast<std::uint64_t>(info.st_size);
    identity.modifiedNs = static_cast<std::int64_t>(info.st_mtim.tv_sec) * 1'000'000'000 +
                          static_cast<std::int64_t>(info.st_mtim.tv_nsec);
    return identity;
}

} // namespace scope
