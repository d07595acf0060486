// SPDX-License-Identifier: GPL-3.0-or-later
#include "IsolatedRead.h"

#include "IsolatedReader.h"
#include "ResultsCodec.h"
#include "WorkerMessage.h"
#include "format/ProfileReader.h"
#include "model/Errors.h"

#include <poll.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <system_error>
#include <thread>

namespace scope {
namespace {

using Clock = std::chrono::steady_clock;
using isolate::WorkerMessage;

constexpr auto kPollInterval = std::chrono::milliseconds(50);
constexpr const char* kFailed = "the HDF5 library failed while reading the file";

ProfilingResults readInProcess(const std::string& path, const ReadRequest& request) {
    return request.summaryOnly ? readH5Summary(path, request) : readH5(path, request);
}

std::vector<std::string> workerArguments(const std::string& path, const ReadRequest& request) {
    std::vector<std::string> arguments;
    if (!request.rowDetails)
        arguments.emplace_back("--no-row-details");
    else if (request.rowDetailsLimit > 0)
        arguments.insert(arguments.end(),
                         {"--row-details-limit", std::to_string(request.rowDetailsLimit)});
    // Values only libhdf5 reads are read by the helper, whole: the budget
    // bounds them there.
    if (request.memoryBudget > 0)
        arguments.insert(arguments.end(),
                         {"--memory-budget", std::to_string(request.memoryBudget)});
    if (request.summaryOnly) {
        arguments.emplace_back("--summary");
        if (request.fallback)
            arguments.emplace_back("--fallback");
        if (request.includeLikwid)
            arguments.emplace_back("--likwid");
        if (request.includeLineProfile)
            arguments.emplace_back("--line-profile");
    }
    arguments.emplace_back("--");
    arguments.push_back(path);
    return arguments;
}

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

// One conversation with a helper: relays its messages until it has handed
// back results or ended. The buffer is complete once the helper says so; its
// exit (unmapping hundreds of megabytes) need not be waited for first.
class Session {
public:
    Session(const std::string& path, const ReadRequest& request, isolate::WorkerProcess& process)
        : path_(path), request_(request), process_(process),
          progress_(scaledControl(request.control, 0.0, kPlanShare).progress) {}

    void run() {
        auto lastSign = Clock::now();
        bool open = true;
        while (true) {
            if (request_.control.cancel != nullptr && request_.control.cancel->load()) {
                process_.kill();
                throw ReadCancelled(path_, step_, "cancelled");
            }
            if (Clock::now() - lastSign > request_.timeout) {
                process_.kill();
                throw CorruptProfileError(
                    path_, step_,
                    "the HDF5 library did not finish reading the file (timed out after " +
                        seconds(request_.timeout) + " s without progress)");
            }
            if (!open) {
                if (process_.tryReap())
                    return;
                std::this_thread::sleep_for(std::chrono::milliseconds(2));
                continue;
            }
            pollfd fd{process_.messageFd(), POLLIN, 0};
            const int ready = poll(&fd, 1, static_cast<int>(kPollInterval.count()));
            if (ready <= 0)
                continue;
            char chunk[4096];
            const ssize_t n = read(process_.messageFd(), chunk, sizeof chunk);
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0) {
                open = false;
                continue;
            }
            buffer_.append(chunk, static_cast<std::size_t>(n));
            lastSign = Clock::now();
            if (!consume()) {
                process_.kill();
                return;
            }
            if (result_ && buffer_.empty())
                return;
        }
    }

    // Throws what the helper's ending means unless it handed back results.
    std::uint64_t resultBytes() const {
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

    const std::string& step() const { return step_; }

private:
    // False when the helper's output cannot be trusted any more.
    bool consume() {
        try {
            while (std::optional<WorkerMessage> message = WorkerMessage::parse(buffer_)) {
                if (message->kind == WorkerMessage::Kind::Progress) {
                    step_ = message->text;
                    if (progress_)
                        progress_(message->fraction, message->text);
                } else if (message->kind == WorkerMessage::Kind::Result) {
                    result_ = message->resultBytes;
                } else if (message->kind == WorkerMessage::Kind::Error) {
                    error_ = std::move(*message);
                }
            }
        } catch (const std::runtime_error&) {
            malformed_ = true;
        }
        return !malformed_;
    }

    [[noreturn]] void fail(const std::string& why) const {
        throw CorruptProfileError(path_, step_, std::string(kFailed) + " (" + why + ")");
    }

    const std::string& path_;
    const ReadRequest& request_;
    isolate::WorkerProcess& process_;
    // The helper's share of the read's progress: the first step's.
    ProgressCallback progress_;
    std::string step_ = "reading the file";
    std::string buffer_;
    bool malformed_ = false;
    std::optional<std::uint64_t> result_;
    std::optional<WorkerMessage> error_;
};

} // namespace

IsolatedRead::IsolatedRead(const std::string& path, const ReadRequest& request) : path_(path) {
    start(request);
}

IsolatedRead::~IsolatedRead() = default;

void IsolatedRead::start(const ReadRequest& request) {
    process_.reset();
    startError_ = nullptr;
    requestedWorker_ = request.worker;
    arguments_ = workerArguments(path_, request);
    const std::string worker = request.worker.empty() ? findReadWorker() : request.worker;
    if (worker.empty())
        return;
    memory_ = isolate::UniqueFd(memfd_create("scope-results", MFD_CLOEXEC));
    if (!memory_.valid())
        return;
    try {
        process_.emplace(worker, arguments_, memory_.get());
    } catch (const std::system_error& error) {
        startError_ =
            std::make_exception_ptr(ProfileError(path_, "starting the read helper", error.what()));
    }
}

ProfilingResults IsolatedRead::finish(const ReadRequest& request) {
    if (request.worker != requestedWorker_ || workerArguments(path_, request) != arguments_)
        start(request);
    if (startError_)
        std::rethrow_exception(startError_);
    if (!process_)
        return readInProcess(path_, request);
    Session session(path_, request, *process_);
    session.run();
    const std::uint64_t size = session.resultBytes();
    PlannedRead read = isolate::ResultsCodec::decode(memory_.get(), size, path_);
    read.results.path = path_;
    // The helper has read the structure; the event bytes are read here,
    // without libhdf5, into this process's memory.
    const EventBytes bytes = EventBytes::forPlan(path_, read.events);
    if (!request.summaryOnly)
        return completeRead(std::move(read), bytes, request.control, {}, {}, request.memoryBudget,
                            request.eventsOnDemand);
    return completeRead(std::move(read), bytes, request.control, request.regions, request.ranks,
                        request.memoryBudget);
}

} // namespace scope
