// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>

namespace scope::worker {

// Builds a run's index on the host with the user's own command (for example
// "mpirun -n 8 scope-index"), so that the helper then opens the run from
// that index: on a cluster, the ranks are indexed by as many processes as
// the user asks for, where a single helper would read every call itself.
class HostIndexer {
public:
    // Runs `command FILE` through /bin/sh in a process group of its own, with
    // /dev/null as its input and its output on standard error (standard
    // output is the connection). Throws ProfileError naming the file and the
    // command when it cannot be started, fails or is killed; the reason ends
    // with the last line it wrote. When `connection` (the viewer's end, read
    // by this helper) hangs up, because the user cancelled the open or closed
    // the viewer, the command is stopped: SIGTERM to its group, SIGKILL a few
    // seconds later.
    static void run(const std::string& command, const std::string& path, int connection);

    // Stops the command running now, if any (SIGTERM to its group): for a
    // helper that ends because its connection is gone. Safe from any thread.
    static void stopRunning();
};

} // namespace scope::worker
