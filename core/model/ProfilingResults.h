// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "AuxiliaryData.h"
#include "CallSource.h"
#include "CallsElsewhere.h"
#include "EventColumns.h"
#include "LaneTables.h"
#include "Metadata.h"
#include "RankRegion.h"
#include "RankSelection.h"
#include "RegionHistogram.h"
#include "RegionPercentiles.h"
#include "RegionStats.h"
#include "RowDetails.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace scope {

enum class StorageLayout { Columnar, Aggregate };

struct DamagedRegion {
    std::uint32_t rank = 0;
    std::string region;
    std::string reason;
};

// Everything read from one profiling file. A plain value: readers fill it, the
// UI and the exporters only read it.
class ProfilingResults {
public:
    std::string path;
    int schemaVersion = 1;
    StorageLayout layout = StorageLayout::Columnar;
    bool eventsRead = false;      // per-call data is in `events`
    bool summaryFallback = false; // a summary-only read had to read the events
    // Read over SSH (core/remote): the statistics came from the calls, which
    // stayed on the host (eventsRead and onDemand are unset here).
    bool eventsOnHost = false;
    // The rows' details were not read: the file has more index rows than
    // ReadRequest::rowDetailsLimit.
    bool rowDetailsSkipped = false;
    std::uint32_t numRanks = 0;
    Metadata metadata;
    std::vector<std::string> regions;   // the contract's order
    std::vector<RankRegion> rows;       // sorted by (region, rank)
    std::vector<RowDetails> rowDetails; // what RankRegion::details points at
    EventColumns events;
    // Set instead of `events` when the events did not fit in the memory
    // budget (ReadRequest::memoryBudget): the rows' statistics were computed
    // while streaming them and their calls are read from the file on demand.
    std::shared_ptr<const CallSource> onDemand;
    // Set instead of both for a run whose calls stayed on the host that read
    // them: it answers the questions about single calls there.
    std::shared_ptr<const CallsElsewhere> callsElsewhere;
    // Per region (in `regions` order), the percentiles of all ranks' calls
    // pooled, computed where the calls were (a kept index, a read over SSH);
    // empty when not kept. finalize() keeps them with their regions.
    std::vector<RegionPercentiles> keptPercentiles;
    // Likewise the histogram of each region's calls over all ranks.
    std::vector<RegionHistogram> keptHistograms;
    std::optional<std::int64_t> minimumStartNs;
    std::vector<DamagedRegion> damaged;
    std::vector<std::string> warnings;
    std::vector<LikwidRank> likwidRanks;
    std::vector<LikwidRegion> likwid;
    std::vector<LineProfile> lineProfiles;
    std::vector<PerfEventSet> perfEvents;
    // thread_table and task_table rows, by (rank, index); empty without lanes.
    std::vector<ThreadInfo> threads;
    std::vector<TaskInfo> tasks;

    // Sorts rows, orders regions as the contract says, builds the row index and
    // minimumStartNs. Readers call it once after filling the fields above.
    void finalize();

    std::optional<std::size_t> regionIndex(std::string_view name) const;
    std::span<const RankRegion> rowsOf(std::size_t region) const;
    // The row's source location, tags and event metadata (empty when unknown).
    const RowDetails& details(const RankRegion& row) const;
    // Gives `row` these details unless they are empty.
    void setDetails(RankRegion& row, RowDetails details);
    const RankRegion* row(std::size_t region, std::uint32_t rank) const;
    std::span<const std::int64_t> starts(const RankRegion& row) const;
    std::span<const std::int64_t> ends(const RankRegion& row) const;

    RegionStats stats(std::size_t region, std::uint32_t rank) const;
    // Pooled statistics of all calls of the selected ranks taken together.
    RegionStats pooled(std::size_t region, const RankSelection& ranks = {}) const;
    // The slowest selected rank's total ÷ the mean total over every selected
    // rank of the run, those without calls of the region counting 0 (0
    // without calls): work done on one rank of three is 3×.
    double loadImbalance(std::size_t region, const RankSelection& ranks = {}) const;
    // The same with the number of selected ranks known (rankCount).
    double loadImbalance(std::size_t region, const RankSelection& ranks,
                         std::size_t selectedRanks) const;
    // How many of the run's ranks (RankSelection::ranksOf) the selection holds.
    std::size_t rankCount(const RankSelection& ranks) const;
    std::optional<double> minimumStartSeconds() const;
    std::uint64_t totalCalls() const;

private:
    // By (region, rank), stable; each row moves once.
    void sortRows();

    std::vector<std::size_t> regionBegin_; // rows of region i: [regionBegin_[i], regionBegin_[i+1])
};

} // namespace scope
