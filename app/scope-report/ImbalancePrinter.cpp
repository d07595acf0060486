// SPDX-License-Identifier: GPL-3.0-or-later
#include "ImbalancePrinter.h"

#include "analysis/ImbalancePattern.h"
#include "analysis/RegionCalls.h"

namespace scope::report {

void ImbalancePrinter::print(std::ostream& out, const ProfilingResults& results,
                             const ExportSelection& selection) {
    out << "\nImbalance patterns\n";
    if (!hasCallData(results)) {
        out << "  (needs per-call data; this file was read summary-only)\n";
        return;
    }
    std::size_t shown = 0;
    for (std::size_t region : selection.regions(results)) {
        const ImbalancePattern pattern = ImbalancePattern::of(results, region, selection.ranks());
        if (pattern.kind == ImbalanceKind::Unknown)
            continue;
        out << "  " << results.regions[region] << ": " << pattern.describe() << '\n';
        ++shown;
    }
    if (shown == 0)
        out << "  (none: it needs calls on two or more of the selected ranks)\n";
}

} // namespace scope::report
