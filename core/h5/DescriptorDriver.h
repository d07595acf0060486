// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "H5Handle.h"

namespace scope::h5 {

// A read-only HDF5 file driver over a descriptor we opened ourselves, so that
// libhdf5 never opens a file by name: the read helper opens the profile,
// confines itself, and only then lets libhdf5 parse the bytes (a driver that
// opened by path would need the file system the sandbox has just closed).
// Reads are pread on a duplicate of the descriptor that the driver owns; it
// checks every address against the file's end as HDF5's POSIX driver does.
class DescriptorDriver {
public:
    // A file access property list for H5Fopen that reads the regular file
    // open as `fd`. The descriptor need only stay open until H5Fopen returns.
    // Throws std::runtime_error when libhdf5 refuses the driver.
    static PropertyList accessFor(int fd);
};

} // namespace scope::h5
