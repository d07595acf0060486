// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "RegionFilter.h"
#include "model/ProfilingResults.h"
#include "model/RankSelection.h"

#include <cstddef>
#include <span>
#include <string>
#include <vector>

namespace scope {

// What an export or report covers: the regions a RegionFilter keeps, on the
// selected ranks. Shared by the JSON, CSV and table outputs so that all of
// them agree on which regions, rows and labels they show.
class ExportSelection {
public:
    ExportSelection() = default;
    ExportSelection(RegionFilter regions, RankSelection ranks);

    const RegionFilter& regionFilter() const { return regions_; }
    const RankSelection& ranks() const { return ranks_; }

    // Indices into results.regions of the kept regions, in the file's order.
    std::vector<std::size_t> regions(const ProfilingResults& results) const;
    // The region's rows on the selected ranks, ordered by rank.
    std::vector<const RankRegion*> rows(const ProfilingResults& results, std::size_t region) const;
    // One file: its kept regions. Several: the first file's kept regions, in
    // its order, that every other file also keeps (scope-profiler's common_regions).
    std::vector<std::string> commonRegions(std::span<const ProfilingResults* const> files) const;

    // File names without their extension, duplicates suffixed " (2)", " (3)", ...
    static std::vector<std::string> labels(std::span<const ProfilingResults* const> files);

private:
    RegionFilter regions_;
    RankSelection ranks_;
};

} // namespace scope
