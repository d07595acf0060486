// SPDX-License-Identifier: GPL-3.0-or-later
#include "LikwidPrinter.h"

#include "CounterFormat.h"
#include "DisplayWidth.h"
#include "base/DurationFormat.h"

namespace scope::report {

namespace {

using Row = std::vector<std::string>;

void addMatrix(std::vector<Row>& rows, const std::vector<std::string>& names,
               const std::vector<double>& values, std::size_t cpus) {
    for (std::size_t name = 0; name < names.size(); ++name) {
        Row row{names[name]};
        for (std::size_t cpu = 0; cpu < cpus; ++cpu) {
            const std::size_t at = name * cpus + cpu;
            row.push_back(at < values.size() ? formatCount(values[at]) : "n/a");
        }
        rows.push_back(std::move(row));
    }
}

} // namespace

void LikwidPrinter::print(std::ostream& out, const ProfilingResults& results,
                          const RankSelection& ranks) {
    out << "\n  LIKWID counters:\n";
    bool any = false;
    for (const LikwidRegion& region : results.likwid) {
        if (!ranks.contains(region.rank))
            continue;
        any = true;
        out << "  rank " << region.rank << ", region " << region.tag;
        if (!region.groupName.empty())
            out << ", group " << region.groupName;
        out << " (" << region.source << ")\n";
        const std::size_t cpus = region.cpus.size();
        std::vector<Row> rows;
        Row header{"cpu"};
        Row time{"time"};
        Row calls{"calls"};
        for (std::size_t cpu = 0; cpu < cpus; ++cpu) {
            header.push_back(std::to_string(region.cpus[cpu]));
            time.push_back(cpu < region.times.size() ? formatDuration(region.times[cpu]) : "n/a");
            calls.push_back(cpu < region.callCounts.size() ? std::to_string(region.callCounts[cpu])
                                                           : "n/a");
        }
        rows.push_back(std::move(header));
        rows.push_back(std::move(time));
        rows.push_back(std::move(calls));
        addMatrix(rows, region.metricNames, region.metrics, cpus);
        addMatrix(rows, region.eventNames, region.events, cpus);
        printAligned(out, rows);
    }
    if (!any)
        out << "  none recorded\n";
}

} // namespace scope::report
