// SPDX-License-Identifier: GPL-3.0-or-later
#include "PerfPrinter.h"

#include "CounterFormat.h"
#include "DisplayWidth.h"
#include "analysis/PerfRatios.h"

#include <cstdio>

namespace scope::report {

namespace {

// IPC as a plain number, the miss rates in percent.
std::string formatRatio(const PerfRatio& ratio) {
    char text[64];
    if (ratio.name == "IPC")
        std::snprintf(text, sizeof text, "%.3f", ratio.value);
    else
        std::snprintf(text, sizeof text, "%.2f %%", ratio.value * 100.0);
    return text;
}

} // namespace

void PerfPrinter::print(std::ostream& out, const ProfilingResults& results,
                        const RankSelection& ranks) {
    out << "\n  perf events:\n";
    bool any = false;
    for (const PerfEventSet& set : results.perfEvents) {
        if (!ranks.contains(set.rank))
            continue;
        any = true;
        out << "  rank " << set.rank << ", region " << set.region << " (" << set.calls
            << (set.calls == 1 ? " call" : " calls") << ")\n";
        std::vector<std::vector<std::string>> rows;
        for (std::size_t i = 0; i < set.eventNames.size() && i < set.values.size(); ++i)
            rows.push_back({set.eventNames[i], formatCount(static_cast<double>(set.values[i]))});
        for (const PerfRatio& ratio : perfRatios(set))
            rows.push_back({ratio.name, formatRatio(ratio)});
        printAligned(out, rows);
    }
    if (!any)
        out << "  none recorded\n";
}

} // namespace scope::report
