// SPDX-License-Identifier: GPL-3.0-or-later
#include "RemoteReader.h"

#include "RemotePayload.h"
#include "SshProcess.h"
#include "analysis/PartialTimeline.h"
#include "isolate/WorkerMessage.h"
#include "model/Errors.h"

#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <optional>
#include <system_error>

#ifndef SCOPE_REMOTE_VERSION
#error "SCOPE_REMOTE_VERSION must be defined (core/CMakeLists.txt)"
#endif

namespace scope {
namespace {

using Clock = std::chrono::steady_clock;
using isolate::WorkerMessage;

// Long reads send heartbeats several times a second: this much silence is a
// dead connection (or a host that stopped), not a slow read.
constexpr auto kSilence = std::chrono::seconds(120);
constexpr int kPollMs = 50;
constexpr std::size_t kStderrKept = 16 * 1024;
constexpr const char* kHowTo = "see docs/remote.md";

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
    } else if (!withTimeline)
        words.emplace_back("--no-timeline");
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

std::string lastLine(const std::string& text) {
    std::size_t end = text.find_last_not_of("\r\n \t");
    if (end == std::string::npos)
        return {};
    const std::size_t begin = text.rfind('\n', end);
    return text.substr(begin == std::string::npos ? 0 : begin + 1,
                       end + 1 - (begin == std::string::npos ? 0 : begin + 1));
}

// One conversation with the helper on the host, through ssh.
class Conversation {
public:
    Conversation(const RemoteUrl& url, const ReadRequest& request, bool withTimeline)
        : url_(url), name_(url.text()), request_(request), withTimeline_(withTimeline) {}

    RemoteRun run() {
        std::optional<SshProcess> ssh;
        try {
            ssh.emplace(sshArguments(url_, request_, withTimeline_));
        } catch (const std::system_error& error) {
            throw RemoteReadError(name_, "starting ssh", error.what());
        }
        ssh_ = &*ssh;
        pump();
        // Done: what remains of ssh is its goodbye.
        ssh->finish(std::chrono::seconds(2));
        RemotePayload::Decoded decoded =
            RemotePayload::decode(payload_, name_, request_.memoryBudget);
        RemoteRun run;
        run.results = std::move(decoded.results);
        run.timeline = std::move(decoded.timeline);
        run.bytesReceived = received_;
        return run;
    }

private:
    void pump() {
        auto lastSign = Clock::now();
        while (ssh_->outputFd() >= 0 || ssh_->errorFd() >= 0) {
            if (request_.control.cancel != nullptr && request_.control.cancel->load()) {
                ssh_->kill();
                throw ReadCancelled(name_, step_, "cancelled");
            }
            if (Clock::now() - lastSign > kSilence) {
                ssh_->kill();
                throw RemoteReadError(name_, step_,
                                      "connection to " + url_.host + " dropped while reading " +
                                          url_.path + " (nothing heard for " +
                                          std::to_string(kSilence.count()) + " s)");
            }
            pollfd fds[2] = {{ssh_->outputFd(), POLLIN, 0}, {ssh_->errorFd(), POLLIN, 0}};
            if (poll(fds, 2, kPollMs) <= 0)
                continue;
            if (fds[1].revents != 0)
                readError();
            if (fds[0].revents == 0)
                continue;
            char chunk[64 * 1024];
            const ssize_t n = read(ssh_->outputFd(), chunk, sizeof chunk);
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0) {
                ssh_->closeOutput();
                continue;
            }
            received_ += static_cast<std::uint64_t>(n);
            buffer_.append(chunk, static_cast<std::size_t>(n));
            lastSign = Clock::now();
            if (consume())
                return;
        }
        ended();
    }

    void readError() {
        char chunk[4096];
        const ssize_t n = read(ssh_->errorFd(), chunk, sizeof chunk);
        if (n < 0 && errno == EINTR)
            return;
        if (n <= 0) {
            ssh_->closeError();
            return;
        }
        stderr_.append(chunk, static_cast<std::size_t>(n));
        if (stderr_.size() > kStderrKept)
            stderr_.erase(0, stderr_.size() - kStderrKept);
    }

