// SPDX-License-Identifier: GPL-3.0-or-later
// scope-read-worker: the viewer's and scope-report's read helper. Reads the
// structure of one profiling file with libhdf5 (planH5: everything but the
// event bytes, which the caller reads itself), so that if libhdf5 crashes or
// hangs on it only this process goes. Not meant to be run by hand: it expects
// the results memfd as descriptor 3 and the message pipe as descriptor 4.
// Once libhdf5 has opened the file, the helper confines itself (Sandbox.h).
//
//   scope-read-worker [--no-row-details] [--memory-budget BYTES]
//                     [--summary [--fallback] [--likwid] [--line-profile]
//                      | --summaries-first] -- FILE
//   scope-read-worker --serve --protocol VERSION [the options above] -- FILE
//     (started over ssh by core/remote: the read's messages on stdout)
#include "ErrorReport.h"
#include "Heartbeat.h"
#include "RemoteServe.h"
#include "Sandbox.h"
#include "SummarySender.h"
#include "WorkerChannel.h"
#include "format/ProfileReader.h"
#include "isolate/ResultsCodec.h"
#include "isolate/SharedColumnArena.h"
#include "isolate/WorkerMessage.h"
#include "model/Errors.h"

#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>

using namespace scope;
using isolate::WorkerMessage;

namespace {

struct Arguments {
    ReadRequest request;
    std::string path;
};

bool parse(int argc, char** argv, Arguments& arguments) {
    int i = 1;
    for (; i < argc && std::strcmp(argv[i], "--") != 0; ++i) {
        const std::string arg = argv[i];
        if (arg == "--summary") {
            arguments.request.summaryOnly = true;
        } else if (arg == "--no-row-details") {
            arguments.request.rowDetails = false;
        } else if (arg == "--row-details-limit" && i + 1 < argc) {
            arguments.request.rowDetailsLimit = std::strtoull(argv[++i], nullptr, 10);
        } else if (arg == "--memory-budget" && i + 1 < argc) {
            arguments.request.memoryBudget = std::strtoull(argv[++i], nullptr, 10);
        } else if (arg == "--summaries-first") {
            arguments.request.summariesFirst = true;
        } else if (arg == "--fallback") {
            arguments.request.fallback = true;
        } else if (arg == "--likwid") {
            arguments.request.includeLikwid = true;
        } else if (arg == "--line-profile") {
            arguments.request.includeLineProfile = true;
        } else {
            return false;
        }
    }
    if (i + 2 != argc)
        return false;
    arguments.path = argv[i + 1];
    return true;
}

} // namespace

int main(int argc, char** argv) {
    // Serving a read over SSH: stdout is the connection, and this process
    // starts a confined helper of its own for the file (RemoteServe.h).
    if (argc > 1 && std::strcmp(argv[1], "--serve") == 0)
        return worker::RemoteServe::run(argc, argv);
    // Nobody is left to read the results once the viewer is gone.
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    worker::WorkerChannel channel(WorkerMessage::kMessageFd);
    Arguments arguments;
    if (!parse(argc, argv, arguments)) {
        std::fprintf(stderr, "usage: scope-read-worker [--no-row-details | --row-details-limit "
                             "ROWS] [--memory-budget BYTES] [--summary [--fallback] [--likwid] "
                             "[--line-profile] | --summaries-first] -- FILE\n");
        return 2;
    }
    worker::Sandbox::prepare();
    channel.progress(0.0, "reading the file");
    worker::Heartbeat heartbeat(channel);
    std::optional<worker::SummarySender> summarySender;
    if (arguments.request.summariesFirst && !arguments.request.summaryOnly)
        summarySender.emplace(channel);
    // Whatever the read ends with is sent after the summaries.
    const auto afterSummaries = [&] {
        if (summarySender)
            summarySender->wait();
    };
    try {
        ReadControl control;
        control.progress = [&](double fraction, std::string_view text) {
            channel.progress(fraction, text);
        };
        control.opened = &worker::Sandbox::confine;
        // Event values libhdf5 reads itself go straight into the results memfd.
        auto arena = std::make_shared<isolate::SharedColumnArena>(
            WorkerMessage::kResultFd, isolate::ResultsCodec::kReservedBytes);
        const ColumnAllocator<std::int64_t> inlineValues(arena);
        PlannedRead read;
        arguments.request.control = control;
        arguments.request.eventColumns = inlineValues;
        if (arguments.request.summaryOnly) {
            read = planH5Summary(arguments.path, arguments.request);
        } else if (arguments.request.summariesFirst) {
            // On the pipe, before the plan: the viewer shows them meanwhile.
            read = planH5SummariesFirst(
                arguments.path, arguments.request, [&](std::optional<PlannedRead> summaries) {
                    summarySender->send(summaries
                                            ? isolate::ResultsCodec::encodeSummaries(*summaries)
                                            : std::string());
                });
        } else {
            read = planH5(arguments.path, arguments.request);
        }
        heartbeat.setBusy(true);
        channel.progress(1.0, "handing over the results");
        WorkerMessage done;
        done.kind = WorkerMessage::Kind::Result;
        done.resultBytes = isolate::ResultsCodec::encode(std::move(read), *arena);
        afterSummaries();
        channel.send(done);
    } catch (...) {
        afterSummaries();
        channel.send(worker::currentError());
        _exit(3);
    }
    // Nothing left worth cleaning up: the viewer is waiting for the exit.
    _exit(0);
}
