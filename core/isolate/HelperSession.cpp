// SPDX-License-Identifier: GPL-3.0-or-later
#include "HelperSession.h"

#include "format/ProfileReader.h"
#include "model/Errors.h"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <thread>
#include <utility>

namespace scope::isolate {
namespace {

using Clock = std::chrono::steady_clock;

constexpr auto kPollInterval = std::chrono::milliseconds(50);
constexpr const char* kFailed = "the HDF5 library failed while reading the file";
// Summaries of a 1,024-rank run are megabytes: not 4 KiB at a time.
constexpr std::size_t kReadBytes = 64 * 1024;

[[noreturn]] void rethrow(const WorkerMessage& error) {
    using Type = WorkerMessage::ErrorType;
    switch (error.errorType) {
    case Type::FileNotFound:
        throw FileNotFoundError(error.path, error.step, error.text);
    case Type::Corrupt:
        throw CorruptProfileError(error.path, error.step, error.text);
    case Type::InvalidSchema:
        throw InvalidSchemaError(error.path, error.step, error.text);
    case Type::MissingFilter:
        throw MissingFilterError(error.path, error.step, error.text);
    case Type::SummaryUnavailable:
        throw SummaryDataUnavailable(error.path, error.step, error.text);
    case Type::Profile:
        throw ProfileError(error.path, error.step, error.text);
    case Type::Other:
        break;
    }
    throw std::runtime_error(error.text);
}

std::string signalName(int signal) {
    if (const char* abbreviation = sigabbrev_np(signal))
        return std::string("SIG") + abbreviation;
    return "signal " + std::to_string(signal);
}

std::string seconds(std::chrono::milliseconds duration) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", static_cast<double>(duration.count()) / 1000.0);
    return text;
}

} // namespace

void HelperSession::run(const ReadRequest& request, bool untilSummaries) {
    // The helper's share of the read's progress: the first step's.
    const ProgressCallback progress = scaledControl(request.control, 0.0, kPlanShare).progress;
    auto lastSign = Clock::now();
    std::string chunk(kReadBytes, '\0');
    while (!finished(untilSummaries)) {
        if (request.control.cancel != nullptr && request.control.cancel->load()) {
            process_.kill();
            throw ReadCancelled(path_, step_, "cancelled");
        }
        if (Clock::now() - lastSign > request.timeout) {
            process_.kill();
            throw CorruptProfileError(
                path_, step_,
                "the HDF5 library did not finish reading the file (timed out after " +
                    seconds(request.timeout) + " s without progress)");
        }
        if (!open_) {
            if (process_.tryReap())
                return;
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
            continue;
        }
        pollfd fd{process_.messageFd(), POLLIN, 0};
        const int ready = poll(&fd, 1, static_cast<int>(kPollInterval.count()));
        if (ready <= 0)
            continue;
        const ssize_t n = read(process_.messageFd(), chunk.data(), chunk.size());
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            open_ = false;
            continue;
        }
        buffer_.append(chunk.data(), static_cast<std::size_t>(n));
        lastSign = Clock::now();
        if (!consume(progress)) {
            process_.kill();
            return;
        }
    }
}

bool HelperSession::finished(bool untilSummaries) const {
    return malformed_ || (result_ && buffer_.empty()) || (untilSummaries && summariesDone_);
}

std::uint64_t HelperSession::resultBytes() const {
    if (malformed_ || !buffer_.empty())
        fail("the helper process sent malformed output");
    if (result_ && !error_)
        return *result_;
    const int status = process_.status();
    // SIGSYS is the helper's seccomp filter (app/scope-read-worker/Sandbox.h):
    // the file made libhdf5 do what a read never needs.
    if (WIFSIGNALED(status) && WTERMSIG(status) == SIGSYS)
        fail("the read helper was stopped by its sandbox (SIGSYS): the file made it attempt "
             "an operation a read never needs");
    if (WIFSIGNALED(status))
        fail("helper process killed by signal " + signalName(WTERMSIG(status)));
    if (error_)
        rethrow(*error_);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        fail("helper process exited with status " + std::to_string(WEXITSTATUS(status)));
    if (!result_)
        fail("the helper process ended without handing back results");
    return *result_;
}

std::optional<std::string> HelperSession::takeSummaries() {
    if (!summariesDone_)
        return std::nullopt;
    return std::exchange(summaryBytes_, {});
}

bool HelperSession::consume(const ProgressCallback& progress) {
    try {
        while (std::optional<WorkerMessage> message = WorkerMessage::parse(buffer_)) {
            switch (message->kind) {
            case WorkerMessage::Kind::Progress:
                step_ = message->text;
                if (progress)
                    progress(message->fraction, message->text);
                break;
            case WorkerMessage::Kind::Data:
                if (summariesDone_)
                    malformed_ = true;
                summaryBytes_ += message->text;
                break;
            case WorkerMessage::Kind::Done:
                if (summariesDone_ || message->resultBytes != summaryBytes_.size())
                    malformed_ = true;
                summariesDone_ = true;
                break;
            case WorkerMessage::Kind::Result:
                result_ = message->resultBytes;
                break;
            case WorkerMessage::Kind::Error:
                error_ = std::move(*message);
                break;
            default:
                break;
            }
        }
    } catch (const std::runtime_error&) {
        malformed_ = true;
    }
    return !malformed_;
}

void HelperSession::fail(const std::string& why) const {
    throw CorruptProfileError(path_, step_, std::string(kFailed) + " (" + why + ")");
}

} // namespace scope::isolate