    // True once the helper said Done.
    bool consume() {
        while (true) {
            std::optional<WorkerMessage> message;
            try {
                message = WorkerMessage::parse(buffer_);
            } catch (const std::runtime_error&) {
                ssh_->kill();
                if (!hello_)
                    throw RemoteReadError(name_, "starting the read helper",
                                          "the read helper on " + url_.host + " (" + helperPath() +
                                              ") did not answer as scope-read-worker " +
                                              remoteProtocolVersion() +
                                              " does (its output began with \"" +
                                              printable(buffer_) + "\"); " + kHowTo);
                throw RemoteReadError(name_, step_, "the host sent malformed output");
            }
            if (!message)
                return false;
            if (!hello_ && message->kind != WorkerMessage::Kind::Hello) {
                ssh_->kill();
                throw RemoteReadError(name_, "starting the read helper",
                                      "the read helper on " + url_.host + " (" + helperPath() +
                                          ") did not say hello first; " + kHowTo);
            }
            switch (message->kind) {
            case WorkerMessage::Kind::Hello:
                hello(message->text);
                break;
            case WorkerMessage::Kind::Progress:
                step_ = message->text;
                if (request_.control.progress)
                    request_.control.progress(message->fraction * 0.95, message->text);
                break;
            case WorkerMessage::Kind::Data:
                payload_ += message->text;
                if (request_.memoryBudget > 0 && payload_.size() > request_.memoryBudget) {
                    ssh_->kill();
                    throw RemoteReadError(name_, step_,
                                          "what the host sends exceeds the memory budget here");
                }
                break;
            case WorkerMessage::Kind::Done:
                if (message->resultBytes != payload_.size())
                    throw RemoteReadError(name_, step_, "the host's results arrived incomplete");
                return true;
            case WorkerMessage::Kind::Error:
                ssh_->kill();
                rethrow(*message);
            case WorkerMessage::Kind::Heartbeat:
            case WorkerMessage::Kind::Result:
                break;
            }
        }
    }

    void hello(const std::string& version) {
        if (version != remoteProtocolVersion()) {
            ssh_->kill();
            throw RemoteReadError(name_, "starting the read helper",
                                  "the read helper on " + url_.host + " (" + helperPath() +
                                      ") is version " + version + ", this is version " +
                                      remoteProtocolVersion() +
                                      ": install the same version there; " + kHowTo);
        }
        hello_ = true;
        step_ = "reading the run on " + url_.host;
    }

    [[noreturn]] void rethrow(const WorkerMessage& error) const {
        using Type = WorkerMessage::ErrorType;
        // The host's path is the URL's: errors name the URL.
        const std::string& text = error.text;
        switch (error.errorType) {
        case Type::FileNotFound:
            throw FileNotFoundError(name_, error.step, text);
        case Type::Corrupt:
            throw CorruptProfileError(name_, error.step, text);
        case Type::InvalidSchema:
            throw InvalidSchemaError(name_, error.step, text);
        case Type::MissingFilter:
            throw MissingFilterError(name_, error.step, text);
        case Type::SummaryUnavailable:
            throw SummaryDataUnavailable(name_, error.step, text);
        case Type::Profile:
            throw ProfileError(name_, error.step, text);
        case Type::Other:
            break;
        }
        throw ProfileError(name_, "reading the run on " + url_.host, text);
    }

    // The output ended before Done: why.
    [[noreturn]] void ended() {
        ssh_->finish(std::chrono::seconds(5));
        const int status = ssh_->status();
        const int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        const std::string said = lastLine(stderr_);
        if (hello_)
            throw RemoteReadError(name_, step_,
                                  "connection to " + url_.host + " dropped while reading " +
                                      url_.path + (said.empty() ? "" : " (" + said + ")"));
        const bool notFound = code == 127 || said.find("not found") != std::string::npos ||
                              said.find("No such file") != std::string::npos;
        if (code == 255)
            throw RemoteReadError(name_, "connecting",
                                  said.empty() ? "ssh could not connect to " + url_.host : said);
        if (notFound)
            throw RemoteReadError(name_, "starting the read helper",
                                  "the read helper " + helperPath() + " was not found on " +
                                      url_.host +
                                      ": install scope-read-worker there and put it on PATH, or "
                                      "set SCOPE_REMOTE_HELPER to its path; " +
                                      kHowTo);
        throw RemoteReadError(
            name_, "starting the read helper",
            "the read helper on " + url_.host + " (" + helperPath() +
                ") ended without answering (" +
                (code >= 0 ? "exit status " + std::to_string(code) : std::string("killed")) +
                (said.empty() ? "" : ": " + said) + "); it must be scope-read-worker " +
                remoteProtocolVersion() + "; " + kHowTo);
    }

    static std::string printable(const std::string& bytes) {
        std::string out;
        for (const char c : bytes.substr(0, 40))
            out += (c >= 0x20 && c < 0x7f) ? c : '?';
        return out;
    }

    const RemoteUrl& url_;
    const std::string name_;
    const ReadRequest& request_;
    const bool withTimeline_;
    SshProcess* ssh_ = nullptr;
    std::string step_ = "connecting";
    std::string buffer_;
    std::string payload_;
    std::string stderr_;
    std::uint64_t received_ = 0;
    bool hello_ = false;
};

} // namespace

std::string remoteProtocolVersion() {
    return SCOPE_REMOTE_VERSION;
}

RemoteRun readRemote(const RemoteUrl& url, const ReadRequest& request, bool withTimeline) {
    return Conversation(url, request, withTimeline).run();
}

} // namespace scope
