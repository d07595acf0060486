// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Runs of a scaling study written out as summaries: each region's slowest
// rank (rank 0) takes the given time, the other ranks 90 % of it.
#include "model/ProfilingResults.h"

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

struct RegionTime {
    std::string region;
    double seconds;
    std::optional<double> exclusive; // seconds on the slowest rank; unknown when empty
};

inline scope::CallSummary oneCall(double seconds) {
    scope::CallSummary s;
    s.count = 1;
    s.total = std::llround(seconds * 1e9);
    s.minimum = s.maximum = s.first = s.last = s.total;
    s.mean = static_cast<double>(s.total);
    s.endMaximum = s.total;
    return s;
}

inline scope::ProfilingResults scalingRun(std::string path, std::uint32_t ranks,
                                          const std::vector<RegionTime>& regions,
                                          std::vector<scope::MetadataEntry> metadata = {}) {
    using namespace scope;
    ProfilingResults run;
    run.path = std::move(path);
    run.numRanks = ranks;
    run.metadata.entries = std::move(metadata);
    for (std::uint32_t r = 0; r < regions.size(); ++r) {
        run.regions.push_back(regions[r].region);
        for (std::uint32_t rank = 0; rank < ranks; ++rank) {
            const double share = rank == 0 ? 1.0 : 0.9;
            RankRegion row;
            row.rank = rank;
            row.region = r;
            row.summary = oneCall(regions[r].seconds * share);
            if (regions[r].exclusive)
                row.exclusiveNs = std::llround(*regions[r].exclusive * share * 1e9);
            run.rows.push_back(row);
        }
    }
    run.finalize();
    return run;
}
