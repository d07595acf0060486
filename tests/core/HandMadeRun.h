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

// main [0,100] > solve [10,60] > rhs [20,30] [40,50]; solve [70,90]; io [92,98].
// Worked out by hand: main 1 call, 100 ns inclusive, 100 - 70 - 6 = 24 ns
// exclusive; main > solve 2 calls, 70 ns, 70 - 20 = 50 ns; main > solve > rhs
// 2 calls, 20 ns, 20 ns; main > io 1 call, 6 ns, 6 ns. One rank from 0 to 100.
inline scope::ProfilingResults twoLevelRun() {
    return makeResults({{0, "main", {{0, 100}}},
                        {0, "solve", {{10, 60}, {70, 90}}},
                        {0, "rhs", {{20, 30}, {40, 50}}},
                        {0, "io", {{92, 98}}}});
}
