// SPDX-License-Identifier: GPL-3.0-or-later
#include "SoundRows.h"

#include "model/Errors.h"

#include <algorithm>

namespace scope {

void keepSoundRows(ProfilingResults& results, const EventPlan& plan,
                   std::vector<RowOutcome>& outcomes, const std::string& path) {
    std::vector<RankRegion>& rows = results.rows;
    const bool perRegion = std::any_of(plan.datasets.begin(), plan.datasets.end(),
                                       [](const PlannedDataset& d) { return d.row >= 0; });
    TimeRangeCheck range;
    std::size_t kept = 0;
    for (std::size_t r = 0; r < rows.size(); ++r) {
        std::string& damage = outcomes[r].damage;
        if (damage.empty() && !range.add(outcomes[r].extent))
            damage =
                perRegion ? "times out of range (damaged)" : "event times out of range (damaged)";
        // As the trace reader: a negative duration is damage, never a number to show.
        if (damage.empty() && rows[r].summary.count > 0 && rows[r].summary.minimum < 0)
            damage = perRegion
                         ? "a call ends before it starts (damaged)"
                         : "a call of region '" + results.regions[rows[r].region] + "' on rank " +
                               std::to_string(rows[r].rank) + " ends before it starts (damaged)";
        if (damage.empty()) {
            if (kept != r)
                rows[kept] = std::move(rows[r]);
            ++kept;
            continue;
        }
        if (!perRegion)
            throw CorruptProfileError(path, "reading the event columns", damage);
        const std::string& region = results.regions[rows[r].region];
        results.damaged.push_back({rows[r].rank, region,
                                   path + ": reading region '" + region + "' of rank " +
                                       std::to_string(rows[r].rank) + ": " + damage});
    }
    rows.resize(kept);
}

} // namespace scope
