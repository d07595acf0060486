// SPDX-License-Identifier: GPL-3.0-or-later
#include "ProfileReader.h"

#include "AuxiliaryReader.h"
#include "ColumnarReader.h"
#include "FileLayout.h"
#include "Schema1Reader.h"
#include "events/EventAssembler.h"
#include "events/StreamingAssembler.h"
#include "h5/AttributeReader.h"
#include "model/Errors.h"

#include <algorithm>

namespace scope {
namespace {

constexpr int kNewestKnownSchema = 3;

ProfilingResults startResults(const h5::H5File& file, const FileLayout& layout) {
    ProfilingResults results;
    results.path = file.path();
    results.schemaVersion = layout.schemaVersion;
    results.layout = layout.storage;
    if (layout.schemaVersion > kNewestKnownSchema)
        results.warnings.push_back(file.path() + ": written by a newer scope-profiler (schema " +
                                   std::to_string(layout.schemaVersion) +
                                   "); reading the parts this version knows");
    if (file.isGroup(file.root(), "metadata")) {
        h5::Group group = file.openGroup(file.root(), "metadata", "reading the metadata");
        results.metadata.entries =
            h5::AttributeReader(file, group.get(), "reading the metadata").all();
    }
    return results;
}

PlannedRead startRead(const h5::H5File& file, const FileLayout& layout,
                      const ColumnAllocator<std::int64_t>& inlineValues) {
    PlannedRead read{startResults(file, layout), {}};
    read.events.inlineValues = EventColumn(inlineValues);
    read.events.file = file.identity();
    return read;
}

bool usesRowIndex(const h5::H5File& file, const FileLayout& layout) {
    if (layout.hasRowIndex)
        return true;
    if (layout.schemaVersion == 2 || layout.schemaVersion == 3)
        file.corrupt("reading the rank/region index",
                     "region_table/names or rank_region_index/region_ids is missing");
    return false; // schema 1, or a newer file that only has rank groups
}

void planEvents(const h5::H5File& file, const FileLayout& layout, bool rowDetails,
                std::size_t rowDetailsLimit, std::uint64_t memoryBudget, PlannedRead& read) {
    if (usesRowIndex(file, layout)) {
        ColumnarReader reader(file, layout, rowDetails, rowDetailsLimit, memoryBudget);
        reader.readIndex(read.results);
        if (layout.storage == StorageLayout::Aggregate)
            reader.readSummaries(read.results);
        else
            reader.planEvents(read.events, read.results);
    } else {
        Schema1Reader(file, read.events, memoryBudget).read(read.results);
    }
}

// Keeps the named regions (exact names) and ranks; empty lists keep everything.
void select(ProfilingResults& results, const std::vector<std::string>& regions,
            const std::vector<std::uint32_t>& ranks) {
    if (!ranks.empty())
        std::erase_if(results.rows, [&](const RankRegion& row) {
            return std::find(ranks.begin(), ranks.end(), row.rank) == ranks.end();
        });
    if (regions.empty())
        return;
    std::vector<std::int64_t> newIndex(results.regions.size(), -1);
    std::vector<std::string> kept;
    for (std::size_t i = 0; i < results.regions.size(); ++i)
        if (std::find(regions.begin(), regions.end(), results.regions[i]) != regions.end()) {
            newIndex[i] = static_cast<std::int64_t>(kept.size());
            kept.push_back(results.regions[i]);
        }
    std::erase_if(results.rows, [&](const RankRegion& row) { return newIndex[row.region] < 0; });
    for (RankRegion& row : results.rows)
        row.region = static_cast<std::uint32_t>(newIndex[row.region]);
    results.regions = std::move(kept);
}

PlannedRead planFull(const h5::H5File& file, const ReadRequest& options) {
    const FileLayout layout = FileLayout::detect(file);
    PlannedRead read = startRead(file, layout, options.eventColumns);
    planEvents(file, layout, options.rowDetails, options.rowDetailsLimit, options.memoryBudget,
               read);
    AuxiliaryReader(file).read(read.results, true, true, true);
    return read;
}

PlannedRead planSummary(const h5::H5File& file, const ReadRequest& options) {
    const FileLayout layout = FileLayout::detect(file);
    PlannedRead read = startRead(file, layout, options.eventColumns);
    const bool rowIndex = usesRowIndex(file, layout);
    const bool hasSummary =
        rowIndex && (layout.storage == StorageLayout::Aggregate || layout.hasSummaryColumns);
    if (hasSummary) {
        ColumnarReader reader(file, layout, options.rowDetails, options.rowDetailsLimit);
        reader.readIndex(read.results);
        reader.readSummaries(read.results);
    } else if (options.fallback) {
        planEvents(file, layout, options.rowDetails, options.rowDetailsLimit, options.memoryBudget,
                   read);
        read.results.summaryFallback = true;
    } else {
        throw SummaryDataUnavailable(
            file.path(), "reading the summary statistics",
            rowIndex ? "the file has no summary_statistics columns (an older schema-2 writer)"
                     : "schema-1 files store no summary statistics; read the events instead");
    }
    AuxiliaryReader(file).read(read.results, options.includeLikwid, options.includeLineProfile,
                               true);
    return read;
}

} // namespace

PlannedRead planH5(const std::string& path, const ReadRequest& options) {
    return planFull(h5::H5File(path, options.control), options);
}

PlannedRead planH5Summary(const std::string& path, const ReadRequest& options) {
    return planSummary(h5::H5File(path, options.control), options);
}

PlannedRead planH5SummariesFirst(const std::string& path, const ReadRequest& options,
                                 const SummariesHandOver& summaries) {
    const h5::H5File file(path, options.control);
    std::optional<PlannedRead> first;
    try {
        first = planSummary(file, summaryOnlyOf(options));
    } catch (const ReadCancelled&) {
        throw;
    } catch (const ProfileError&) {
        // No summary columns, or damaged ones: the plan of every call says
        // what is wrong with the file, if anything.
    }
    summaries(std::move(first));
    return planFull(file, options);
}

std::uint64_t eventBytesInMemory(const EventPlan& plan) {
    std::uint64_t values = 0;
    for (std::uint64_t length : plan.columnLengths)
        values += length;
    const std::uint64_t calls = plan.columnLengths[static_cast<std::size_t>(EventColumnId::Starts)];
    return (values + calls) * sizeof(std::int64_t);
}

bool readsOnDemand(const EventPlan& plan, std::uint64_t memoryBudget) {
    return memoryBudget > 0 && plan.readsEvents && plan.file.has_value() &&
           eventBytesInMemory(plan) > memoryBudget;
}

ProfilingResults completeRead(PlannedRead&& read, const EventBytes& bytes,
                              const ReadControl& control, const std::vector<std::string>& regions,
                              const std::vector<std::uint32_t>& ranks, std::uint64_t memoryBudget,
                              bool onDemand) {
    ProfilingResults results = std::move(read.results);
    const ReadControl step = scaledControl(control, kPlanShare, 1.0);
    if (readsOnDemand(read.events, memoryBudget) ||
        (onDemand && read.events.readsEvents && read.events.file.has_value())) {
        // The source outlives this read: it holds a descriptor of its own,
        // checked to be the file that was planned.
        auto own =
            std::make_shared<const EventBytes>(EventBytes::open(bytes.path(), read.events.file));
        StreamingAssembler::assemble(results, std::move(read.events), std::move(own),
                                     memoryBudget / kCacheShareOfBudget, step);
    } else {
        EventAssembler::assemble(results, read.events, bytes, step);
    }
    read.events = EventPlan{}; // the inline values go back before the results are finished
    select(results, regions, ranks);
    results.finalize();
    if (control.progress)
        control.progress(1.0, "file read");
    return results;
}

ProfilingResults readH5(const std::string& path, const ReadRequest& options) {
    ReadRequest planning = options;
    planning.control = scaledControl(options.control, 0.0, kPlanShare);
    PlannedRead read = planH5(path, planning);
    const EventBytes bytes = EventBytes::forPlan(path, read.events);
    return completeRead(std::move(read), bytes, options.control, {}, {}, options.memoryBudget,
                        options.eventsOnDemand);
}

ProfilingResults readH5Summary(const std::string& path, const ReadRequest& options) {
    ReadRequest planning = options;
    planning.control = scaledControl(options.control, 0.0, kPlanShare);
    PlannedRead read = planH5Summary(path, planning);
    const EventBytes bytes = EventBytes::forPlan(path, read.events);
    return completeRead(std::move(read), bytes, options.control, options.regions, options.ranks,
                        options.memoryBudget);
}

ProfilingResults readH5Image(std::span<const std::byte> image, const std::string& name,
                             const ReadRequest& options) {
    const ReadControl planning = scaledControl(options.control, 0.0, kPlanShare);
    PlannedRead read = planFull(h5::H5File::openImage(image, name, planning), options);
    return completeRead(std::move(read), EventBytes::image(image, name), options.control);
}

ProfilingResults readH5SummaryImage(std::span<const std::byte> image, const std::string& name,
                                    const ReadRequest& options) {
    const ReadControl planning = scaledControl(options.control, 0.0, kPlanShare);
    PlannedRead read = planSummary(h5::H5File::openImage(image, name, planning), options);
    return completeRead(std::move(read), EventBytes::image(image, name), options.control,
                        options.regions, options.ranks);
}

} // namespace scope
