// SPDX-License-Identifier: GPL-3.0-or-later
#include "WorkerProcess.h"

#include "WorkerMessage.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>

#include <cerrno>
#include <string_view>
#include <system_error>

extern char** environ;

namespace scope::isolate {
namespace {

// Above the descriptors the child is given, so that no dup2 of one clobbers
// the source of the other.
constexpr int kFirstFreeFd = 10;

UniqueFd duplicateHigh(int fd) {
    return UniqueFd(fcntl(fd, F_DUPFD_CLOEXEC, kFirstFreeFd));
}

// RAII for the spawn attribute objects.
struct SpawnSetup {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    SpawnSetup() {
        posix_spawn_file_actions_init(&actions);
        posix_spawnattr_init(&attributes);
    }
    ~SpawnSetup() {
        posix_spawn_file_actions_destroy(&actions);
        posix_spawnattr_destroy(&attributes);
    }
    SpawnSetup(const SpawnSetup&) = delete;
    SpawnSetup& operator=(const SpawnSetup&) = delete;
};

std::vector<char*> pointersTo(std::vector<std::string>& strings) {
    std::vector<char*> pointers;
    for (std::string& string : strings)
        pointers.push_back(string.data());
    pointers.push_back(nullptr);
    return pointers;
}

} // namespace

std::vector<std::string> WorkerProcess::environmentFrom(char** parent) {
    constexpr std::string_view kTunables = "GLIBC_TUNABLES=";
    constexpr std::string_view kHugePages = "glibc.malloc.hugetlb=1";
    std::vector<std::string> entries;
    bool tuned = false;
    for (char** entry = parent; *entry != nullptr; ++entry) {
        entries.emplace_back(*entry);
        std::string& last = entries.back();
        if (!last.starts_with(kTunables))
            continue;
        tuned = true;
        if (last.find("glibc.malloc.hugetlb") == std::string::npos)
            last.append(last.size() > kTunables.size() ? ":" : "").append(kHugePages);
    }
    if (!tuned)
        entries.push_back(std::string(kTunables).append(kHugePages));
    return entries;
}

WorkerProcess::WorkerProcess(const std::string& program, const std::vector<std::string>& arguments,
                             int resultFd) {
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0)
        throw std::system_error(errno, std::generic_category(), "pipe");
    UniqueFd readEnd(fds[0]);
    UniqueFd writeEnd(fds[1]);
    // Every descriptor is close-on-exec, so a helper started at the same time
    // by another thread inherits none of ours; dup2 clears the flag on the copies.
    UniqueFd result = duplicateHigh(resultFd);
    UniqueFd pipeOut = duplicateHigh(writeEnd.get());
    if (!result.valid() || !pipeOut.valid())
        throw std::system_error(errno, std::generic_category(), "fcntl");

    SpawnSetup setup;
    posix_spawn_file_actions_adddup2(&setup.actions, result.get(), WorkerMessage::kResultFd);
    posix_spawn_file_actions_adddup2(&setup.actions, pipeOut.get(), WorkerMessage::kMessageFd);
    posix_spawn_file_actions_addopen(&setup.actions, 0, "/dev/null", O_RDONLY, 0);
    // The viewer's threads may block signals; the helper starts with none
    // blocked and default dispositions, so a crash is a crash.
    sigset_t none;
    sigemptyset(&none);
    sigset_t defaults;
    sigemptyset(&defaults);
    for (int signal : {SIGPIPE, SIGSEGV, SIGBUS, SIGABRT, SIGTERM, SIGINT})
        sigaddset(&defaults, signal);
    posix_spawnattr_setsigmask(&setup.attributes, &none);
    posix_spawnattr_setsigdefault(&setup.attributes, &defaults);
    posix_spawnattr_setflags(&setup.attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);

    std::vector<std::string> argvStrings;
    argvStrings.push_back(program);
    argvStrings.insert(argvStrings.end(), arguments.begin(), arguments.end());
    std::vector<std::string> environmentStrings = environmentFrom(environ);
    const int error =
        posix_spawn(&pid_, program.c_str(), &setup.actions, &setup.attributes,
                    pointersTo(argvStrings).data(), pointersTo(environmentStrings).data());
    if (error != 0)
        throw std::system_error(error, std::generic_category(), "cannot start " + program);
    messages_ = std::move(readEnd);
}

WorkerProcess::~WorkerProcess() {
    if (!reaped_)
        kill();
}

bool WorkerProcess::tryReap() {
    if (reaped_)
        return true;
    int status = 0;
    const pid_t done = waitpid(pid_, &status, WNOHANG);
    if (done == pid_) {
        reaped_ = true;
        status_ = status;
    }
    return reaped_;
}

void WorkerProcess::kill() {
    if (reaped_)
        return;
    ::kill(pid_, SIGKILL);
    int status = 0;
    while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    reaped_ = true;
    status_ = status;
}

} // namespace scope::isolate
