// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "isolate/UniqueFd.h"

#include <sys/types.h>

#include <chrono>
#include <string>
#include <string_view>
#include <vector>

namespace scope {

// The user's ssh client (or whatever $SCOPE_SSH_COMMAND names) as a child
// process: its standard output and error are pipes read here, its standard
// input a socket written here (the zoom requests of a run kept open), so it
// never reads ours (a passphrase or password it asks for goes through the
// terminal, as ssh does). Destroying a process still running kills and reaps
// it, so no error path leaves one behind.
class SshProcess {
public:
    // argv[0] is looked up on PATH. Throws std::system_error when it cannot
    // be started.
    explicit SshProcess(const std::vector<std::string>& argv);
    ~SshProcess();
    SshProcess(const SshProcess&) = delete;
    SshProcess& operator=(const SshProcess&) = delete;

    int outputFd() const { return output_.get(); }
    int errorFd() const { return error_.get(); }
    void closeOutput() { output_.reset(); }
    // False when ssh no longer reads (it ended): no SIGPIPE.
    bool sendInput(std::string_view bytes);
    // ssh passes the end of its input on, which tells the helper to end.
    void closeInput() { input_.reset(); }
    void closeError() { error_.reset(); }

    // True once the process has ended; status() is then its wait status.
    bool tryReap();
    // Waits up to `grace` for the process to end, then kills it.
    void finish(std::chrono::milliseconds grace);
    void kill();
    int status() const { return status_; }

private:
    pid_t pid_ = -1;
    bool ownGroup_ = false;
    bool reaped_ = false;
    int status_ = 0;
    isolate::UniqueFd input_;
    isolate::UniqueFd output_;
    isolate::UniqueFd error_;
};

} // namespace scope
