// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "TraceExportOptions.h"
#include "model/ProfilingResults.h"

#include <cstdint>
#include <ostream>
#include <string>

namespace scope {

// A run as Chrome trace event JSON, for ui.perfetto.dev and chrome://tracing:
//
//     {"displayTimeUnit":"ms","otherData":{<run metadata>},"traceEvents":[
//     {"name":"process_name","ph":"M","pid":3,"tid":0,"args":{"name":"rank 3"}},
//     {"name":"solve","cat":"scope-profiler","ph":"X","ts":12.5,"dur":3,"pid":3,"tid":0,
//      "args":{"call_index":0}}, ...]}
//
// One complete event per call, pid = rank, tid 0 (in a run with thread/task
// lanes: tid = the lane's position among the rank's lane keys, ascending, each
// named by a thread_name event with LaneTable's label); ts and dur in µs (exact to
// the ns) from the run's start (metadata start_time_ns, else the earliest
// call). Events are grouped by region, not sorted by time: both viewers sort
// them. Streamed: memory does not grow with the number of calls.
class ChromeTraceWriter {
public:
    explicit ChromeTraceWriter(TraceExportOptions options = {});

    // Throws EventsUnavailable without per-call data and std::runtime_error
    // when `out` fails.
    TraceExportResult write(std::ostream& out, const ProfilingResults& results) const;

    // The ns all timestamps count from.
    static std::int64_t originNs(const ProfilingResults& results);

private:
    TraceExportOptions options_;
};

} // namespace scope
