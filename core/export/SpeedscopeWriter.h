// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "TraceExportOptions.h"
#include "model/ProfilingResults.h"

#include <ostream>

namespace scope {

// A run in speedscope's file format (https://www.speedscope.app): one evented
// profile per rank, "rank R" (in a run with thread/task lanes one per lane,
// "rank R: <LaneTable label>", lanes ascending), unit nanoseconds, `at` counted from the
// earliest call of the file; one shared frame per region (its index in
// results.regions) with "file" and "line" where the rows know them.
//
// speedscope needs, per profile, open/close events in time order that close
// the innermost open frame first. The nesting comes from interval containment
// as in CallStack (by start, longer first; a zero-length call encloses the
// next call sharing its start); a call that starts inside another but ends
// after it is cut at its caller's end (see write()), the only case in which
// the durations written differ from the statistics.
// Streamed: besides the output buffer it holds one index per call of a rank.
class SpeedscopeWriter {
public:
    explicit SpeedscopeWriter(TraceExportOptions options = {});

    // Throws EventsUnavailable without per-call data and std::runtime_error
    // when `out` fails.
    TraceExportResult write(std::ostream& out, const ProfilingResults& results) const;

private:
    TraceExportOptions options_;
};

} // namespace scope
