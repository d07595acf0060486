// SPDX-License-Identifier: GPL-3.0-or-later
#include "ColumnarReader.h"

#include "EventPlanner.h"
#include "TagList.h"
#include "events/TimeRangeCheck.h"
#include "h5/DatasetReader.h"
#include "model/Errors.h"
#include "model/RankLimit.h"

#include <algorithm>
#include <limits>
#include <numeric>

namespace scope {
namespace {

constexpr const char* kIndexStep = "reading the rank/region index";
constexpr const char* kEventStep = "reading the event columns";
constexpr const char* kSummaryStep = "reading the summary columns";

// Mirrors the summary_statistics record; HDF5 converts by member name, so the
// file's field order and padding do not matter.
struct SummaryRecord {
    std::int64_t total;
    std::int64_t minimum;
    std::int64_t maximum;
    std::int64_t first;
    std::int64_t last;
    std::int64_t startMinimum;
    std::int64_t endMaximum;
    std::uint64_t gpuCount;
    std::int64_t gpuTotal;
    double mean;
    double m2;
};

h5::Datatype summaryRecordType() {
    h5::Datatype type(H5Tcreate(H5T_COMPOUND, sizeof(SummaryRecord)));
    const hid_t t = type.get();
    H5Tinsert(t, "total", HOFFSET(SummaryRecord, total), H5T_NATIVE_INT64);
    H5Tinsert(t, "minimum", HOFFSET(SummaryRecord, minimum), H5T_NATIVE_INT64);
    H5Tinsert(t, "maximum", HOFFSET(SummaryRecord, maximum), H5T_NATIVE_INT64);
    H5Tinsert(t, "first", HOFFSET(SummaryRecord, first), H5T_NATIVE_INT64);
    H5Tinsert(t, "last", HOFFSET(SummaryRecord, last), H5T_NATIVE_INT64);
    H5Tinsert(t, "start_minimum", HOFFSET(SummaryRecord, startMinimum), H5T_NATIVE_INT64);
    H5Tinsert(t, "end_maximum", HOFFSET(SummaryRecord, endMaximum), H5T_NATIVE_INT64);
    H5Tinsert(t, "gpu_count", HOFFSET(SummaryRecord, gpuCount), H5T_NATIVE_UINT64);
    H5Tinsert(t, "gpu_total", HOFFSET(SummaryRecord, gpuTotal), H5T_NATIVE_INT64);
    H5Tinsert(t, "mean", HOFFSET(SummaryRecord, mean), H5T_NATIVE_DOUBLE);
    H5Tinsert(t, "m2", HOFFSET(SummaryRecord, m2), H5T_NATIVE_DOUBLE);
    return type;
}

} // namespace

void ColumnarReader::checkSummary(const ProfilingResults& results, std::size_t row) const {
    const RankRegion& r = results.rows[row];
    const std::string problem = r.summary.impossibility();
    if (!problem.empty())
        file_.corrupt(kSummaryStep, "region '" + results.regions[r.region] + "' on rank " +
                                        std::to_string(r.rank) + " has " + problem + " (damaged)");
}

void ColumnarReader::checkDistinctNames(const std::vector<std::string>& names) const {
    // Two entries of one name would be two rows of the table and two keys of
    // one JSON object, each with part of the region's calls.
    std::vector<std::size_t> order(names.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::sort(order.begin(), order.end(),
              [&names](std::size_t a, std::size_t b) { return names[a] < names[b]; });
    const auto twin =
        std::adjacent_find(order.begin(), order.end(),
                           [&names](std::size_t a, std::size_t b) { return names[a] == names[b]; });
    if (twin != order.end())
        file_.corrupt(kIndexStep, "region_table names '" + names[*twin] + "' twice (entries " +
                                      std::to_string(std::min(*twin, *std::next(twin))) + " and " +
                                      std::to_string(std::max(*twin, *std::next(twin))) + ")");
}

void ColumnarReader::readIndex(ProfilingResults& results) {
    const hid_t root = file_.root();
    results.regions =
        h5::DatasetReader(file_, root, "region_table/names", kIndexStep).readStrings();
    checkDistinctNames(results.regions);
    const auto regionIds =
        h5::DatasetReader(file_, root, "rank_region_index/region_ids", kIndexStep).readUInt64();
    const auto ranks =
        h5::DatasetReader(file_, root, "rank_region_index/ranks", kIndexStep).readUInt64();
    if (ranks.size() != regionIds.size())
        file_.corrupt(kIndexStep, "ranks and region_ids differ in length");
    const std::size_t rowCount = regionIds.size();

    std::vector<std::uint64_t> offsets(rowCount, 0);
    counts_.assign(rowCount, 0);
    if (layout_.storage == StorageLayout::Columnar) {
        offsets = h5::DatasetReader(file_, root, "rank_region_index/event_offsets", kIndexStep)
                      .readUInt64();
        counts_ = h5::DatasetReader(file_, root, "rank_region_index/event_counts", kIndexStep)
                      .readUInt64();
        if (offsets.size() != rowCount || counts_.size() != rowCount)
            file_.corrupt(kIndexStep,
                          "event_offsets/event_counts do not match region_ids in length");
    }

    results.rows.resize(rowCount);
    std::uint64_t maxRank = 0;
    for (std::size_t i = 0; i < rowCount; ++i) {
        if (regionIds[i] >= results.regions.size())
            file_.corrupt(kIndexStep, "row " + std::to_string(i) + " names region id " +
                                          std::to_string(regionIds[i]) + " of only " +
                                          std::to_string(results.regions.size()));
        if (ranks[i] >= kMaxRanks)
            file_.corrupt(kIndexStep,
                          "row " + std::to_string(i) + ": " + rankPastLimit("rank", ranks[i]));
        RankRegion& row = results.rows[i];
        row.region = static_cast<std::uint32_t>(regionIds[i]);
        row.rank = static_cast<std::uint32_t>(ranks[i]);
        row.offset = offsets[i];
        row.summary.count = counts_[i];
        maxRank = std::max(maxRank, ranks[i]);
    }
    if (rowCount == 0) {
        results.numRanks = 0;
    } else {
        const std::int64_t mpiSize =
            std::max<std::int64_t>(results.metadata.integer("mpi_size").value_or(1), 0);
        if (static_cast<std::uint64_t>(mpiSize) > kMaxRanks)
            file_.corrupt("reading the metadata",
                          rankPastLimit("mpi_size", static_cast<std::uint64_t>(mpiSize)));
        results.numRanks = static_cast<std::uint32_t>(
            std::max<std::uint64_t>(static_cast<std::uint64_t>(mpiSize), maxRank + 1));
    }
    readOptionalIndexColumns(results);
    // Checked from the datasets' shapes alone, so that a summary-only read
    // rejects a damaged index as the full read does.
    if (layout_.storage == StorageLayout::Columnar)
        checkRowSlices(results, eventColumnLength());
}

bool ColumnarReader::readsDetails(ProfilingResults& results) const {
    if (!rowDetails_)
        return false;
    if (rowDetailsLimit_ == 0 || results.rows.size() <= rowDetailsLimit_)
        return true;
    results.rowDetailsSkipped = true;
    return false;
}

void ColumnarReader::readOptionalIndexColumns(ProfilingResults& results) const {
    const hid_t root = file_.root();
    const std::size_t n = results.rows.size();
    const bool details = readsDetails(results);
    auto optionalStrings = [&](const char* name) {
        const std::string path = std::string("rank_region_index/") + name;
        if (!details || !file_.exists(root, path))
            return std::vector<std::string>{};
        auto values = h5::DatasetReader(file_, root, path, kIndexStep).readStrings();
        return values.size() == n ? values : std::vector<std::string>{};
    };
    auto optionalInts = [&](const char* name) {
        const std::string path = std::string("rank_region_index/") + name;
        if (!file_.exists(root, path))
            return std::vector<std::int64_t>{};
        auto values = h5::DatasetReader(file_, root, path, kIndexStep).readInt64();
        return values.size() == n ? values : std::vector<std::int64_t>{};
    };
    const auto files = optionalStrings("source_files");
    const auto texts = optionalStrings("source_texts");
    const auto tags = optionalStrings("tags");
    const auto eventMetadata = optionalStrings("event_metadata");
    const auto lines = details ? optionalInts("source_lines") : std::vector<std::int64_t>{};
    auto exclusives = optionalInts(
        layout_.storage == StorageLayout::Aggregate ? "aggregate_exclusives" : "exclusive_totals");
    for (std::size_t i = 0; i < n; ++i) {
        RankRegion& row = results.rows[i];
        RowDetails details;
        if (!files.empty())
            details.source.file = files[i];
        if (!texts.empty())
            details.source.text = texts[i];
        if (!lines.empty())
            details.source.line = lines[i];
        if (!tags.empty())
            details.tags = parseTagList(tags[i]);
        if (!eventMetadata.empty())
            details.eventMetadata = eventMetadata[i];
        results.setDetails(row, std::move(details));
        if (!exclusives.empty() && exclusives[i] >= 0)
            row.exclusiveNs = exclusives[i];
    }
}

std::uint64_t ColumnarReader::eventColumnLength() const {
    const char* first = layout_.deltaEncoded ? "events/start_deltas" : "events/start_times";
    const char* second = layout_.deltaEncoded ? "events/durations" : "events/end_times";
    if (!file_.exists(file_.root(), first) || !file_.exists(file_.root(), second))
        file_.corrupt(kEventStep,
                      std::string("the event column ") + second + " or " + first + " is missing");
    const auto a = h5::DatasetReader(file_, file_.root(), first, kEventStep).length();
    const auto b = h5::DatasetReader(file_, file_.root(), second, kEventStep).length();
    if (a != b)
        file_.corrupt(kEventStep, "the event columns differ in length (truncated or damaged)");
    return a;
}

void ColumnarReader::checkRowSlices(const ProfilingResults& results,
                                    std::uint64_t eventCount) const {
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < results.rows.size(); ++i) {
        const RankRegion& row = results.rows[i];
        if (row.summary.count == 0)
            continue;
        if (row.offset > eventCount || row.summary.count > eventCount - row.offset)
            file_.corrupt(kIndexStep, "row " + std::to_string(i) + " (rank " +
                                          std::to_string(row.rank) + ", region '" +
                                          results.regions[row.region] +
                                          "') points past the end of the event columns "
                                          "(truncated or damaged)");
        order.push_back(i);
    }
    // Writers store the rows in the order of their slices: sort only when not.
    const auto byOffset = [&](std::size_t a, std::size_t b) {
        return results.rows[a].offset < results.rows[b].offset;
    };
    if (!std::is_sorted(order.begin(), order.end(), byOffset))
        std::sort(order.begin(), order.end(), byOffset);
    for (std::size_t k = 1; k < order.size(); ++k) {
        const RankRegion& previous = results.rows[order[k - 1]];
        if (results.rows[order[k]].offset < previous.offset + previous.summary.count)
            file_.corrupt(kIndexStep, "rows " + std::to_string(order[k - 1]) + " and " +
                                          std::to_string(order[k]) +
                                          " overlap in the event columns (truncated or damaged)");
    }
}

void ColumnarReader::planEvents(EventPlan& plan, ProfilingResults& results) const {
    const std::uint64_t n = eventColumnLength();
    const hid_t root = file_.root();
    EventPlanner planner(file_, plan, inlineLimit_);
    plan.readsEvents = true;
    plan.deltaEncoded = layout_.deltaEncoded;
    plan.columnLengths[static_cast<std::size_t>(EventColumnId::Starts)] = n;
    plan.columnLengths[static_cast<std::size_t>(EventColumnId::Ends)] = n;
    file_.progress(0.05, "locating the event columns");
    planner.add(
        h5::DatasetReader(file_, root,
                          layout_.deltaEncoded ? "events/start_deltas" : "events/start_times",
                          kEventStep),
        EventColumnId::Starts, 0);
    planner.add(h5::DatasetReader(file_, root,
                                  layout_.deltaEncoded ? "events/durations" : "events/end_times",
                                  kEventStep),
                EventColumnId::Ends, 0);
    planOptionalEventColumns(plan, results);
}

void ColumnarReader::planOptionalEventColumns(EventPlan& plan, ProfilingResults& results) const {
    EventPlanner planner(file_, plan, inlineLimit_);
    const std::uint64_t n = plan.columnLengths[static_cast<std::size_t>(EventColumnId::Starts)];
    const std::pair<const char*, EventColumnId> columns[] = {
        {"events/gpu_durations", EventColumnId::GpuDurations},
        {"events/call_ids", EventColumnId::CallIds},
        {"events/parent_ids", EventColumnId::ParentIds},
        {"events/thread_ids", EventColumnId::ThreadIds},
        {"events/task_ids", EventColumnId::TaskIds},
        {"events/await_ns", EventColumnId::AwaitNs}};
    for (const auto& [path, column] : columns) {
        if (!file_.exists(file_.root(), path))
            continue;
        h5::DatasetReader reader(file_, file_.root(), path, kEventStep);
        if (reader.rank() != 1 || !reader.isInteger() || reader.length() != n) {
            results.warnings.push_back(file_.path() + ": " + path +
                                       " does not match the event columns; ignored");
            continue;
        }
        planner.add(reader, column, 0);
        plan.columnLengths[static_cast<std::size_t>(column)] = n;
    }
}

void ColumnarReader::readSummaries(ProfilingResults& results) {
    if (layout_.storage == StorageLayout::Aggregate) {
        readAggregate(results);
        return;
    }
    const std::size_t n = results.rows.size();
    std::vector<SummaryRecord> records(n);
    h5::Datatype type = summaryRecordType();
    h5::DatasetReader(file_, file_.root(), "rank_region_index/summary_statistics", kSummaryStep)
        .readCompound(type.get(), records.data(), n);
    TimeRangeCheck range;
    for (std::size_t i = 0; i < n; ++i) {
        const SummaryRecord& r = records[i];
        if (!range.addTotal(r.total) || !range.addTotal(r.gpuTotal))
            file_.corrupt(kSummaryStep, "summary totals out of range (damaged)");
        CallSummary& s = results.rows[i].summary;
        s.total = r.total;
        s.minimum = r.minimum;
        s.maximum = r.maximum;
        s.first = r.first;
        s.last = r.last;
        s.startMinimum = r.startMinimum;
        s.endMaximum = r.endMaximum;
        s.gpuCount = r.gpuCount;
        s.gpuTotal = r.gpuTotal;
        s.mean = r.mean;
        s.m2 = r.m2;
        checkSummary(results, i);
    }
}

void ColumnarReader::readAggregate(ProfilingResults& results) const {
    const hid_t root = file_.root();
    const std::size_t n = results.rows.size();
    auto column = [&](const char* name) {
        auto values =
            h5::DatasetReader(file_, root, std::string("rank_region_index/") + name, kSummaryStep)
                .readInt64();
        if (values.size() != n)
            file_.corrupt(kSummaryStep, std::string(name) + " does not match region_ids in length");
        return values;
    };
    const auto counts = column("aggregate_counts");
    const auto totals = column("aggregate_totals");
    const auto minimums = column("aggregate_minimums");
    const auto maximums = column("aggregate_maximums");
    TimeRangeCheck range;
    for (std::size_t i = 0; i < n; ++i) {
        if (counts[i] < 0)
            file_.corrupt(kSummaryStep, "aggregate_counts holds a negative count");
        // libhdf5 converts an unsigned count past int64 to the largest int64.
        if (counts[i] == std::numeric_limits<std::int64_t>::max())
            file_.corrupt(kSummaryStep, "aggregate_counts holds a count past 2^63 (damaged)");
        if (!range.addTotal(totals[i]))
            file_.corrupt(kSummaryStep, "aggregate_totals out of range (damaged)");
        CallSummary& s = results.rows[i].summary;
        s = CallSummary{};
        s.count = static_cast<std::uint64_t>(counts[i]);
        s.total = totals[i];
        s.minimum = minimums[i];
        s.maximum = maximums[i];
        s.mean = s.count > 0 ? static_cast<double>(s.total) / static_cast<double>(s.count) : 0.0;
        s.hasSpread = false;
        s.hasTimes = false;
        checkSummary(results, i);
    }
}

} // namespace scope
