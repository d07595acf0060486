// SPDX-License-Identifier: GPL-3.0-or-later
#include "SshProcess.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <system_error>
#include <thread>

extern char** environ;

namespace scope {
namespace {

struct Pipe {
    isolate::UniqueFd read;
    isolate::UniqueFd write;
    Pipe() {
        int fds[2];
        if (pipe2(fds, O_CLOEXEC) != 0)
            throw std::system_error(errno, std::generic_category(), "pipe");
        read = isolate::UniqueFd(fds[0]);
        write = isolate::UniqueFd(fds[1]);
    }
};

} // namespace

SshProcess::SshProcess(const std::vector<std::string>& argv) {
    int input[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, input) != 0)
        throw std::system_error(errno, std::generic_category(), "socketpair");
    isolate::UniqueFd ours(input[0]);
    isolate::UniqueFd theirs(input[1]);
    Pipe output;
    Pipe error;
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attributes);
    posix_spawn_file_actions_adddup2(&actions, theirs.get(), 0);
    posix_spawn_file_actions_adddup2(&actions, output.write.get(), 1);
    posix_spawn_file_actions_adddup2(&actions, error.write.get(), 2);
    sigset_t none;
    sigemptyset(&none);
    sigset_t defaults;
    sigemptyset(&defaults);
    for (int signal : {SIGPIPE, SIGTERM, SIGINT, SIGHUP})
        sigaddset(&defaults, signal);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setsigdefault(&attributes, &defaults);
    short flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF;
    // Without a terminal nobody can be asked for a password anyway: a group
    // of its own lets a cancel end a wrapper ($SCOPE_SSH_COMMAND) and the ssh
    // it started together. With one, ssh must stay in the terminal's
    // foreground group to ask.
    ownGroup_ = isatty(0) == 0;
    if (ownGroup_) {
        posix_spawnattr_setpgroup(&attributes, 0);
        flags |= POSIX_SPAWN_SETPGROUP;
    }
    posix_spawnattr_setflags(&attributes, flags);

    std::vector<std::string> strings = argv;
    std::vector<char*> pointers;
    for (std::string& argument : strings)
        pointers.push_back(argument.data());
    pointers.push_back(nullptr);
    const int failed = posix_spawnp(&pid_, strings.front().c_str(), &actions, &attributes,
                                    pointers.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    if (failed != 0)
        throw std::system_error(failed, std::generic_category(), "cannot start " + argv.front());
    shutdown(ours.get(), SHUT_RD);
    input_ = std::move(ours);
    output_ = std::move(output.read);
    error_ = std::move(error.read);
}

SshProcess::~SshProcess() {
    if (!reaped_)
        kill();
}

bool SshProcess::sendInput(std::string_view bytes) {
    while (!bytes.empty() && input_.get() >= 0) {
        const ssize_t n = send(input_.get(), bytes.data(), bytes.size(), MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        bytes.remove_prefix(static_cast<std::size_t>(n));
    }
    return bytes.empty();
}

bool SshProcess::tryReap() {
    if (reaped_)
        return true;
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
        reaped_ = true;
        status_ = status;
    }
    return reaped_;
}

void SshProcess::finish(std::chrono::milliseconds grace) {
    const auto until = std::chrono::steady_clock::now() + grace;
    while (!tryReap() && std::chrono::steady_clock::now() < until)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    kill();
}

void SshProcess::kill() {
    if (reaped_)
        return;
    if (ownGroup_)
        ::kill(-pid_, SIGKILL);
    ::kill(pid_, SIGKILL);
    int status = 0;
    while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    reaped_ = true;
    status_ = status;
}

} // namespace scope
