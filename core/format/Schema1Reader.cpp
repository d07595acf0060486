#include "Schema1Reader.h"

#include "RankGroups.h"
#include "TimeRangeCheck.h"

#include "h5/AttributeReader.h"
#include "h5/DatasetReader.h"
#include "model/Errors.h"

#include <algorithm>
#include <map>

namespace scope {
namespace {

constexpr const char* kStep = "reading the rank groups";
constexpr const char* kOptionalColumns[] = {"gpu_durations", "call_ids", "parent_ids"};

} // namespace

void Schema1Reader::plan(std::uint32_t rank, const std::string& group, ProfilingResults& results) {
    const std::string regionsPath = group + "/regions";
    if (!file_.isGroup(file_.root(), regionsPath))
        return; // a rank that recorded nothing
    h5::Group regions = file_.openGroup(file_.root(), regionsPath, kStep);
    for (const std::string& name : file_.children(regions.get(), kStep)) {
        const std::string path = regionsPath + "/" + name;
        const std::string step = "reading region '" + name + "' of " + group;
        try {
            if (!file_.exists(file_.root(), path + "/start_times") ||
                !file_.exists(file_.root(), path + "/end_times")) {
                results.damaged.push_back({rank, name, "start_times or end_times is missing"});
                continue;
            }
            h5::DatasetReader starts(file_, file_.root(), path + "/start_times", step);
            h5::DatasetReader ends(file_, file_.root(), path + "/end_times", step);
            std::string reason;
            if (starts.rank() != 1 || ends.rank() != 1)
                reason = "start_times and end_times must be one-dimensional";
            else if (!starts.isInteger() || !ends.isInteger())
                reason = "start_times and end_times must hold integers";
            else if (starts.length() != ends.length())
                reason = "start_times has " + std::to_string(starts.length()) +
                         " values but end_times has " + std::to_string(ends.length());
            if (!reason.empty()) {
                results.damaged.push_back({rank, name, reason});
                continue;
            }
            planned_.push_back({rank, name, path, starts.length()});
        } catch (const CorruptProfileError& e) {
            results.damaged.push_back({rank, name, e.what()});
        }
    }
}

void Schema1Reader::read(ProfilingResults& results) {
    const auto ranks = listRankGroups(file_);
    results.numRanks = static_cast<std::uint32_t>(ranks.size());
    for (const auto& [rank, group] : ranks) {
        file_.checkCancelled(kStep);
        plan(rank, group, results);
    }
    readEvents(results);
}

void Schema1Reader::readEvents(ProfilingResults& results) {
    std::uint64_t total = 0;
    for (const PlannedRegion& p : planned_)
        total += p.count;
    // Each dataset was checked on its own; many regions together could still
    // claim more than any file of this size can hold.
    if (total / 512 > file_.fileSize())
        file_.corrupt(kStep, "the regions claim more events than the file can hold");
    results.events.starts.resize(total);
    results.events.ends.resize(total);

    std::map<std::string, std::uint32_t> regionIds;
    TimeRangeCheck range;
    std::uint64_t offset = 0;
    std::uint64_t done = 0;
    for (const PlannedRegion& p : planned_) {
        const std::string step =
            "reading region '" + p.name + "' of rank " + std::to_string(p.rank);
        file_.progress(total > 0 ? static_cast<double>(done) / static_cast<double>(total) : 0.0,
                       step);
        auto starts = std::span(results.events.starts).subspan(offset, p.count);
        auto ends = std::span(results.events.ends).subspan(offset, p.count);
        try {
            h5::DatasetReader(file_, file_.root(), p.path + "/start_times", step).readInt64(starts);
            h5::DatasetReader(file_, file_.root(), p.path + "/end_times", step).readInt64(ends);
        } catch (const ReadCancelled&) {
            throw;
        } catch (const CorruptProfileError& e) {
            results.damaged.push_back({p.rank, p.name, e.what()});
            continue;
        }
        if (!range.add(starts, ends)) {
            results.damaged.push_back(
                {p.rank, p.name, file_.path() + ": " + step + ": times out of range (damaged)"});
            continue;
        }
        auto [it, inserted] =
            regionIds.emplace(p.name, static_cast<std::uint32_t>(results.regions.size()));
        if (inserted)
            results.regions.push_back(p.name);
        RankRegion row;
        row.rank = p.rank;
        row.region = it->second;
        row.offset = offset;
        row.summary = CallSummary::fromEvents(starts, ends);
        readAttributes(p, row);
        results.rows.push_back(std::move(row));
        offset += p.count;
        done += p.count;
    }
    // Damaged regions leave a gap at the end; give the memory back.
    results.events.starts.resize(offset);
    results.events.ends.resize(offset);
    results.eventsRead = true;
    readOptionalColumns(results);
}

void Schema1Reader::readOptionalColumns(ProfilingResults& results) {
    EventColumns& events = results.events;
    EventColumn* columns[] = {&events.gpuDurations, &events.callIds, &events.parentIds};
    for (std::size_t c = 0; c < std::size(kOptionalColumns); ++c) {
        EventColumn& column = *columns[c];
        for (const RankRegion& row : results.rows) {
            const std::string& name = results.regions[row.region];
            const std::string path =
                "rank" + std::to_string(row.rank) + "/regions/" + name + "/" + kOptionalColumns[c];
            if (!file_.exists(file_.root(), path))
                continue;
            const std::string step = "reading " + path;
            h5::DatasetReader reader(file_, file_.root(), path, step);
            if (reader.rank() != 1 || !reader.isInteger() || reader.length() != row.summary.count) {
                results.warnings.push_back(file_.path() + ": " + path +
                                           " does not match the region's calls; ignored");
                continue;
            }
            if (column.empty())
                column.assign(events.size(), -1);
            reader.readInt64(std::span(column).subspan(row.offset, row.summary.count));
        }
    }
    if (!events.gpuDurations.empty())
        for (RankRegion& row : results.rows) {
            const auto gpu = std::span(events.gpuDurations).subspan(row.offset, row.summary.count);
            for (std::int64_t g : gpu)
                if (g >= 0) {
                    ++row.summary.gpuCount;
                    row.summary.gpuTotal += g;
                }
        }
}

void Schema1Reader::readAttributes(const PlannedRegion& p, RankRegion& row) const {
    h5::Group group = file_.openGroup(file_.root(), p.path, "reading region attributes");
    h5::AttributeReader attributes(file_, group.get(), "reading region attributes");
    row.source.file = attributes.text("source_file").value_or("");
    row.source.line = attributes.integer("source_lineno").value_or(-1);
    row.source.text = attributes.text("source_text").value_or("");
    row.tags = attributes.texts("tags");
}

} // namespace scope
