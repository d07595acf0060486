// SPDX-License-Identifier: GPL-3.0-or-later
#include "Schema1Reader.h"

#include "RankGroups.h"

#include "h5/AttributeReader.h"
#include "h5/DatasetReader.h"
#include "model/Errors.h"

namespace scope {
namespace {

constexpr const char* kStep = "reading the rank groups";

struct OptionalColumn {
    const char* name;
    EventColumnId column;
};
constexpr OptionalColumn kOptionalColumns[] = {{"gpu_durations", EventColumnId::GpuDurations},
                                               {"call_ids", EventColumnId::CallIds},
                                               {"parent_ids", EventColumnId::ParentIds}};

bool hasLink(hid_t group, const char* name) {
    return H5Lexists(group, name, H5P_DEFAULT) > 0;
}

} // namespace

void Schema1Reader::read(ProfilingResults& results) {
    const auto ranks = listRankGroups(file_);
    results.numRanks = static_cast<std::uint32_t>(ranks.size());
    for (std::size_t i = 0; i < ranks.size(); ++i) {
        file_.checkCancelled(kStep);
        file_.progress(static_cast<double>(i) / static_cast<double>(ranks.size()),
                       "reading " + ranks[i].second);
        readRank(ranks[i].first, ranks[i].second, results);
    }
    // Each dataset was checked on its own; many regions together could still
    // claim more than any file of this size can hold.
    if (offset_ / 512 > file_.fileSize())
        file_.corrupt(kStep, "the regions claim more events than the file can hold");
    plan_.readsEvents = true;
    for (std::size_t c = 0; c < kEventColumnCount; ++c)
        if (c <= static_cast<std::size_t>(EventColumnId::Ends) || optionalColumns_[c])
            plan_.columnLengths[c] = offset_;
}

void Schema1Reader::readRank(std::uint32_t rank, const std::string& group,
                             ProfilingResults& results) {
    const std::string regionsPath = group + "/regions";
    if (!file_.isGroup(file_.root(), regionsPath))
        return; // a rank that recorded nothing
    h5::Group regions = file_.openGroup(file_.root(), regionsPath, kStep);
    for (const std::string& name : file_.children(regions.get(), kStep)) {
        const EventPlanner::Mark mark = planner_.mark();
        const std::size_t rows = results.rows.size();
        const std::size_t details = results.rowDetails.size();
        const std::size_t warnings = results.warnings.size();
        std::string damage;
        try {
            damage = readRegion(rank, regions.get(), name, results);
        } catch (const ReadCancelled&) {
            throw;
        } catch (const CorruptProfileError& e) {
            damage = e.what();
        }
        if (damage.empty())
            continue;
        planner_.rollBack(mark);
        results.rows.resize(rows);
        results.rowDetails.resize(details);
        results.warnings.resize(warnings);
        results.damaged.push_back({rank, name, damage});
    }
}

std::string Schema1Reader::readRegion(std::uint32_t rank, hid_t regions, const std::string& name,
                                      ProfilingResults& results) {
    const std::string step = "reading region '" + name + "' of rank " + std::to_string(rank);
    const h5::Group group = file_.openGroup(regions, name, step);
    if (!hasLink(group.get(), "start_times") || !hasLink(group.get(), "end_times"))
        return "start_times or end_times is missing";
    const h5::DatasetReader starts(file_, group.get(), "start_times", step);
    const h5::DatasetReader ends(file_, group.get(), "end_times", step);
    if (starts.rank() != 1 || ends.rank() != 1)
        return "start_times and end_times must be one-dimensional";
    if (!starts.isInteger() || !ends.isInteger())
        return "start_times and end_times must hold integers";
    if (starts.length() != ends.length())
        return "start_times has " + std::to_string(starts.length()) + " values but end_times has " +
               std::to_string(ends.length());
    const auto row = static_cast<std::int64_t>(results.rows.size());
    planner_.add(starts, EventColumnId::Starts, offset_, row);
    planner_.add(ends, EventColumnId::Ends, offset_, row);

    RankRegion planned;
    planned.rank = rank;
    planned.offset = offset_;
    planned.summary.count = starts.length();
    const h5::AttributeReader attributes(file_, group.get(), "reading region attributes");
    RowDetails details;
    details.source.file = attributes.text("source_file").value_or("");
    details.source.line = attributes.integer("source_lineno").value_or(-1);
    details.source.text = attributes.text("source_text").value_or("");
    details.tags = attributes.texts("tags");
    results.setDetails(planned, std::move(details));
    results.rows.push_back(planned);
    planOptionalColumns(group.get(), name, row, results);

    // Only a region read whole gets a place in the region table and the columns.
    auto [it, inserted] =
        regionIds_.emplace(name, static_cast<std::uint32_t>(results.regions.size()));
    if (inserted)
        results.regions.push_back(name);
    results.rows.back().region = it->second;
    offset_ += starts.length();
    return {};
}

void Schema1Reader::planOptionalColumns(hid_t region, const std::string& regionName,
                                        std::int64_t row, ProfilingResults& results) {
    const RankRegion& planned = results.rows[static_cast<std::size_t>(row)];
    for (const auto& [name, column] : kOptionalColumns) {
        if (!hasLink(region, name))
            continue;
        const std::string step = "reading " + std::string(name);
        const h5::DatasetReader reader(file_, region, name, step);
        if (reader.rank() != 1 || !reader.isInteger() || reader.length() != planned.summary.count) {
            results.warnings.push_back(file_.path() + ": rank" + std::to_string(planned.rank) +
                                       "/regions/" + regionName + "/" + name +
                                       " does not match the region's calls; ignored");
            continue;
        }
        planner_.add(reader, column, planned.offset, row);
        optionalColumns_[static_cast<std::size_t>(column)] = true;
    }
}

} // namespace scope
