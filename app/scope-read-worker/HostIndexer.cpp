// SPDX-License-Identifier: GPL-3.0-or-later
#include "HostIndexer.h"

#include "base/LastLine.h"
#include "model/Errors.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <vector>

extern char** environ;

namespace scope::worker {
namespace {

// Passes what the command writes on to standard error, keeping its end.
std::string relayOutput(int from) {
    constexpr std::size_t kKept = 4096;
    std::string kept;
    char buffer[4096];
    for (;;) {
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

void HostIndexer::run(const std::string& command, const std::string& path) {
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
    pid_t child = 0;
    const int spawned = posix_spawn(&child, "/bin/sh", &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    close(output[1]);
    if (spawned != 0) {
        close(output[0]);
        throw ProfileError(path, step, std::strerror(spawned));
    }
    const std::string said = lastLine(relayOutput(output[0]));
    close(output[0]);
    int status = 0;
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
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
