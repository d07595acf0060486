// SPDX-License-Identifier: GPL-3.0-or-later
#include "RemoteReader.h"

#include "RemoteCalls.h"
#include "RemoteConnection.h"
#include "RemoteExchange.h"
#include "RemotePayload.h"
#include "RemoteTimeline.h"
#include "analysis/PartialTimeline.h"

#include <chrono>
#include <cstdlib>

#ifndef SCOPE_REMOTE_VERSION
#error "SCOPE_REMOTE_VERSION must be defined (core/CMakeLists.txt)"
#endif

namespace scope {
namespace {

std::string environment(const char* name) {
    const char* value = std::getenv(name);
    return value == nullptr ? std::string() : std::string(value);
}

std::string shellQuoted(std::string_view word) {
    std::string out = "'";
    for (const char c : word)
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

std::string helperPath() {
    const std::string configured = environment("SCOPE_REMOTE_HELPER");
    return configured.empty() ? std::string("scope-read-worker") : configured;
}

// The one command ssh runs on the host (ssh joins its words with spaces and
// hands them to the remote shell, so each is quoted here).
std::string remoteCommand(const RemoteUrl& url, const ReadRequest& request, bool withTimeline) {
    std::vector<std::string> words{helperPath(), "--serve", "--protocol", remoteProtocolVersion()};
    if (request.summaryOnly) {
        words.emplace_back("--summary");
        if (request.fallback)
            words.emplace_back("--fallback");
        if (request.includeLikwid)
            words.emplace_back("--likwid");
        if (request.includeLineProfile)
            words.emplace_back("--line-profile");
    } else if (!withTimeline) {
        words.emplace_back("--no-timeline");
    } else if (const std::string indexer = request.remoteIndexCommand.empty()
                                               ? environment("SCOPE_REMOTE_INDEX_COMMAND")
                                               : request.remoteIndexCommand;
               !indexer.empty()) {
        words.insert(words.end(), {"--index-with", indexer});
    }
    if (!request.rowDetails)
        words.emplace_back("--no-row-details");
    else if (request.rowDetailsLimit > 0)
        words.insert(words.end(), {"--row-details-limit", std::to_string(request.rowDetailsLimit)});
    if (request.memoryBudget > 0)
        words.insert(words.end(), {"--memory-budget", std::to_string(request.memoryBudget)});
    words.emplace_back("--");
    words.push_back(url.path);
    std::string command;
    for (const std::string& word : words)
        command += (command.empty() ? "" : " ") + shellQuoted(word);
    return command;
}

std::vector<std::string> sshArguments(const RemoteUrl& url, const ReadRequest& request,
                                      bool withTimeline) {
    std::vector<std::string> ssh{"-T"};
    if (url.port != 0)
        ssh.insert(ssh.end(), {"-p", std::to_string(url.port)});
    ssh.insert(ssh.end(), {"--", url.destination(), remoteCommand(url, request, withTimeline)});
    // As git runs GIT_SSH_COMMAND: through the shell, with our words after it.
    const std::string command = environment("SCOPE_SSH_COMMAND");
    if (command.empty()) {
        ssh.insert(ssh.begin(), "ssh");
        return ssh;
    }
    std::vector<std::string> argv{"/bin/sh", "-c", command + " \"$@\"", "ssh"};
    argv.insert(argv.end(), ssh.begin(), ssh.end());
    return argv;
}

} // namespace

std::string remoteProtocolVersion() {
    return SCOPE_REMOTE_VERSION;
}

RemoteRun readRemote(const RemoteUrl& url, const ReadRequest& request, bool withTimeline) {
    auto connection = std::make_unique<RemoteConnection>(
        url, sshArguments(url, request, withTimeline), helperPath());
    const std::string payload = connection->receive(request.control, request.memoryBudget);
    RemotePayload::Decoded decoded =
        RemotePayload::decode(payload, url.text(), request.memoryBudget);
    RemoteRun run;
    run.results = std::move(decoded.results);
    run.bytesReceived = connection->bytesReceived();
    if (!decoded.timeline) {
        // Done: what remains of ssh is its goodbye.
        connection->close(std::chrono::seconds(2));
        return run;
    }
    // The helper stays for the zooms below the coarse levels and for the
    // questions about the calls.
    const std::size_t regions = run.results.regions.size();
    auto exchange = std::make_shared<RemoteExchange>(std::move(connection));
    run.timeline = std::make_shared<const RemoteTimeline>(std::move(decoded.timeline),
                                                          std::move(decoded.rankTrees), exchange,
                                                          regions, request.memoryBudget);
    run.results.callsElsewhere =
        std::make_shared<const RemoteCalls>(std::move(exchange), regions, request.memoryBudget);
    return run;
}

} // namespace scope
