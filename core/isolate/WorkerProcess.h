// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "UniqueFd.h"

#include <sys/types.h>

#include <string>
#include <vector>

namespace scope::isolate {

// A running read helper: started with the results memfd as descriptor 3 and
// the write end of a message pipe as descriptor 4. Destroying a helper that is
// still running kills and reaps it, so no error path leaves a process behind.
class WorkerProcess {
public:
    // Throws std::system_error when the program cannot be started.
    WorkerProcess(const std::string& program, const std::vector<std::string>& arguments,
                  int resultFd);
    ~WorkerProcess();
    WorkerProcess(const WorkerProcess&) = delete;
    WorkerProcess& operator=(const WorkerProcess&) = delete;

    pid_t pid() const { return pid_; }
    int messageFd() const { return messages_.get(); }
    // True once the process has ended; status() is then its wait status.
    bool tryReap();
    void kill();
    int status() const { return status_; }

    // The helper's environment: the parent's, with glibc asked to back its
    // heap with 2 MiB pages where the kernel offers them. A large read's
    // helper fills tens of megabytes of fresh memory (libhdf5's and the
    // plan's), a fault each 4 KiB otherwise. A choice of the user's own stays.
    static std::vector<std::string> environmentFrom(char** parent);

private:
    pid_t pid_ = -1;
    bool reaped_ = false;
    int status_ = 0;
    UniqueFd messages_;
};

} // namespace scope::isolate
