// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Compiled into the tests' copy of the read helper only (sandbox-test-read-worker,
// tests/CMakeLists.txt), never into scope-read-worker: right after the sandbox
// closes, does what $SCOPE_SANDBOX_ESCAPE names, each of which must get the
// helper killed. When one gets through, the read goes on and the test sees a
// result instead of the sandbox's error.
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>

namespace scope::worker::test {

inline void attemptEscape() {
    const char* action = std::getenv("SCOPE_SANDBOX_ESCAPE");
    if (action == nullptr)
        return;
    if (std::strcmp(action, "open") == 0) {
        const int fd = open("/etc/hostname", O_RDONLY | O_CLOEXEC);
        if (fd >= 0)
            close(fd);
    } else if (std::strcmp(action, "connect") == 0) {
        const int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_port = htons(9);
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address);
        if (fd >= 0)
            close(fd);
    } else if (std::strcmp(action, "exec") == 0) {
        // A program that is not there: the filter looks at the call, not the
        // path, and without the sandbox the read goes on after the failure.
        char* const argv[] = {const_cast<char*>("/nonexistent/scope-escape"), nullptr};
        execv(argv[0], argv);
    } else if (std::strcmp(action, "fork") == 0) {
        const pid_t child = fork();
        if (child == 0)
            _exit(0);
        if (child > 0)
            waitpid(child, nullptr, 0);
    }
}

} // namespace scope::worker::test
