// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Runs written out by hand, call by call, for tests of the analyses that
// nest calls (timeline index, call tree).
#include "events/RowStatistics.h"
#include "model/ProfilingResults.h"

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

using Calls = std::vector<std::pair<std::int64_t, std::int64_t>>;

struct Row {
    std::uint32_t rank;
    std::string region;
    Calls calls;
};

// Rows stored one after the other in the given order.
inline scope::ProfilingResults makeResults(const std::vector<Row>& rows) {
    using namespace scope;
    ProfilingResults results;
    for (const Row& r : rows) {
        auto index = results.regionIndex(r.region);
        if (!index) {
            results.regions.push_back(r.region);
            index = results.regions.size() - 1;
        }
        RankRegion row;
        row.rank = r.rank;
        row.region = static_cast<std::uint32_t>(*index);
        row.offset = results.events.size();
        for (const auto& [s, e] : r.calls) {
            results.events.starts.push_back(s);
            results.events.ends.push_back(e);
        }
        row.summary = RowStatistics::measure(
                          std::span(results.events.starts).subspan(row.offset, r.calls.size()),
                          std::span(results.events.ends).subspan(row.offset, r.calls.size()))
                          .summary;
        results.rows.push_back(row);
        results.numRanks = std::max(results.numRanks, r.rank + 1);
    }
    results.eventsRead = true;
    results.finalize();
    return results;
}
