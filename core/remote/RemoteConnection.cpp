// SPDX-License-Identifier: GPL-3.0-or-later
#include "RemoteConnection.h"

#include "RemoteReader.h"
#include "base/LastLine.h"
#include "model/Errors.h"

#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <system_error>

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

std::string printable(const std::string& bytes) {
    std::string out;
    for (const char c : bytes.substr(0, 40))
        out += (c >= 0x20 && c < 0x7f) ? c : '?';
    return out;
}

} // namespace

RemoteConnection::RemoteConnection(const RemoteUrl& url, const std::vector<std::string>& argv,
                                   std::string helper)
    : url_(url), name_(url.text()), helper_(std::move(helper)) {
    try {
        ssh_.emplace(argv);
    } catch (const std::system_error& error) {
        throw RemoteReadError(name_, "starting ssh", error.what());
    }
}

std::string RemoteConnection::receive(const ReadControl& control, std::uint64_t maxBytes) {
    payload_.clear();
    done_ = false;
    // A message may have arrived with the last answer's Done.
    if (!consume(control, maxBytes))
        pump(control, maxBytes);
    return std::move(payload_);
}

void RemoteConnection::send(const WorkerMessage& message) {
    // What an error from here to the answer says was being done (the step of
    // the read's last progress otherwise).
    step_ = message.kind == WorkerMessage::Kind::Window ? "zooming in on the host"
                                                        : "asking the host about the calls";
    if (!ssh_->sendInput(message.frame()))
        dropped("");
}

void RemoteConnection::close(std::chrono::milliseconds grace) {
    ssh_->closeInput();
    ssh_->finish(grace);
}

void RemoteConnection::pump(const ReadControl& control, std::uint64_t maxBytes) {
    auto lastSign = Clock::now();
    while (ssh_->outputFd() >= 0 || ssh_->errorFd() >= 0) {
        if (control.cancel != nullptr && control.cancel->load()) {
            ssh_->kill();
            throw ReadCancelled(name_, step_, "cancelled");
        }
        if (Clock::now() - lastSign > kSilence) {
            ssh_->kill();
            dropped("nothing heard for " + std::to_string(kSilence.count()) + " s");
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
        if (consume(control, maxBytes))
            return;
    }
    ended();
}

void RemoteConnection::readError() {
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
bool RemoteConnection::consume(const ReadControl& control, std::uint64_t maxBytes) {
    while (true) {
        std::optional<WorkerMessage> message;
        try {
            message = WorkerMessage::parse(buffer_);
        } catch (const std::runtime_error&) {
            ssh_->kill();
            if (!hello_)
                throw RemoteReadError(
                    name_, "starting the read helper",
                    "the read helper on " + url_.host + " (" + helper_ +
                        ") did not answer as scope-read-worker " + remoteProtocolVersion() +
                        " does (its output began with \"" + printable(buffer_) + "\"); " + kHowTo);
            throw RemoteReadError(name_, step_, "the host sent malformed output");
        }
        if (!message)
            return false;
        if (!hello_ && message->kind != WorkerMessage::Kind::Hello) {
            ssh_->kill();
            throw RemoteReadError(name_, "starting the read helper",
                                  "the read helper on " + url_.host + " (" + helper_ +
                                      ") did not say hello first; " + kHowTo);
        }
        switch (message->kind) {
        case WorkerMessage::Kind::Hello:
            hello(message->text);
            break;
        case WorkerMessage::Kind::Progress:
            step_ = message->text;
            if (control.progress)
                control.progress(message->fraction * 0.95, message->text);
            break;
        case WorkerMessage::Kind::Data:
            payload_ += message->text;
            if (maxBytes > 0 && payload_.size() > maxBytes) {
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
            rethrow(*message);
        case WorkerMessage::Kind::Heartbeat:
        case WorkerMessage::Kind::Result:
        case WorkerMessage::Kind::Window:
        case WorkerMessage::Kind::Question:
            break;
        }
    }
}

void RemoteConnection::hello(const std::string& version) {
    if (version != remoteProtocolVersion()) {
        ssh_->kill();
        throw RemoteReadError(name_, "starting the read helper",
                              "the read helper on " + url_.host + " (" + helper_ + ") is version " +
                                  version + ", this is version " + remoteProtocolVersion() +
                                  ": install the same version there; " + kHowTo);
    }
    hello_ = true;
    step_ = "reading the run on " + url_.host;
}

void RemoteConnection::rethrow(const WorkerMessage& error) const {
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

void RemoteConnection::dropped(const std::string& why) {
    throw RemoteReadError(name_, step_,
                          "connection to " + url_.host + " dropped while reading " + url_.path +
                              (why.empty() ? "" : " (" + why + ")"));
}

// The output ended before Done: why.
void RemoteConnection::ended() {
    ssh_->finish(std::chrono::seconds(5));
    const int status = ssh_->status();
    const int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    const std::string said = lastLine(stderr_);
    if (hello_)
        dropped(said);
    const bool notFound = code == 127 || said.find("not found") != std::string::npos ||
                          said.find("No such file") != std::string::npos;
    if (code == 255)
        throw RemoteReadError(name_, "connecting",
                              said.empty() ? "ssh could not connect to " + url_.host : said);
    if (notFound)
        throw RemoteReadError(name_, "starting the read helper",
                              "the read helper " + helper_ + " was not found on " + url_.host +
                                  ": install scope-read-worker there and put it on PATH, or "
                                  "set SCOPE_REMOTE_HELPER to its path; " +
                                  kHowTo);
    throw RemoteReadError(
        name_, "starting the read helper",
        "the read helper on " + url_.host + " (" + helper_ + ") ended without answering (" +
            (code >= 0 ? "exit status " + std::to_string(code) : std::string("killed")) +
            (said.empty() ? "" : ": " + said) + "); it must be scope-read-worker " +
            remoteProtocolVersion() + "; " + kHowTo);
}

} // namespace scope
