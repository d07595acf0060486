// SPDX-License-Identifier: GPL-3.0-or-later
#include "RegionStatisticsCsv.h"

#include "CsvWriter.h"
#include "PythonFloat.h"

#include <optional>

namespace scope {

namespace {

std::string cell(std::optional<double> seconds) {
    return seconds ? formatPythonFloat(*seconds) : std::string();
}

void writeStatsRow(CsvWriter& csv, const std::string& label, const std::string& region,
                   const std::string& rank, const RegionStats& stats) {
    const bool known = stats.count > 0;
    const auto value = [known](double seconds) {
        return known ? std::optional<double>(seconds) : std::nullopt;
    };
    const std::string fields[] = {label,
                                  region,
                                  rank,
                                  std::to_string(stats.count),
                                  cell(value(stats.total)),
                                  cell(value(stats.average)),
                                  cell(value(stats.min)),
                                  cell(value(stats.max)),
                                  cell(known ? stats.std : std::nullopt)};
    csv.writeRow(fields);
}

} // namespace

RegionStatisticsCsv::RegionStatisticsCsv(ExportSelection selection)
    : selection_(std::move(selection)) {}

std::string RegionStatisticsCsv::write(const ProfilingResults& file) const {
    const ProfilingResults* files[] = {&file};
    return write(files);
}

std::string RegionStatisticsCsv::write(std::span<const ProfilingResults* const> files) const {
    CsvWriter csv;
    csv.writeRow(
        {"file", "region", "rank", "count", "total_s", "average_s", "min_s", "max_s", "std_s"});
    const auto labels = ExportSelection::labels(files);
    for (std::size_t i = 0; i < files.size(); ++i) {
        const ProfilingResults& file = *files[i];
        for (const std::size_t region : selection_.regions(file)) {
            const std::string& name = file.regions[region];
            for (const RankRegion* row : selection_.rows(file, region))
                writeStatsRow(csv, labels[i], name, std::to_string(row->rank),
                              file.stats(region, row->rank));
            writeStatsRow(csv, labels[i], name, "all", file.pooled(region, selection_.ranks()));
        }
    }
    return csv.take();
}

} // namespace scope
