// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "h5/H5File.h"
#include "model/ProfilingResults.h"

#include <cstdint>
#include <string>

namespace scope {

// The optional per-rank groups of every schema: rank<N>/likwid,
// rank<N>/line_profile and rank<N>/perf_events; and the run's thread_table
// and task_table (threads-tasks-json.md §1). A damaged auxiliary group
// becomes a warning: it never costs the user the timing data.
class AuxiliaryReader {
public:
    explicit AuxiliaryReader(const h5::H5File& file) : file_(file) {}

    void read(ProfilingResults& results, bool likwid, bool lineProfile, bool perfEvents);

private:
    void readLikwid(std::uint32_t rank, const std::string& group, ProfilingResults& results);
    void readLineProfiles(std::uint32_t rank, const std::string& group, ProfilingResults& results);
    void readPerfEvents(std::uint32_t rank, const std::string& group, ProfilingResults& results);
    void readLaneTables(ProfilingResults& results);
    void readThreads(ProfilingResults& results);
    void readTasks(ProfilingResults& results);

    const h5::H5File& file_;
};

} // namespace scope
