// SPDX-License-Identifier: GPL-3.0-or-later
#include "EventSelection.h"

#include "model/Errors.h"

namespace scope {

void requireEvents(const ProfilingResults& results, const char* what) {
    if (!results.eventsRead)
        throw EventsUnavailable(results.path + ": " + what +
                                " needs per-call data, which was not read (summary-only)");
}

std::vector<std::int64_t> selectedDurations(const ProfilingResults& results, std::size_t region,
                                            const RankSelection& ranks) {
    requireEvents(results, "this statistic");
    std::vector<std::int64_t> durations;
    for (const RankRegion& row : results.rowsOf(region)) {
        if (!ranks.contains(row.rank))
            continue;
        const auto starts = results.starts(row);
        const auto ends = results.ends(row);
        for (std::size_t i = 0; i < starts.size(); ++i)
            durations.push_back(ends[i] - starts[i]);
    }
    return durations;
}

} // namespace scope
