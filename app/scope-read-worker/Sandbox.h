// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace scope::worker {

// Confines the helper once the file is open and before one byte of it is
// read, so that a file that takes over the HDF5 parser gains a process that
// can only read the descriptors it already has, write its results and exit:
// no new files, no sockets, no programs, no processes. Anything else kills the whole process
// with SIGSYS, which the viewer reports as the sandbox stopping the helper.
//
// PR_SET_NO_NEW_PRIVS, then a seccomp filter for every thread (libseccomp),
// then Landlock (no file system access at all) where the kernel has it.
class Sandbox {
public:
    // Loads HDF5's filters while libraries may still be opened; call before
    // the read starts.
    static void prepare();
    // Confines this process; later calls do nothing. Throws
    // std::runtime_error when the seccomp filter cannot be loaded, as a read
    // without it is not the read the viewer asked for.
    static void confine();
    // False when $SCOPE_READ_WORKER_SANDBOX is "off" (for debugging the
    // helper, e.g. under strace or gdb).
    static bool enabled();
};

} // namespace scope::worker
