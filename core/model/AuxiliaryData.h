// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Metadata.h"

#include <cstdint>
#include <string>
#include <vector>

namespace scope {

// rank<N>/likwid/regions/<tag>: hardware counters per thread.
struct LikwidRegion {
    std::uint32_t rank = 0;
    std::string tag;
    std::int64_t groupId = -1;
    std::string groupName;
    std::string source;
    std::vector<std::string> eventNames;
    std::vector<std::string> counterNames;
    std::vector<std::string> metricNames;
    std::vector<std::int64_t> cpus;
    std::vector<double> times; // seconds, one per thread
    std::vector<std::int64_t> callCounts;
    std::vector<double> events;  // row-major [eventNames.size()][cpus.size()]
    std::vector<double> metrics; // row-major [metricNames.size()][cpus.size()]
};

struct LikwidRank {
    std::uint32_t rank = 0;
    Metadata attributes; // LIKWID_* environment, num_regions
};

// rank<N>/line_profile/<i>: line_profiler output for one function.
struct LineProfile {
    std::uint32_t rank = 0;
    std::string region;
    std::string filename;
    std::string function;
    std::int64_t firstLine = 0;
    double unit = 1e-9; // seconds per time unit
    std::string source;
    std::int64_t sourceFirstLine = 0;
    std::vector<std::int64_t> lineNumbers;
    std::vector<std::int64_t> hits;
    std::vector<double> times; // in unit
};

// rank<N>/perf_events/<region>: perf counter totals.
struct PerfEventSet {
    std::uint32_t rank = 0;
    std::string region;
    std::int64_t calls = 0;
    std::vector<std::string> eventNames;
    std::vector<std::uint64_t> values;
};

} // namespace scope
