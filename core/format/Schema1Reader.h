// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "EventPlanner.h"
#include "h5/H5File.h"
#include "model/ProfilingResults.h"

#include <array>
#include <cstdint>
#include <map>
#include <string>

namespace scope {

// Schema 1: /rank<N>/regions/<name>/{start_times,end_times}. A damaged region is
// skipped and listed in results.damaged; the rest of the file is read. Makes
// one row per region and plans its event datasets (EventAssembler reads them).
class Schema1Reader {
public:
    // inlineLimit: EventPlanner's.
    Schema1Reader(const h5::H5File& file, EventPlan& plan, std::uint64_t inlineLimit = 0)
        : file_(file), plan_(plan), planner_(file, plan, inlineLimit) {}
    void read(ProfilingResults& results);

private:
    void readRank(std::uint32_t rank, const std::string& group, ProfilingResults& results);
    // Adds the region's row and plans its datasets. A damaged region: what is
    // wrong with it, or a CorruptProfileError from libhdf5 (the caller takes
    // back what was added).
    std::string readRegion(std::uint32_t rank, hid_t regions, const std::string& name,
                           ProfilingResults& results);
    void planOptionalColumns(hid_t region, const std::string& name, std::int64_t row,
                             ProfilingResults& results);

    const h5::H5File& file_;
    EventPlan& plan_;
    EventPlanner planner_;
    std::map<std::string, std::uint32_t> regionIds_;
    std::uint64_t offset_ = 0; // where the next region's calls go in the columns
    // Which optional columns some region has (the others stay absent).
    std::array<bool, kEventColumnCount> optionalColumns_{};
};

} // namespace scope
