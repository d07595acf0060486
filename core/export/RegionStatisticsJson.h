// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/CallTree.h"
#include "analysis/LaneTable.h"
#include "model/ExportSelection.h"
#include "model/ProfilingResults.h"

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace scope {

class JsonWriter;

// scope-profiler's region_statistics.json (write_region_statistics_json) for
// one or several files, laid out byte for byte as json.dumps(indent=2) does:
// units, filters, common_regions, then per file label, file_path, num_ranks
// and region_statistics. Each files[] entry then carries our own keys, after
// the standard ones so scope-profiler's consumers ignore them: schema_version,
// summary_only, region_order, minimum_start_time_seconds, metadata, damaged,
// and with call trees given, call_tree (see CallTreeJson). Files with GPU
// data (RegionTable::hasGpuData) get gpu_count and gpu_total_seconds in every
// region and per-rank entry; others keep scope-profiler's keys alone.
class RegionStatisticsJson {
public:
    explicit RegionStatisticsJson(ExportSelection selection = {});

    // Adds "call_tree" to every file: one tree per file, in the files' order,
    // each pooled over the selection's ranks; nullptr (no per-call data)
    // writes null. Without this call the layout is unchanged.
    void setCallTrees(std::vector<const CallTree*> trees);

    // Adds "lanes" to every file: one table per file, in the files' order, as
    // [{"rank", "lane", "label", "calls", "root_seconds", "await_seconds"}];
    // nullptr (no per-call data) writes null. Without this call the layout
    // is unchanged.
    void setLanes(std::vector<const LaneTable*> lanes);

    // Adds "likwid", "perf_events" and "line_profile" arrays (HardwareJson) to
    // every file, each only when asked for, so the default layout is unchanged.
    void setHardware(bool likwid, bool perfEvents, bool lineProfile);
    // Adds "mpi" (MpiJson) to every file, so the default layout is unchanged.
    void setMpi(bool mpi) { mpi_ = mpi; }
    // Adds to every region, after "per_rank", "imbalance_pattern"
    // (ImbalancePattern::name over the selection's ranks, 16 windows) and
    // "imbalance_recoverable" (seconds); both null where the pattern is
    // unknown (no per-call data, fewer than two ranks).
    void setImbalance(bool imbalance) { imbalance_ = imbalance; }

    // The JSON text without a trailing newline, as json.dumps returns it.
    std::string write(std::span<const ProfilingResults* const> files) const;
    // With the caller's labels (one per file) instead of scope-profiler's
    // file stems: the viewer names runs as its tabs do.
    std::string write(std::span<const ProfilingResults* const> files,
                      std::span<const std::string> labels) const;
    std::string write(const ProfilingResults& file) const;

private:
    void writeFilters(JsonWriter& json) const;
    void writeFile(JsonWriter& json, const ProfilingResults& file, std::string_view label,
                   std::size_t index) const;
    void writeRegion(JsonWriter& json, const ProfilingResults& file, std::size_t region,
                     bool gpu) const;
    static void writeExtras(JsonWriter& json, const ProfilingResults& file);

    ExportSelection selection_;
    bool withCallTrees_ = false;
    std::vector<const CallTree*> callTrees_;
    bool withLanes_ = false;
    std::vector<const LaneTable*> lanes_;
    bool likwid_ = false;
    bool perfEvents_ = false;
    bool lineProfile_ = false;
    bool mpi_ = false;
    bool imbalance_ = false;
};

} // namespace scope
