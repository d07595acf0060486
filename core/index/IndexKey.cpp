// SPDX-License-Identifier: GPL-3.0-or-later
#include "IndexKey.h"

#include "isolate/UniqueFd.h"
#include "model/Errors.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <vector>

namespace scope {
namespace {

// FNV-1a: the key needs to tell files apart, not to resist an attacker (a
// matching index is still checked against the file's structure on open).
std::uint64_t fnv1a(const unsigned char* data, std::size_t size) {
    std::uint64_t hash = 0xcbf29ce484222325ull;
    for (std::size_t i = 0; i < size; ++i) {
        hash ^= data[i];
        hash *= 0x100000001b3ull;
    }
    return hash;
}

std::uint64_t hashAt(int fd, std::uint64_t offset, std::uint64_t size, const std::string& path) {
    std::vector<unsigned char> bytes(size);
    std::uint64_t done = 0;
    while (done < size) {
        const ssize_t n =
            pread(fd, bytes.data() + done, size - done, static_cast<off_t>(offset + done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            throw ProfileError(path, "identifying the file for its index",
                               n < 0 ? std::strerror(errno) : "the file shrank while read");
        done += static_cast<std::uint64_t>(n);
    }
    return fnv1a(bytes.data(), bytes.size());
}

} // namespace

IndexKey IndexKey::of(const std::string& path) {
    const isolate::UniqueFd fd(open(path.c_str(), O_RDONLY | O_CLOEXEC));
    if (!fd.valid()) {
        if (errno == ENOENT)
            throw FileNotFoundError(path, "identifying the file for its index", "no such file");
        throw ProfileError(path, "identifying the file for its index", std::strerror(errno));
    }
    const std::optional<FileIdentity> identity = FileIdentity::of(fd.get());
    if (!identity)
        throw ProfileError(path, "identifying the file for its index", std::strerror(errno));
    IndexKey key;
    key.file = *identity;
    const std::uint64_t hashed = std::min(identity->size, kHashedBytes);
    key.headHash = hashAt(fd.get(), 0, hashed, path);
    key.tailHash = hashAt(fd.get(), identity->size - hashed, hashed, path);
    return key;
}

std::string IndexKey::fileName() const {
    // Identity and contents folded into 128 bits: distinct runs, distinct names.
    const std::uint64_t fields[] = {file.device, file.inode, file.size,
                                    static_cast<std::uint64_t>(file.modifiedNs)};
    const std::uint64_t identity =
        fnv1a(reinterpret_cast<const unsigned char*>(fields), sizeof fields);
    const std::uint64_t contents = headHash ^ (tailHash * 0x9e3779b97f4a7c15ull);
    char name[40];
    std::snprintf(name, sizeof name, "%016llx%016llx", static_cast<unsigned long long>(identity),
                  static_cast<unsigned long long>(contents));
    return name;
}

} // namespace scope
