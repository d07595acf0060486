// SPDX-License-Identifier: GPL-3.0-or-later
#include "RegionTablePrinter.h"

#include "DisplayWidth.h"
#include "analysis/RegionTable.h"
#include "base/DurationFormat.h"

#include <algorithm>

namespace scope::report {

namespace {

// Multi-line values (chip information, PATH-like captures) keep their lines,
// indented under the value column instead of breaking the key column.
std::string indentContinuation(const std::string& text, std::size_t column) {
    std::string out;
    for (const char c : text) {
        out += c;
        if (c == '\n')
            out.append(column, ' ');
    }
    return out;
}

std::string plural(std::uint64_t count, const char* noun) {
    return std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
}

} // namespace

RegionTablePrinter::RegionTablePrinter(ExportSelection selection)
    : selection_(std::move(selection)) {}

void RegionTablePrinter::print(std::ostream& out, const ProfilingResults& results) const {
    printHeading(out, results);
    printMetadata(out, results.metadata);
    out << '\n';
    // An empty run is not an empty filter result: say which one it is.
    if (results.regions.empty())
        out << "  this run recorded no regions\n";
    else
        printTable(out, tableRows(results));
}

void RegionTablePrinter::printHeading(std::ostream& out, const ProfilingResults& results) const {
    out << results.path << '\n';
    out << "  schema " << results.schemaVersion << ", "
        << (results.layout == StorageLayout::Aggregate ? "aggregate" : "columnar") << " layout, "
        << plural(results.numRanks, "rank") << ", " << plural(results.regions.size(), "region")
        << ", "
        << (results.eventsRead || results.onDemand || results.eventsOnHost
                ? "events read"
                : "summary only (per-call events not read)")
        << '\n';
    if (!selection_.ranks().isAll())
        out << "  statistics over ranks " << selection_.ranks().toString() << '\n';
}

void RegionTablePrinter::printMetadata(std::ostream& out, const Metadata& metadata) {
    if (metadata.entries.empty()) {
        out << "  metadata: none\n";
        return;
    }
    out << "  metadata:\n";
    std::size_t keyWidth = 0;
    for (const auto& entry : metadata.entries)
        keyWidth = std::max(keyWidth, displayWidth(entry.key));
    const std::size_t valueColumn = 4 + keyWidth + 2;
    for (const auto& entry : metadata.entries) {
        out << "    " << padRight(entry.key + ":", keyWidth + 2)
            << indentContinuation(Metadata::display(entry.value), valueColumn) << '\n';
    }
}

std::vector<RegionTablePrinter::Row>
RegionTablePrinter::tableRows(const ProfilingResults& results) const {
    std::vector<Row> rows;
    rows.push_back({"region", "ranks", "calls", "total", "avg", "min", "max", "std"});
    // Only runs with GPU durations get the GPU columns (RegionTable::hasGpuData).
    const bool gpu = RegionTable::hasGpuData(results);
    if (gpu)
        rows.front().insert(rows.front().end(), {"gpu calls", "gpu total", "gpu avg"});
    for (const std::size_t region : selection_.regions(results)) {
        const auto selected = selection_.rows(results, region);
        const auto ranksWithCalls =
            std::count_if(selected.begin(), selected.end(),
                          [](const RankRegion* row) { return row->summary.count > 0; });
        const RegionStats stats = results.pooled(region, selection_.ranks());
        const auto known = [&stats](double seconds) {
            return stats.count > 0 ? formatDuration(seconds) : std::string("n/a");
        };
        rows.push_back({results.regions[region], std::to_string(ranksWithCalls),
                        std::to_string(stats.count), known(stats.total), known(stats.average),
                        known(stats.min), known(stats.max),
                        formatDuration(stats.count > 0 ? stats.std : std::nullopt)});
        if (gpu) {
            const GpuTime time = RegionTable::gpuTime(results, region, selection_.ranks());
            const bool timed = time.count > 0;
            rows.back().insert(rows.back().end(),
                               {std::to_string(time.count),
                                timed ? formatDuration(time.total()) : std::string("n/a"),
                                timed ? formatDuration(time.average()) : std::string("n/a")});
        }
    }
    return rows;
}

void RegionTablePrinter::printTable(std::ostream& out, const std::vector<Row>& rows) {
    if (rows.size() == 1) {
        out << "  no regions match\n";
        return;
    }
    printAligned(out, rows);
}

} // namespace scope::report
