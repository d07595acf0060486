// SPDX-License-Identifier: GPL-3.0-or-later
#include "HostIndexer.h"

#include "base/LastLine.h"
#include "model/Errors.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <vector>

extern char** environ;

namespace scope::worker {
namespace {

using Clock = std::chrono::steady_clock;

// Time a stopped command has to end on SIGTERM (mpirun passes it on to its
// processes) before SIGKILL.
constexpr auto kGrace = std::chrono::seconds(3);

// The process group of the command running now; 0 when none.
std::atomic<pid_t> runningGroup{0};

// No connection to watch (POLLNVAL: not open) is not a hang-up.
bool hungUp(short events) {
    return (events & (POLLHUP | POLLRDHUP | POLLERR)) != 0;
}

// Passes what the command writes on to standard error, keeping its end,
// until the command closes its output. Stops the command when `connection`
// hangs up (`lost`).
std::string relayOutput(int from, int connection, pid_t group, bool& lost) {
    constexpr std::size_t kKept = 4096;
    std::string kept;
    char buffer[4096];
    Clock::time_point killAt{};
    for (;;) {
        // Only a hang-up is asked of the connection: a question waiting there
        // is left for the helper to read.
        pollfd fds[2] = {{from, POLLIN, 0}, {connection, POLLRDHUP, 0}};
        const nfds_t watched = lost || connection < 0 ? 1 : 2;
        if (poll(fds, watched, lost ? 100 : -1) < 0 && errno != EINTR)
            break;
        if (!lost && hungUp(fds[1].revents)) {
            lost = true;
            HostIndexer::stopRunning();
            killAt = Clock::now() + kGrace;
        }
        if (lost && Clock::now() >= killAt) {
            kill(-group, SIGKILL);
            // Something outside the group may hold the output open.
            if (Clock::now() >= killAt + std::chrono::seconds(1))
                break;
        }
        if ((fds[0].revents & (POLLIN | POLLHUP)) == 0)
            continue;
        const ssize_t got = read(from, buffer, sizeof buffer);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            break;
        [[maybe_unused]] const ssize_t written =
            write(STDERR_FILENO, buffer, static_cast<std::size_t>(got));
        kept.append(buffer, static_cast<std::size_t>(got));
        if (kept.size() > 2 * kKept)
            kept.erase(0, kept.size() - kKept);
    }
    return kept;
}

} // namespace

void HostIndexer::stopRunning() {
    if (const pid_t group = runningGroup.load(); group > 0)
        kill(-group, SIGTERM);
}

void HostIndexer::run(const std::string& command, const std::string& path, int connection) {
    const std::string step = "indexing on the host with \"" + command + "\"";
    int output[2];
    if (pipe2(output, O_CLOEXEC) != 0)
        throw ProfileError(path, step, std::strerror(errno));
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, output[1], STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, output[1], STDERR_FILENO);
    // The file is the shell's $1, never part of the command's text.
    const std::string script = command + " \"$1\"";
    std::vector<std::string> words{"/bin/sh", "-c", script, "sh", path};
    std::vector<char*> argv;
    for (std::string& word : words)
        argv.push_back(word.data());
    argv.push_back(nullptr);
    // A group of its own, so that stopping it reaches what it started (mpirun's
    // processes); SIGPIPE as a command expects it, whatever the helper does.
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    sigset_t defaults;
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGPIPE);
    posix_spawnattr_setsigdefault(&attributes, &defaults);
    posix_spawnattr_setpgroup(&attributes, 0);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF);
    pid_t child = 0;
    const int spawned = posix_spawn(&child, "/bin/sh", &actions, &attributes, argv.data(), environ);
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    close(output[1]);
    if (spawned != 0) {
        close(output[0]);
        throw ProfileError(path, step, std::strerror(spawned));
    }
    runningGroup.store(child);
    bool lost = false;
    const std::string said = lastLine(relayOutput(output[0], connection, child, lost));
    close(output[0]);
    int status = 0;
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    runningGroup.store(0);
    if (lost)
        throw ProfileError(path, step, "the viewer's connection closed; the command was stopped");
    const std::string tail = said.empty() ? std::string() : ": " + said;
    if (WIFSIGNALED(status))
        throw ProfileError(path, step,
                           "killed by signal " + std::to_string(WTERMSIG(status)) + tail);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        throw ProfileError(path, step,
                           "it failed (exit status " + std::to_string(WEXITSTATUS(status)) + ")" +
                               tail);
}

} // namespace scope::worker
