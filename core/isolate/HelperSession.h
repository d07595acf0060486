// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "WorkerMessage.h"
#include "WorkerProcess.h"
#include "format/ReadRequest.h"

#include <cstdint>
#include <optional>
#include <string>

namespace scope::isolate {

// One conversation with a read helper: relays its messages until it has
// handed back results or ended. The buffer is complete once the helper says
// so; its exit (unmapping hundreds of megabytes) need not be waited for
// first. A helper asked for the summaries first (ReadRequest::summariesFirst)
// sends them as Data, then Done, before its results: run() can stop there
// and be called again for the rest.
class HelperSession {
public:
    HelperSession(std::string path, WorkerProcess& process)
        : path_(std::move(path)), process_(process) {}

    // Relays the helper's progress to `request.control` until the results
    // (or, untilSummaries, the summaries) are complete or the helper ended.
    // Throws ReadCancelled on a cancel, CorruptProfileError when the helper
    // went `request.timeout` without a sign; the helper is killed then.
    void run(const ReadRequest& request, bool untilSummaries = false);

    // Throws what the helper's ending means unless it handed back results.
    std::uint64_t resultBytes() const;

    // The summaries' bytes once handed over (empty when the file has none),
    // given up by the session: a 1,024-rank run's are megabytes.
    std::optional<std::string> takeSummaries();

private:
    bool finished(bool untilSummaries) const;
    // False when the helper's output cannot be trusted any more.
    bool consume(const ProgressCallback& progress);
    [[noreturn]] void fail(const std::string& why) const;

    std::string path_;
    WorkerProcess& process_;
    std::string step_ = "reading the file";
    std::string buffer_;
    bool open_ = true;
    bool malformed_ = false;
    std::string summaryBytes_;
    bool summariesDone_ = false;
    std::optional<std::uint64_t> result_;
    std::optional<WorkerMessage> error_;
};

} // namespace scope::isolate
