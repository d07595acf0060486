// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "RemoteUrl.h"
#include "analysis/TimelineSource.h"
#include "format/ReadRequest.h"
#include "model/ProfilingResults.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace scope {

// A run read on another host through the user's own OpenSSH client: ssh -T
// starts our read helper there (scope-read-worker --serve, or
// $SCOPE_REMOTE_HELPER), which reads the file where it lies, builds or uses
// its index there, and sends back only what is shown. $SCOPE_SSH_COMMAND
// replaces "ssh" (run through /bin/sh, as GIT_SSH_COMMAND is). With
// request.remoteIndexCommand or $SCOPE_REMOTE_INDEX_COMMAND set (e.g.
// "mpirun -n 8 scope-index"), a run with no index on the host is first
// indexed there by that command.
struct RemoteRun {
    // Exact statistics, metadata and rows; no calls (eventsRead false,
    // onDemand null), but with the timeline, callsElsewhere answers for them
    // from the host. path is the URL.
    ProfilingResults results;
    // The whole-run timeline's coarse levels, with zooms below them read on
    // the host over the connection kept open (RemoteTimeline); null for a
    // summary-only read or a run without calls.
    std::shared_ptr<const TimelineSource> timeline;
    std::uint64_t bytesReceived = 0; // over the connection, up to the results
};

// Throws RemoteReadError naming the URL (host and file) when ssh cannot
// connect, the helper is missing or of another version (naming the version
// found), or the connection drops; the ProfileErrors of the read on the
// host arrive as themselves, naming the URL; ReadCancelled on cancel
// (request.control), which kills ssh. request.memoryBudget is the host's
// for reading there, and bounds what may arrive here. withTimeline false
// (scope-report) skips the timeline's build on the host, and its bytes.
RemoteRun readRemote(const RemoteUrl& url, const ReadRequest& request, bool withTimeline = true);

// The version the helper on the host must report: this build's.
std::string remoteProtocolVersion();

} // namespace scope
