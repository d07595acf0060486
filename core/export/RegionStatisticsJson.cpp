// SPDX-License-Identifier: GPL-3.0-or-later
#include "RegionStatisticsJson.h"

#include "CallTreeJson.h"
#include "HardwareJson.h"
#include "JsonWriter.h"
#include "MpiJson.h"
#include "analysis/ImbalancePattern.h"
#include "analysis/RegionTable.h"

#include <filesystem>
#include <stdexcept>
#include <type_traits>
#include <variant>

namespace scope {

namespace {

// The six statistics of one region as scope-profiler's _stats_from_values
// writes them: nothing but the count is known without calls.
void writeStatistics(JsonWriter& json, const RegionStats& stats) {
    json.key("count").value(stats.count);
    if (stats.count == 0) {
        for (const char* name :
             {"average_duration_seconds", "min_duration_seconds", "max_duration_seconds",
              "std_duration_seconds", "total_duration_seconds"})
            json.key(name).null();
        return;
    }
    json.key("average_duration_seconds").value(stats.average);
    json.key("min_duration_seconds").value(stats.min);
    json.key("max_duration_seconds").value(stats.max);
    json.key("std_duration_seconds").value(stats.std);
    json.key("total_duration_seconds").value(stats.total);
}

void writeGpu(JsonWriter& json, const GpuTime& gpu) {
    json.key("gpu_count").value(gpu.count);
    json.key("gpu_total_seconds").value(gpu.total());
}

// Path.resolve(): absolute, symbolic links followed, without requiring the file to exist.
std::string resolvedPath(const std::string& path) {
    // A run read over SSH (ssh://host/path) is named by its address.
    if (path.starts_with("ssh://"))
        return path;
    std::error_code error;
    auto resolved =
        std::filesystem::weakly_canonical(std::filesystem::absolute(path, error), error);
    return error ? path : resolved.string();
}

void writeMetadataValue(JsonWriter& json, const MetadataValue& value) {
    std::visit(
        [&json](const auto& item) {
            using T = std::decay_t<decltype(item)>;
            if constexpr (std::is_same_v<T, std::vector<std::string>>)
                json.stringArray(item);
            else
                json.value(item);
        },
        value);
}

} // namespace

RegionStatisticsJson::RegionStatisticsJson(ExportSelection selection)
    : selection_(std::move(selection)) {}

void RegionStatisticsJson::setHardware(bool likwid, bool perfEvents, bool lineProfile) {
    likwid_ = likwid;
    perfEvents_ = perfEvents;
    lineProfile_ = lineProfile;
}

void RegionStatisticsJson::setCallTrees(std::vector<const CallTree*> trees) {
    withCallTrees_ = true;
    callTrees_ = std::move(trees);
}

void RegionStatisticsJson::setLanes(std::vector<const LaneTable*> lanes) {
    withLanes_ = true;
    lanes_ = std::move(lanes);
}

std::string RegionStatisticsJson::write(const ProfilingResults& file) const {
    const ProfilingResults* files[] = {&file};
    return write(files);
}

std::string RegionStatisticsJson::write(std::span<const ProfilingResults* const> files) const {
    return write(files, ExportSelection::labels(files));
}

std::string RegionStatisticsJson::write(std::span<const ProfilingResults* const> files,
                                        std::span<const std::string> labels) const {
    if (labels.size() != files.size())
        throw std::invalid_argument("RegionStatisticsJson: one label per file");
    if (withCallTrees_ && callTrees_.size() != files.size())
        throw std::invalid_argument("RegionStatisticsJson: one call tree per file");
    if (withLanes_ && lanes_.size() != files.size())
        throw std::invalid_argument("RegionStatisticsJson: one lane table per file");
    JsonWriter json;
    json.beginObject();
    json.key("units").beginObject().key("durations").value("seconds").endObject();
    writeFilters(json);
    json.key("common_regions").stringArray(selection_.commonRegions(files));
    json.key("files").beginArray();
    for (std::size_t i = 0; i < files.size(); ++i)
        writeFile(json, *files[i], labels[i], i);
    json.endArray();
    json.endObject();
    return json.take();
}

void RegionStatisticsJson::writeFilters(JsonWriter& json) const {
    const RegionFilter& filter = selection_.regionFilter();
    json.key("filters").beginObject();
    // scope-profiler echoes its arguments: None when no pattern or rank was given.
    json.key("include");
    if (filter.include().empty())
        json.null();
    else
        json.stringArray(filter.include());
    json.key("exclude");
    if (filter.exclude().empty())
        json.null();
    else
        json.stringArray(filter.exclude());
    json.key("ranks");
    if (selection_.ranks().isAll()) {
        json.null();
    } else {
        json.beginArray();
        for (const std::uint32_t rank : selection_.ranks().ranks())
            json.value(rank);
        json.endArray();
    }
    json.endObject();
}

void RegionStatisticsJson::writeFile(JsonWriter& json, const ProfilingResults& file,
                                     std::string_view label, std::size_t index) const {
    json.beginObject();
    json.key("label").value(label);
    json.key("file_path").value(resolvedPath(file.path));
    json.key("num_ranks").value(file.numRanks);
    json.key("region_statistics").beginObject();
    const bool gpu = RegionTable::hasGpuData(file);
    for (const std::size_t region : selection_.regions(file))
        writeRegion(json, file, region, gpu);
    json.endObject();
    writeExtras(json, file);
    if (likwid_)
        HardwareJson::writeLikwid(json, file, selection_.ranks());
    if (perfEvents_)
        HardwareJson::writePerfEvents(json, file, selection_.ranks());
    if (lineProfile_)
        HardwareJson::writeLineProfiles(json, file, selection_.ranks());
    if (mpi_)
        MpiJson::write(json, file, selection_.ranks());
    if (withCallTrees_) {
        json.key("call_tree");
        if (callTrees_[index] != nullptr)
            CallTreeJson(selection_.regionFilter()).write(json, *callTrees_[index], file);
        else
            json.null();
    }
    if (withLanes_) {
        json.key("lanes");
        if (lanes_[index] != nullptr) {
            json.beginArray();
            for (const LaneSummary& lane : lanes_[index]->lanes()) {
                json.beginObject();
                json.key("rank").value(lane.rank);
                json.key("lane").value(lane.lane);
                json.key("label").value(lane.label);
                json.key("calls").value(lane.calls);
                json.key("root_seconds").value(static_cast<double>(lane.rootNs) / 1e9);
                json.key("await_seconds").value(static_cast<double>(lane.awaitNs) / 1e9);
                json.endObject();
            }
            json.endArray();
        } else {
            json.null();
        }
    }
    json.endObject();
}

void RegionStatisticsJson::writeRegion(JsonWriter& json, const ProfilingResults& file,
                                       std::size_t region, bool gpu) const {
    json.key(file.regions[region]).beginObject();
    writeStatistics(json, file.pooled(region, selection_.ranks()));
    if (gpu)
        writeGpu(json, RegionTable::gpuTime(file, region, selection_.ranks()));
    json.key("per_rank").beginObject();
    for (const RankRegion* row : selection_.rows(file, region)) {
        json.key(std::to_string(row->rank)).beginObject();
        writeStatistics(json, file.stats(region, row->rank));
        if (gpu)
            writeGpu(json, RegionTable::gpuTime(row->summary));
        json.endObject();
    }
    json.endObject();
    if (imbalance_) {
        const ImbalancePattern pattern = ImbalancePattern::of(file, region, selection_.ranks());
        if (pattern.kind == ImbalanceKind::Unknown) {
            json.key("imbalance_pattern").null();
            json.key("imbalance_recoverable").null();
        } else {
            json.key("imbalance_pattern").value(pattern.name());
            json.key("imbalance_recoverable").value(pattern.recoverableSeconds);
        }
    }
    json.endObject();
}

void RegionStatisticsJson::writeExtras(JsonWriter& json, const ProfilingResults& file) {
    json.key("schema_version").value(file.schemaVersion);
    json.key("summary_only").value(!file.eventsRead && !file.onDemand && !file.eventsOnHost);
    json.key("region_order").stringArray(file.regions);
    json.key("minimum_start_time_seconds").value(file.minimumStartSeconds());
    json.key("metadata").beginObject();
    for (const MetadataEntry& entry : file.metadata.entries) {
        json.key(entry.key);
        writeMetadataValue(json, entry.value);
    }
    json.endObject();
    json.key("damaged").beginArray();
    for (const DamagedRegion& damaged : file.damaged) {
        json.beginObject();
        json.key("rank").value(damaged.rank);
        json.key("region").value(damaged.region);
        json.key("reason").value(damaged.reason);
        json.endObject();
    }
    json.endArray();
}

} // namespace scope
