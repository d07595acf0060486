// SPDX-License-Identifier: GPL-3.0-or-later
#include "RemoteLoad.h"

#include "format/ReadRequest.h"
#include "model/Errors.h"
#include "remote/RemoteReader.h"
#include "remote/RemoteUrl.h"

#include <memory>
#include <optional>
#include <utility>

namespace scope {

bool RemoteLoad::handles(const LoadRequest& request) {
    return request.rankFiles.empty() && RemoteUrl::looksRemote(request.path);
}

RemoteLoad::RemoteLoad(const LoadRequest& request, ReadControl control)
    : request_(request), control_(std::move(control)) {}

LoadOutcome RemoteLoad::run(LoadOutcome outcome,
                            const std::function<void(const LoadOutcome&)>& readDone) const {
    try {
        const std::optional<RemoteUrl> url = RemoteUrl::parse(request_.path);
        if (!url)
            throw RemoteReadError(request_.path, "reading the address",
                                  "not an ssh://[user@]host[:port]/path address");
        ReadRequest read;
        read.control = control_;
        read.summaryOnly = request_.summaryOnly;
        read.fallback = request_.fallback;
        read.includeLikwid = true;
        read.includeLineProfile = true;
        read.rowDetails = true;
        read.rowDetailsLimit = kViewerRowDetailsLimit;
        // The host's memory, not this process's: nothing of ours is taken off.
        read.memoryBudget = request_.memoryBudget;
        read.remoteIndexCommand = request_.remoteIndexCommand;
        RemoteRun remote = readRemote(*url, read);
        // The window keys runs by the path it asked for.
        remote.results.path = request_.path;
        remote.results.eventsRead = false;
        remote.results.onDemand = nullptr;
        auto results = std::make_shared<const ProfilingResults>(std::move(remote.results));
        if (control_.cancel != nullptr && control_.cancel->load())
            throw ReadCancelled(request_.path, "reading the file", "cancelled");
        if (readDone && !request_.summaryOnly) {
            LoadOutcome shown = outcome;
            shown.results = results;
            readDone(shown);
        }
        outcome.results = std::move(results);
        outcome.timelineSource = std::move(remote.timeline);
        if (control_.progress)
            control_.progress(1.0, "done");
    } catch (const ReadCancelled&) {
        outcome.cancelled = true;
    } catch (...) {
        outcome.error = std::current_exception();
    }
    return outcome;
}

} // namespace scope
