// SPDX-License-Identifier: GPL-3.0-or-later
#include "RegionStatisticsCsv.h"

#include "CsvWriter.h"
#include "PythonFloat.h"
#include "analysis/RegionTable.h"

#include <algorithm>
#include <optional>
#include <vector>

namespace scope {

namespace {

std::string cell(std::optional<double> seconds) {
    return seconds ? formatPythonFloat(*seconds) : std::string();
}

// gpu: the GPU columns' cells, when the export has them (empty for a file
// without GPU data among files with).
void writeStatsRow(CsvWriter& csv, const std::string& label, const std::string& region,
                   const std::string& rank, const RegionStats& stats,
                   std::optional<std::optional<GpuTime>> gpu) {
    const bool known = stats.count > 0;
    const auto value = [known](double seconds) {
        return known ? std::optional<double>(seconds) : std::nullopt;
    };
    std::vector<std::string> fields = {label,
                                       region,
                                       rank,
                                       std::to_string(stats.count),
                                       cell(value(stats.total)),
                                       cell(value(stats.average)),
                                       cell(value(stats.min)),
                                       cell(value(stats.max)),
                                       cell(known ? stats.std : std::nullopt)};
    if (gpu) {
        fields.push_back(*gpu ? std::to_string((*gpu)->count) : std::string());
        fields.push_back(*gpu ? formatPythonFloat((*gpu)->total()) : std::string());
    }
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
    // GPU columns only where some file has GPU data, like the JSON's keys.
    const bool anyGpu = std::any_of(files.begin(), files.end(), [](const ProfilingResults* file) {
        return RegionTable::hasGpuData(*file);
    });
    CsvWriter csv;
    std::vector<std::string> header = {"file",      "region", "rank",  "count", "total_s",
                                       "average_s", "min_s",  "max_s", "std_s"};
    if (anyGpu) {
        header.push_back("gpu_count");
        header.push_back("gpu_total_s");
    }
    csv.writeRow(header);
    const auto labels = ExportSelection::labels(files);
    for (std::size_t i = 0; i < files.size(); ++i) {
        const ProfilingResults& file = *files[i];
        const bool gpu = RegionTable::hasGpuData(file);
        const auto gpuCells = [&](auto time) -> std::optional<std::optional<GpuTime>> {
            if (!anyGpu)
                return std::nullopt;
            return gpu ? std::optional<GpuTime>(time()) : std::optional<GpuTime>();
        };
        for (const std::size_t region : selection_.regions(file)) {
            const std::string& name = file.regions[region];
            for (const RankRegion* row : selection_.rows(file, region))
                writeStatsRow(csv, labels[i], name, std::to_string(row->rank),
                              file.stats(region, row->rank),
                              gpuCells([&] { return RegionTable::gpuTime(row->summary); }));
            writeStatsRow(
                csv, labels[i], name, "all", file.pooled(region, selection_.ranks()),
                gpuCells([&] { return RegionTable::gpuTime(file, region, selection_.ranks()); }));
        }
    }
    return csv.take();
}

} // namespace scope
