// SPDX-License-Identifier: GPL-3.0-or-later
#include "DescriptorDriver.h"

#include <fcntl.h>
#include <hdf5.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <limits>
#include <mutex>
#include <new>
#include <stdexcept>

namespace scope::h5 {
namespace {

// What H5Pset_driver copies into the property list.
struct DriverInfo {
    int fd = -1;
};

// HDF5 hands this back to every callback as its H5FD_t, which must come first.
struct DescriptorFile {
    H5FD_t base{};
    int fd = -1;
    haddr_t endOfAddress = 0;
    haddr_t endOfFile = 0;
    dev_t device = 0;
    ino_t inode = 0;
};

DescriptorFile* descriptorFile(H5FD_t* file) {
    return reinterpret_cast<DescriptorFile*>(file);
}
const DescriptorFile* descriptorFile(const H5FD_t* file) {
    return reinterpret_cast<const DescriptorFile*>(file);
}

constexpr haddr_t kMaxAddress = static_cast<haddr_t>(std::numeric_limits<off_t>::max());

H5FD_t* openFile(const char*, unsigned flags, hid_t access, haddr_t maxAddress) {
    if ((flags & (H5F_ACC_RDWR | H5F_ACC_TRUNC | H5F_ACC_CREAT)) != 0)
        return nullptr;
    if (maxAddress == 0 || (maxAddress != HADDR_UNDEF && maxAddress > kMaxAddress))
        return nullptr;
    const auto* info = static_cast<const DriverInfo*>(H5Pget_driver_info(access));
    if (info == nullptr || info->fd < 0)
        return nullptr;
    const int fd = fcntl(info->fd, F_DUPFD_CLOEXEC, 0);
    if (fd < 0)
        return nullptr;
    struct stat status {};
    if (fstat(fd, &status) != 0 || !S_ISREG(status.st_mode) || status.st_size < 0) {
        close(fd);
        return nullptr;
    }
    // libhdf5 is C: nothing may be thrown through it.
    auto* file = new (std::nothrow) DescriptorFile;
    if (file == nullptr) {
        close(fd);
        return nullptr;
    }
    file->fd = fd;
    file->endOfFile = static_cast<haddr_t>(status.st_size);
    file->device = status.st_dev;
    file->inode = status.st_ino;
    return &file->base;
}

herr_t closeFile(H5FD_t* handle) {
    DescriptorFile* file = descriptorFile(handle);
    const int result = close(file->fd);
    delete file;
    return result == 0 ? 0 : -1;
}

// Two opens of the same file are one file to libhdf5.
int compareFiles(const H5FD_t* left, const H5FD_t* right) {
    const DescriptorFile* a = descriptorFile(left);
    const DescriptorFile* b = descriptorFile(right);
    if (a->device != b->device)
        return a->device < b->device ? -1 : 1;
    if (a->inode != b->inode)
        return a->inode < b->inode ? -1 : 1;
    return 0;
}

herr_t queryFeatures(const H5FD_t*, unsigned long* features) {
    // The POSIX driver's buffering, which makes metadata reads few and large.
    *features = H5FD_FEAT_AGGREGATE_METADATA | H5FD_FEAT_ACCUMULATE_METADATA |
                H5FD_FEAT_DATA_SIEVE | H5FD_FEAT_AGGREGATE_SMALLDATA;
    return 0;
}

haddr_t endOfAddress(const H5FD_t* file, H5FD_mem_t) {
    return descriptorFile(file)->endOfAddress;
}

herr_t setEndOfAddress(H5FD_t* file, H5FD_mem_t, haddr_t address) {
    descriptorFile(file)->endOfAddress = address;
    return 0;
}

haddr_t endOfFile(const H5FD_t* file, H5FD_mem_t) {
    return descriptorFile(file)->endOfFile;
}

herr_t readBytes(H5FD_t* handle, H5FD_mem_t, hid_t, haddr_t address, size_t size, void* buffer) {
    const DescriptorFile* file = descriptorFile(handle);
    // A damaged file's addresses point anywhere: only what libhdf5 has
    // allocated (the end of address) may be read, as the POSIX driver checks.
    if (address == HADDR_UNDEF || address > kMaxAddress || size > kMaxAddress - address ||
        address + size > file->endOfAddress)
        return -1;
    auto* next = static_cast<unsigned char*>(buffer);
    while (size > 0) {
        const ssize_t n = pread(file->fd, next, size, static_cast<off_t>(address));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return -1;
        if (n == 0) {
            // Past the end of the file reads as zeros, as with the POSIX driver.
            std::memset(next, 0, size);
            break;
        }
        next += n;
        size -= static_cast<size_t>(n);
        address += static_cast<haddr_t>(n);
    }
    return 0;
}

herr_t refuseWrite(H5FD_t*, H5FD_mem_t, hid_t, haddr_t, size_t, const void*) {
    return -1;
}

H5FD_class_t driverClass() {
    H5FD_class_t c{};
    c.name = "scope_descriptor";
    c.maxaddr = kMaxAddress;
    c.fc_degree = H5F_CLOSE_WEAK;
    c.fapl_size = sizeof(DriverInfo);
    c.open = openFile;
    c.close = closeFile;
    c.cmp = compareFiles;
    c.query = queryFeatures;
    c.get_eoa = endOfAddress;
    c.set_eoa = setEndOfAddress;
    c.get_eof = endOfFile;
    c.read = readBytes;
    c.write = refuseWrite;
    const H5FD_mem_t map[H5FD_MEM_NTYPES] = H5FD_FLMAP_DICHOTOMY;
    std::memcpy(c.fl_map, map, sizeof map);
    return c;
}

hid_t driverId() {
    static const H5FD_class_t kClass = driverClass();
    static hid_t id = -1;
    static std::once_flag registered;
    std::call_once(registered, [] { id = H5FDregister(&kClass); });
    return id;
}

} // namespace

PropertyList DescriptorDriver::accessFor(int fd) {
    const hid_t driver = driverId();
    PropertyList access(H5Pcreate(H5P_FILE_ACCESS));
    const DriverInfo info{fd};
    if (driver < 0 || !access || H5Pset_driver(access.get(), driver, &info) < 0)
        throw std::runtime_error("libhdf5 refused the descriptor file driver");
    return access;
}

} // namespace scope::h5
