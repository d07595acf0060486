// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ProfilingResults.h"

namespace scope {

class JsonWriter;

// scope-report --mpi in --json: one file's MpiTraffic under "mpi", or null
// when the file has no MPI call regions.
//   "mpi": {"bytes_sent": [[bytes per peer] per rank],
//           "bytes_received": [[...]], (rows = the recording rank)
//           "collective_seconds": {"<rank>": {"<op>": seconds}},
//           "wait_seconds": {"<rank>": {"<request>": seconds}},
//           "unknown_peer_or_bytes": calls, "peer_outside_run": calls,
//           "communicators": [handles of the point-to-point calls]}
// The matrices are null beyond MpiTraffic::kMaxMatrixRanks ranks. Only the
// selected ranks' calls count; ranks and ops without calls are
// left out of the time objects.
class MpiJson {
public:
    static void write(JsonWriter& json, const ProfilingResults& file, const RankSelection& ranks);
};

} // namespace scope
