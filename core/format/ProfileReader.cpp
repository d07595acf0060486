#include "ProfileReader.h"

#include "AuxiliaryReader.h"
#include "ColumnarReader.h"
#include "FileLayout.h"
#include "Schema1Reader.h"
#include "h5/AttributeReader.h"
#include "model/Errors.h"

#include <algorithm>

namespace scope {
namespace {

constexpr int kNewestKnownSchema = 3;

ProfilingResults startResults(const h5::H5File& file, const FileLayout& layout,
                              const ColumnAllocator<std::int64_t>& eventColumns) {
    ProfilingResults results;
    results.events = EventColumns(eventColumns);
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

bool usesRowIndex(const h5::H5File& file, const FileLayout& layout) {
    if (layout.hasRowIndex)
        return true;
    if (layout.schemaVersion == 2 || layout.schemaVersion == 3)
        file.corrupt("reading the rank/region index",
                     "region_table/names or rank_region_index/region_ids is missing");
    return false; // schema 1, or a newer file that only has rank groups
}

void readEvents(const h5::H5File& file, const FileLayout& layout, bool rowDetails,
                ProfilingResults& results) {
    if (usesRowIndex(file, layout)) {
        ColumnarReader reader(file, layout, rowDetails);
        reader.readIndex(results);
        if (layout.storage == StorageLayout::Aggregate)
            reader.readSummaries(results);
        else
            reader.readEvents(results);
    } else {
        Schema1Reader(file).read(results);
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

ProfilingResults readFull(const h5::H5File& file, const ReadOptions& options) {
    const FileLayout layout = FileLayout::detect(file);
    ProfilingResults results = startResults(file, layout, options.eventColumns);
    readEvents(file, layout, options.rowDetails, results);
    AuxiliaryReader(file).read(results, true, true, true);
    results.finalize();
    file.progress(1.0, "file read");
    return results;
}

ProfilingResults readSummary(const h5::H5File& file, const SummaryOptions& options) {
    const FileLayout layout = FileLayout::detect(file);
    ProfilingResults results = startResults(file, layout, options.eventColumns);
    const bool rowIndex = usesRowIndex(file, layout);
    const bool hasSummary =
        rowIndex && (layout.storage == StorageLayout::Aggregate || layout.hasSummaryColumns);
    if (hasSummary) {
        ColumnarReader reader(file, layout, options.rowDetails);
        reader.readIndex(results);
        reader.readSummaries(results);
    } else if (options.fallback) {
        readEvents(file, layout, options.rowDetails, results);
        results.summaryFallback = true;
    } else {
        throw SummaryDataUnavailable(
            file.path(), "reading the summary statistics",
            rowIndex ? "the file has no summary_statistics columns (an older schema-2 writer)"
                     : "schema-1 files store no summary statistics; read the events instead");
    }
    AuxiliaryReader(file).read(results, options.includeLikwid, options.includeLineProfile, true);
    select(results, options.regions, options.ranks);
    results.finalize();
    file.progress(1.0, "file read");
    return results;
}

} // namespace

ProfilingResults readH5(const std::string& path, const ReadOptions& options) {
    return readFull(h5::H5File(path, options.control), options);
}

ProfilingResults readH5Summary(const std::string& path, const SummaryOptions& options) {
    return readSummary(h5::H5File(path, options.control), options);
}

ProfilingResults readH5Image(std::span<const std::byte> image, const std::string& name,
                             const ReadOptions& options) {
    return readFull(h5::H5File::openImage(image, name, options.control), options);
}

ProfilingResults readH5SummaryImage(std::span<const std::byte> image, const std::string& name,
                                    const SummaryOptions& options) {
    return readSummary(h5::H5File::openImage(image, name, options.control), options);
}

} // namespace scope
