// SPDX-License-Identifier: GPL-3.0-or-later
#include "RegularFile.h"

#include "model/Errors.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <optional>
#include <utility>

namespace scope {
namespace {

std::string openFailure(int error) {
    switch (error) {
    case ELOOP:
        return "its path is a loop of symbolic links";
    case EACCES:
    case EPERM:
        return "permission denied";
    case ENOTDIR:
        return "a folder in its path is a file";
    default:
        return std::string("cannot open it: ") + std::strerror(error);
    }
}

std::string notRegular(mode_t mode) {
    if (S_ISDIR(mode))
        return "is a directory, not a profile file";
    if (S_ISFIFO(mode))
        return "is a pipe (FIFO), not a profile file";
    if (S_ISSOCK(mode))
        return "is a socket, not a profile file";
    if (S_ISCHR(mode) || S_ISBLK(mode))
        return "is a device, not a profile file";
    return "is not a regular file";
}

} // namespace

RegularFile RegularFile::open(const std::string& path, std::string_view step) {
    const std::string where(step);
    // Non-blocking, so that a FIFO cannot hold the open until a writer comes;
    // no controlling terminal from a tty device.
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
    if (fd < 0) {
        const int error = errno;
        if (error == ENOENT)
            throw FileNotFoundError(path, where, "no such file");
        throw CorruptProfileError(path, where, openFailure(error));
    }
    RegularFile file(fd, {});
    struct stat status {};
    if (fstat(fd, &status) != 0)
        throw CorruptProfileError(path, where,
                                  std::string("cannot look at it: ") + std::strerror(errno));
    if (!S_ISREG(status.st_mode))
        throw CorruptProfileError(path, where, notRegular(status.st_mode));
    // Reads block as usual from here on.
    const int flags = fcntl(fd, F_GETFL);
    if (flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0)
        throw CorruptProfileError(path, where,
                                  std::string("cannot read it: ") + std::strerror(errno));
    const std::optional<FileIdentity> identity = FileIdentity::of(fd);
    if (!identity)
        throw CorruptProfileError(path, where, "cannot look at it");
    file.identity_ = *identity;
    return file;
}

RegularFile::~RegularFile() {
    if (fd_ >= 0)
        ::close(fd_);
}

RegularFile::RegularFile(RegularFile&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)), identity_(other.identity_) {}

int RegularFile::duplicate(const std::string& path, std::string_view step) const {
    const int copy = fcntl(fd_, F_DUPFD_CLOEXEC, 0);
    if (copy < 0)
        throw CorruptProfileError(path, std::string(step),
                                  std::string("cannot read it: ") + std::strerror(errno));
    return copy;
}

} // namespace scope
