// SPDX-License-Identifier: GPL-3.0-or-later
#include "LineProfilePrinter.h"

#include "DisplayWidth.h"
#include "base/DurationFormat.h"

#include <algorithm>
#include <cstdio>

namespace scope::report {

void LineProfilePrinter::print(std::ostream& out, const ProfilingResults& results,
                               const RankSelection& ranks) {
    out << "\n  line profiles:\n";
    bool any = false;
    for (const LineProfile& profile : results.lineProfiles) {
        if (!ranks.contains(profile.rank))
            continue;
        any = true;
        out << "  rank " << profile.rank << ", region " << profile.region << ": "
            << profile.function << " in " << profile.filename << '\n';
        const std::size_t lines =
            std::min({profile.lineNumbers.size(), profile.hits.size(), profile.times.size()});
        double total = 0.0;
        for (std::size_t i = 0; i < lines; ++i)
            total += profile.times[i] * profile.unit;
        std::vector<std::vector<std::string>> rows{{"line", "hits", "time", "per hit", "%"}};
        for (std::size_t i = 0; i < lines; ++i) {
            const double seconds = profile.times[i] * profile.unit;
            char share[32];
            std::snprintf(share, sizeof share, "%.1f", total > 0 ? 100.0 * seconds / total : 0.0);
            rows.push_back({std::to_string(profile.lineNumbers[i]), std::to_string(profile.hits[i]),
                            formatDuration(seconds),
                            profile.hits[i] > 0
                                ? formatDuration(seconds / static_cast<double>(profile.hits[i]))
                                : std::string("n/a"),
                            share});
        }
        printAligned(out, rows);
    }
    if (!any)
        out << "  none recorded\n";
}

} // namespace scope::report
