// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "WorkerProcess.h"
#include "format/ReadRequest.h"
#include "model/ProfilingResults.h"

#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace scope {

namespace isolate {
class HelperSession;
}

// readIsolated in two steps: the helper starts on construction and plans the
// read (libhdf5's step) while the caller does other work, and finish() takes
// its plan up and reads the event bytes. Asked to, the helper hands the
// summaries over first (summaries()): the viewer shows a large run's table
// while the helper plans.
class IsolatedRead {
public:
    // Never throws: what went wrong starting the helper, finish() throws.
    IsolatedRead(const std::string& path, const ReadRequest& request);
    ~IsolatedRead();
    IsolatedRead(const IsolatedRead&) = delete;
    IsolatedRead& operator=(const IsolatedRead&) = delete;

    // readIsolated(path, request). Only request.control (progress, cancel,
    // streamed) may have changed since the construction; a request for
    // another read starts the helper again.
    ProfilingResults finish(const ReadRequest& request);

    // Of a read constructed with request.summariesFirst: the summaries the
    // helper hands over before it plans, as readIsolated would read them
    // for `request` (summary-only, without the fallback). Throws
    // SummaryDataUnavailable when the file has none, or what went wrong with
    // the helper, which finish() then throws again.
    ProfilingResults summaries(const ReadRequest& request);

private:
    void start(const ReadRequest& request);

    std::string path_;
    std::string requestedWorker_;
    std::vector<std::string> arguments_;
    isolate::UniqueFd memory_;
    bool summariesFirst_ = false;
    std::optional<isolate::WorkerProcess> process_;
    std::unique_ptr<isolate::HelperSession> session_;
    std::exception_ptr startError_;
};

} // namespace scope
