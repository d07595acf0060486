// SPDX-License-Identifier: GPL-3.0-or-later
// scope-read-worker: the viewer's and scope-report's read helper. Reads the
// structure of one profiling file with libhdf5 (planH5: everything but the
// event bytes, which the caller reads itself), so that if libhdf5 crashes or
// hangs on it only this process goes. Not meant to be run by hand: it expects
// the results memfd as descriptor 3 and the message pipe as descriptor 4.
// Once libhdf5 has opened the file, the helper confines itself (Sandbox.h).
//
//   scope-read-worker [--no-row-details] [--memory-budget BYTES]
//                     [--summary [--fallback] [--likwid] [--line-profile]] -- FILE
#include "Heartbeat.h"
#include "Sandbox.h"
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

WorkerMessage errorMessage(WorkerMessage::ErrorType type, const ProfileError& error) {
    WorkerMessage message;
    message.kind = WorkerMessage::Kind::Error;
    message.errorType = type;
    message.path = error.path();
    message.step = error.step();
    // what() is "path: step: message"; the parent rebuilds it from the parts.
    const std::string prefix = error.path() + ": " + error.step() + ": ";
    const std::string what = error.what();
    message.text = what.starts_with(prefix) ? what.substr(prefix.size()) : what;
    return message;
}

WorkerMessage currentError() {
    using Type = WorkerMessage::ErrorType;
    try {
        throw;
    } catch (const FileNotFoundError& error) {
        return errorMessage(Type::FileNotFound, error);
    } catch (const InvalidSchemaError& error) {
        return errorMessage(Type::InvalidSchema, error);
    } catch (const CorruptProfileError& error) {
        return errorMessage(Type::Corrupt, error);
    } catch (const MissingFilterError& error) {
        return errorMessage(Type::MissingFilter, error);
    } catch (const SummaryDataUnavailable& error) {
        return errorMessage(Type::SummaryUnavailable, error);
    } catch (const ProfileError& error) {
        return errorMessage(Type::Profile, error);
    } catch (const std::exception& error) {
        WorkerMessage message;
        message.kind = WorkerMessage::Kind::Error;
        message.errorType = Type::Other;
        message.text = error.what();
        return message;
    }
}

} // namespace

int main(int argc, char** argv) {
    // Nobody is left to read the results once the viewer is gone.
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    worker::WorkerChannel channel(WorkerMessage::kMessageFd);
    Arguments arguments;
    if (!parse(argc, argv, arguments)) {
        std::fprintf(stderr, "usage: scope-read-worker [--no-row-details | --row-details-limit "
                             "ROWS] [--memory-budget BYTES] [--summary [--fallback] [--likwid] "
                             "[--line-profile]] -- FILE\n");
        return 2;
    }
    worker::Sandbox::prepare();
    channel.progress(0.0, "reading the file");
    worker::Heartbeat heartbeat(channel);
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
        read = arguments.request.summaryOnly ? planH5Summary(arguments.path, arguments.request)
                                             : planH5(arguments.path, arguments.request);
        heartbeat.setBusy(true);
        channel.progress(1.0, "handing over the results");
        WorkerMessage done;
        done.kind = WorkerMessage::Kind::Result;
        done.resultBytes = isolate::ResultsCodec::encode(std::move(read), *arena);
        channel.send(done);
    } catch (...) {
        channel.send(currentError());
        _exit(3);
    }
    // Nothing left worth cleaning up: the viewer is waiting for the exit.
    _exit(0);
}
