// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ExportSelection.h"
#include "model/ProfilingResults.h"

#include <span>
#include <string>

namespace scope {

// Region statistics as one CSV table over several files: per file and kept
// region, one row per selected rank that recorded it (rank number) and then
// the pooled row (rank "all"). Durations are seconds written like Python's
// repr; a statistic that is unknown (no calls, or std in the aggregate
// layout) is an empty cell.
//
//     file,region,rank,count,total_s,average_s,min_s,max_s,std_s
class RegionStatisticsCsv {
public:
    explicit RegionStatisticsCsv(ExportSelection selection = {});

    std::string write(std::span<const ProfilingResults* const> files) const;
    std::string write(const ProfilingResults& file) const;

private:
    ExportSelection selection_;
};

} // namespace scope
