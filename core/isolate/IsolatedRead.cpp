// SPDX-License-Identifier: GPL-3.0-or-later
#include "IsolatedRead.h"

#include "HelperSession.h"
#include "IsolatedReader.h"
#include "ResultsCodec.h"
#include "format/ProfileReader.h"
#include "model/Errors.h"

#include <sys/mman.h>

#include <stdexcept>
#include <system_error>

namespace scope {
namespace {

constexpr const char* kSummariesStep = "reading the summary columns";

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
    } else if (request.summariesFirst) {
        arguments.emplace_back("--summaries-first");
    }
    arguments.emplace_back("--");
    arguments.push_back(path);
    return arguments;
}

} // namespace

IsolatedRead::IsolatedRead(const std::string& path, const ReadRequest& request) : path_(path) {
    start(request);
}

IsolatedRead::~IsolatedRead() = default;

void IsolatedRead::start(const ReadRequest& request) {
    session_.reset();
    process_.reset();
    startError_ = nullptr;
    requestedWorker_ = request.worker;
    summariesFirst_ = request.summariesFirst && !request.summaryOnly;
    arguments_ = workerArguments(path_, request);
    const std::string worker = request.worker.empty() ? findReadWorker() : request.worker;
    if (worker.empty())
        return;
    memory_ = isolate::UniqueFd(memfd_create("scope-results", MFD_CLOEXEC));
    if (!memory_.valid())
        return;
    try {
        process_.emplace(worker, arguments_, memory_.get());
        session_ = std::make_unique<isolate::HelperSession>(path_, *process_);
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
    session_->run(request);
    const std::uint64_t size = session_->resultBytes();
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

ProfilingResults IsolatedRead::summaries(const ReadRequest& request) {
    if (!summariesFirst_ || !request.summaryOnly || request.fallback)
        throw std::logic_error("summaries of a read not started for them");
    if (startError_)
        std::rethrow_exception(startError_);
    if (!process_)
        return readInProcess(path_, request);
    session_->run(request, true);
    const std::optional<std::string> bytes = session_->takeSummaries();
    if (!bytes) {
        session_->resultBytes(); // throws what became of the helper
        throw SummaryDataUnavailable(path_, kSummariesStep,
                                     "the read helper handed no summaries over");
    }
    if (bytes->empty())
        throw SummaryDataUnavailable(path_, kSummariesStep,
                                     "the file has no summary columns that can be read");
    PlannedRead read = isolate::ResultsCodec::decodeSummaries(*bytes, path_);
    read.results.path = path_;
    return completeRead(std::move(read), EventBytes::image({}, path_), request.control,
                        request.regions, request.ranks);
}

} // namespace scope
