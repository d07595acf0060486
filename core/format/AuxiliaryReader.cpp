// SPDX-License-Identifier: GPL-3.0-or-later
#include "AuxiliaryReader.h"

#include "RankGroups.h"

#include "h5/AttributeReader.h"
#include "h5/DatasetReader.h"
#include "model/Errors.h"

#include <algorithm>

namespace scope {

void AuxiliaryReader::read(ProfilingResults& results, bool likwid, bool lineProfile,
                           bool perfEvents) {
    const auto ranks = listRankGroups(file_);
    for (const auto& [rank, group] : ranks) {
        try {
            if (likwid && file_.isGroup(file_.root(), group + "/likwid"))
                readLikwid(rank, group + "/likwid", results);
            if (lineProfile && file_.isGroup(file_.root(), group + "/line_profile"))
                readLineProfiles(rank, group + "/line_profile", results);
            if (perfEvents && file_.isGroup(file_.root(), group + "/perf_events"))
                readPerfEvents(rank, group + "/perf_events", results);
        } catch (const MissingFilterError&) {
            throw;
        } catch (const ReadCancelled&) {
            throw;
        } catch (const ProfileError& e) {
            results.warnings.push_back(std::string("auxiliary data skipped: ") + e.what());
        }
    }
}

void AuxiliaryReader::readLikwid(std::uint32_t rank, const std::string& path,
                                 ProfilingResults& results) {
    const std::string step = "reading LIKWID data of rank " + std::to_string(rank);
    h5::Group group = file_.openGroup(file_.root(), path, step);
    results.likwidRanks.push_back({rank, {h5::AttributeReader(file_, group.get(), step).all()}});
    if (!file_.isGroup(file_.root(), path + "/regions"))
        return;
    h5::Group regions = file_.openGroup(file_.root(), path + "/regions", step);
    for (const std::string& name : file_.children(regions.get(), step)) {
        const std::string regionPath = path + "/regions/" + name;
        h5::Group regionGroup = file_.openGroup(file_.root(), regionPath, step);
        h5::AttributeReader attributes(file_, regionGroup.get(), step);
        LikwidRegion region;
        region.rank = rank;
        // The group name has "/" written as "|"; the attribute holds the real tag.
        region.tag = attributes.text("tag").value_or(name);
        region.groupId = attributes.integer("group_id").value_or(-1);
        region.groupName = attributes.text("group_name").value_or("");
        region.source = attributes.text("source").value_or("");
        region.eventNames = attributes.texts("event_names");
        region.counterNames = attributes.texts("counter_names");
        region.metricNames = attributes.texts("metric_names");
        auto read = [&](const char* dataset) {
            return file_.exists(file_.root(), regionPath + "/" + dataset);
        };
        if (read("cpus"))
            region.cpus =
                h5::DatasetReader(file_, file_.root(), regionPath + "/cpus", step).readInt64();
        if (read("times"))
            region.times =
                h5::DatasetReader(file_, file_.root(), regionPath + "/times", step).readDouble();
        if (read("call_counts"))
            region.callCounts =
                h5::DatasetReader(file_, file_.root(), regionPath + "/call_counts", step)
                    .readInt64();
        if (read("events"))
            region.events =
                h5::DatasetReader(file_, file_.root(), regionPath + "/events", step).readDouble();
        if (read("metrics"))
            region.metrics =
                h5::DatasetReader(file_, file_.root(), regionPath + "/metrics", step).readDouble();
        results.likwid.push_back(std::move(region));
    }
}

void AuxiliaryReader::readLineProfiles(std::uint32_t rank, const std::string& path,
                                       ProfilingResults& results) {
    const std::string step = "reading the line profiles of rank " + std::to_string(rank);
    h5::Group group = file_.openGroup(file_.root(), path, step);
    std::vector<std::string> names = file_.children(group.get(), step);
    // "0", "1", ... "10": numeric order, as written.
    std::stable_sort(names.begin(), names.end(), [](const std::string& a, const std::string& b) {
        return a.size() != b.size() ? a.size() < b.size() : a < b;
    });
    for (const std::string& name : names) {
        const std::string entryPath = path + "/" + name;
        h5::Group entry = file_.openGroup(file_.root(), entryPath, step);
        h5::AttributeReader attributes(file_, entry.get(), step);
        LineProfile profile;
        profile.rank = rank;
        profile.region = attributes.text("region").value_or("");
        profile.filename = attributes.text("filename").value_or("");
        profile.function = attributes.text("function").value_or("");
        profile.firstLine = attributes.integer("first_lineno").value_or(0);
        profile.unit = attributes.number("unit").value_or(1e-9);
        profile.source = attributes.text("source").value_or("");
        profile.sourceFirstLine =
            attributes.integer("source_first_lineno").value_or(profile.firstLine);
        profile.lineNumbers =
            h5::DatasetReader(file_, file_.root(), entryPath + "/line_numbers", step).readInt64();
        profile.hits =
            h5::DatasetReader(file_, file_.root(), entryPath + "/hits", step).readInt64();
        profile.times =
            h5::DatasetReader(file_, file_.root(), entryPath + "/times", step).readDouble();
        if (profile.hits.size() != profile.lineNumbers.size() ||
            profile.times.size() != profile.lineNumbers.size())
            file_.corrupt(step, "line profile " + name + " has columns of different lengths");
        results.lineProfiles.push_back(std::move(profile));
    }
}

void AuxiliaryReader::readPerfEvents(std::uint32_t rank, const std::string& path,
                                     ProfilingResults& results) {
    const std::string step = "reading the perf events of rank " + std::to_string(rank);
    h5::Group group = file_.openGroup(file_.root(), path, step);
    for (const std::string& name : file_.children(group.get(), step)) {
        const std::string regionPath = path + "/" + name;
        h5::Group regionGroup = file_.openGroup(file_.root(), regionPath, step);
        h5::AttributeReader attributes(file_, regionGroup.get(), step);
        PerfEventSet set;
        set.rank = rank;
        set.region = name;
        set.calls = attributes.integer("calls").value_or(0);
        set.eventNames = attributes.texts("event_names");
        if (file_.exists(file_.root(), regionPath + "/values"))
            set.values =
                h5::DatasetReader(file_, file_.root(), regionPath + "/values", step).readUInt64();
        results.perfEvents.push_back(std::move(set));
    }
}

} // namespace scope
