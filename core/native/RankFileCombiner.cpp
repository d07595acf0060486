// SPDX-License-Identifier: GPL-3.0-or-later
#include "RankFileCombiner.h"

#include "RankFileNames.h"
#include "model/Errors.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

namespace scope {
namespace {

constexpr const char* kStep = "combining the rank files";

// A file's ranks: those of its rows, and the header's rank of a file whose
// regions have no calls (it still counts as a rank of the run).
std::set<std::uint32_t> ranksOf(const ProfilingResults& file) {
    std::set<std::uint32_t> ranks;
    for (const RankRegion& row : file.rows)
        ranks.insert(row.rank);
    if (ranks.empty())
        if (const auto rank = file.metadata.integer("mpi_rank"); rank && *rank >= 0)
            ranks.insert(static_cast<std::uint32_t>(*rank));
    return ranks;
}

bool isNative(const ProfilingResults& file) {
    // The trace reader's metadata is its own making; an HDF5 file's is the writer's.
    return !file.path.ends_with(".h5") && file.metadata.text("source") == "native" &&
           !file.metadata.find("hostname");
}

void appendColumn(EventColumn& to, const EventColumn& from) {
    to.insert(to.end(), from.begin(), from.end());
}

} // namespace

ProfilingResults combineRankFiles(std::vector<ProfilingResults> files, const std::string& label) {
    ProfilingResults run;
    if (files.empty())
        throw CorruptProfileError("", kStep, "no files to combine");

    // Lowest rank first: its metadata wins, and regions are met in its order.
    std::vector<std::set<std::uint32_t>> ranks;
    for (const ProfilingResults& file : files)
        ranks.push_back(ranksOf(file));
    std::vector<std::size_t> order(files.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    const auto lowest = [&](std::size_t i) {
        return ranks[i].empty() ? std::uint32_t(-1) : *ranks[i].begin();
    };
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return lowest(a) < lowest(b); });

    std::map<std::uint32_t, std::size_t> owner;
    for (const std::size_t i : order)
        for (const std::uint32_t rank : ranks[i])
            if (const auto [it, added] = owner.emplace(rank, i); !added)
                throw DuplicateRankError(files[i].path, kStep,
                                         "rank " + std::to_string(rank) + " is in both " +
                                             files[it->second].path + " and " + files[i].path);

    const bool allEvents = std::all_of(files.begin(), files.end(),
                                       [](const ProfilingResults& f) { return f.eventsRead; });
    const bool allGpu = allEvents && std::all_of(files.begin(), files.end(), [](const auto& f) {
                            return f.events.gpuDurations.size() == f.events.size();
                        });
    run.eventsRead = allEvents;
    run.layout = StorageLayout::Columnar;
    run.schemaVersion = files[order.front()].schemaVersion;

    std::map<std::string, std::uint32_t, std::less<>> regionIndex;
    std::vector<std::string> paths;
    for (const std::size_t i : order) {
        ProfilingResults& file = files[i];
        paths.push_back(file.path);
        run.numRanks = std::max(run.numRanks, file.numRanks);
        run.summaryFallback = run.summaryFallback || file.summaryFallback;
        run.rowDetailsSkipped = run.rowDetailsSkipped || file.rowDetailsSkipped;
        if (file.layout == StorageLayout::Aggregate)
            run.layout = StorageLayout::Aggregate;
        const std::uint64_t eventBase = run.events.size();
        if (allEvents) {
            appendColumn(run.events.starts, file.events.starts);
            appendColumn(run.events.ends, file.events.ends);
            if (allGpu)
                appendColumn(run.events.gpuDurations, file.events.gpuDurations);
        }
        std::vector<std::uint32_t> newRegion(file.regions.size());
        for (std::size_t r = 0; r < file.regions.size(); ++r) {
            const auto [it, added] = regionIndex.emplace(
                file.regions[r], static_cast<std::uint32_t>(run.regions.size()));
            if (added)
                run.regions.push_back(file.regions[r]);
            newRegion[r] = it->second;
        }
        for (RankRegion row : file.rows) {
            RowDetails details;
            if (row.details != RankRegion::kNoDetails)
                details = file.rowDetails[row.details];
            row.details = RankRegion::kNoDetails;
            row.region = newRegion[row.region];
            row.offset += eventBase;
            run.setDetails(row, std::move(details));
            run.rows.push_back(row);
        }
        for (DamagedRegion& damaged : file.damaged)
            run.damaged.push_back(std::move(damaged));
        for (const std::string& warning : file.warnings)
            run.warnings.push_back(
                warning.starts_with(file.path + ":") ? warning : file.path + ": " + warning);
    }
    run.finalize();

    // The lowest-ranked HDF5 file's metadata: a trace's is only what the
    // reader made of its header.
    const auto withMetadata = std::find_if(order.begin(), order.end(),
                                           [&](std::size_t i) { return !isNative(files[i]); });
    const ProfilingResults& first = files[withMetadata != order.end() ? *withMetadata : order[0]];
    std::string runLabel = label;
    if (runLabel.empty())
        runLabel = first.metadata.text("label").value_or(commonRunLabel(paths));
    for (const MetadataEntry& entry : first.metadata.entries)
        if (entry.key != "mpi_rank" && entry.key != "label" && entry.key != "start_time_ns")
            run.metadata.entries.push_back(entry);
    // The earliest first start of any rank: each file's origin is its own rank's.
    std::optional<std::int64_t> origin;
    for (const ProfilingResults& file : files)
        if (const auto start = file.metadata.integer("start_time_ns"))
            origin = std::min(origin.value_or(*start), *start);
    if (run.minimumStartNs)
        origin = std::min(origin.value_or(*run.minimumStartNs), *run.minimumStartNs);
    if (origin)
        run.metadata.entries.push_back({"start_time_ns", *origin});
    run.metadata.entries.push_back({"label", runLabel});
    // Named after the files opened, never after what a file says it is (a
    // label may read "/etc/passwd"): the label stays a label.
    const std::string name = label.empty() ? commonRunLabel(paths) : label;
    run.path = (std::filesystem::path(files[order[0]].path).parent_path() /
                std::filesystem::path(name).filename())
                   .string();
    return run;
}

} // namespace scope
