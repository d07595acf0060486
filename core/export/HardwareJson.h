// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ProfilingResults.h"

namespace scope {

class JsonWriter;

// The hardware data of one file as JSON arrays, for scope-report's --likwid,
// --perf and --line-profile: only what the selected ranks recorded, in the
// order the file stores it. Each writes a key and its array.
class HardwareJson {
public:
    // "likwid": [{"rank", "tag", "group_name", "source", "cpus": [...],
    //   "times_seconds": [...], "call_counts": [...],
    //   "metrics": {name: [per cpu]}, "events": {name: [per cpu]}}]
    static void writeLikwid(JsonWriter& json, const ProfilingResults& file,
                            const RankSelection& ranks);
    // "perf_events": [{"rank", "region", "calls", "events": {name: value},
    //   "ratios": {name: value}}] with the ratios of perfRatios().
    static void writePerfEvents(JsonWriter& json, const ProfilingResults& file,
                                const RankSelection& ranks);
    // "line_profile": [{"rank", "region", "filename", "function",
    //   "lines": [{"line", "hits", "time_seconds"}]}], times × the group's unit.
    static void writeLineProfiles(JsonWriter& json, const ProfilingResults& file,
                                  const RankSelection& ranks);
};

} // namespace scope
