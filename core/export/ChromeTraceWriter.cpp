// SPDX-License-Identifier: GPL-3.0-or-later
#include "ChromeTraceWriter.h"

#include "JsonWriter.h"
#include "PythonFloat.h"
#include "TraceOutput.h"
#include "analysis/EventSelection.h"
#include "analysis/LaneTable.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <variant>

namespace scope {
namespace {

void writeMetadataValue(TraceOutput& out, const MetadataValue& value) {
    if (const auto* text = std::get_if<std::string>(&value)) {
        out.append(JsonWriter::quote(*text));
    } else if (const auto* integer = std::get_if<std::int64_t>(&value)) {
        out.integer(*integer);
    } else if (const auto* number = std::get_if<double>(&value)) {
        // NaN and infinities are not JSON.
        out.append(std::isfinite(*number) ? formatPythonFloat(*number) : std::string("null"));
    } else {
        out.append('[');
        const auto& items = std::get<std::vector<std::string>>(value);
        for (std::size_t i = 0; i < items.size(); ++i) {
            if (i > 0)
                out.append(',');
            out.append(JsonWriter::quote(items[i]));
        }
        out.append(']');
    }
}

std::uint64_t selectedCalls(const ProfilingResults& results, const RankSelection& ranks) {
    std::uint64_t calls = 0;
    for (const RankRegion& row : results.rows)
        if (ranks.contains(row.rank))
            calls += row.summary.count;
    return calls;
}

} // namespace

ChromeTraceWriter::ChromeTraceWriter(TraceExportOptions options) : options_(std::move(options)) {}

std::int64_t ChromeTraceWriter::originNs(const ProfilingResults& results) {
    if (auto start = results.metadata.integer("start_time_ns"))
        return *start;
    return results.minimumStartNs.value_or(0);
}

TraceExportResult ChromeTraceWriter::write(std::ostream& stream,
                                           const ProfilingResults& results) const {
    requireEvents(results, "a trace export");
    const RankSelection& ranks = options_.ranks;
    TraceOutput out(stream, options_, selectedCalls(results, ranks));
    const std::int64_t origin = originNs(results);

    out.append(R"({"displayTimeUnit":"ms","otherData":{"exporter":"scope-viewer")");
    for (const MetadataEntry& entry : results.metadata.entries) {
        out.append(',');
        out.append(JsonWriter::quote(entry.key));
        out.append(':');
        writeMetadataValue(out, entry.value);
    }
    out.append(R"(},"traceEvents":[)");
    bool first = true;
    const auto separate = [&]() {
        if (!first)
            out.append(",\n");
        first = false;
    };
    const EventColumns& events = results.events;
    // Lane files: one tid per thread/task lane, its position among the rank's lane keys.
    std::map<std::uint32_t, std::vector<std::int64_t>> laneKeys;
    for (std::uint32_t rank : RankSelection::ranksOf(results)) {
        if (!ranks.contains(rank))
            continue;
        // A rank whose calls are all of the unknown lane stays one thread, as before.
        if (std::vector<std::int64_t> keys = LaneTable::keysOf(results, rank);
            keys != std::vector<std::int64_t>{-1})
            laneKeys[rank] = std::move(keys);
        separate();
        out.append(R"({"name":"process_name","ph":"M","pid":)");
        out.integer(rank);
        out.append(R"(,"tid":0,"args":{"name":"rank )");
        out.integer(rank);
        out.append(R"("}},)");
        out.append("\n");
        // Keeps the ranks in order in Perfetto's track list.
        out.append(R"({"name":"process_sort_index","ph":"M","pid":)");
        out.integer(rank);
        out.append(R"(,"tid":0,"args":{"sort_index":)");
        out.integer(rank);
        out.append("}}");
        const std::vector<std::int64_t>& keys = laneKeys[rank];
        for (std::size_t tid = 0; tid < keys.size(); ++tid) {
            out.append(",\n");
            out.append(R"({"name":"thread_name","ph":"M","pid":)");
            out.integer(rank);
            out.append(R"(,"tid":)");
            out.integer(static_cast<std::int64_t>(tid));
            out.append(R"(,"args":{"name":)");
            out.append(JsonWriter::quote(LaneTable::label(results, rank, keys[tid])));
            out.append("}},\n");
            out.append(R"({"name":"thread_sort_index","ph":"M","pid":)");
            out.integer(rank);
            out.append(R"(,"tid":)");
            out.integer(static_cast<std::int64_t>(tid));
            out.append(R"(,"args":{"sort_index":)");
            out.integer(static_cast<std::int64_t>(tid));
            out.append("}}");
        }
    }

    const bool ids = events.hasCallIds() && events.parentIds.size() == events.size();
    std::string name;
    std::uint32_t nameRegion = RankRegion::kNoDetails;
    for (const RankRegion& row : results.rows) {
        if (!ranks.contains(row.rank))
            continue;
        const std::vector<std::int64_t>& keys = laneKeys[row.rank];
        if (row.region != nameRegion) {
            nameRegion = row.region;
            name = JsonWriter::quote(results.regions[row.region]);
        }
        for (std::uint64_t k = 0; k < row.summary.count; ++k) {
            const std::size_t i = row.offset + k;
            const std::int64_t start = events.starts[i];
            const std::int64_t end = events.ends[i];
            if (!options_.overlapsWindow(start, end))
                continue;
            separate();
            out.append(R"({"name":)");
            out.append(name);
            out.append(R"(,"cat":"scope-profiler","ph":"X","ts":)");
            out.microseconds(start - origin);
            out.append(R"(,"dur":)");
            out.microseconds(end - start);
            out.append(R"(,"pid":)");
            out.integer(row.rank);
            out.append(R"(,"tid":)");
            if (keys.empty()) {
                out.integer(0);
            } else {
                const auto key = std::lower_bound(keys.begin(), keys.end(), events.lane(i));
                out.integer(static_cast<std::int64_t>(key - keys.begin()));
            }
            out.append(R"(,"args":{"call_index":)");
            out.integer(static_cast<std::int64_t>(k));
            if (ids) {
                out.append(R"(,"call_id":)");
                out.integer(events.callIds[i]);
                out.append(R"(,"parent_id":)");
                out.integer(events.parentIds[i]);
            }
            out.append("}}");
            if (!out.countCall())
                return {true, out.calls()};
        }
    }
    out.append("]}\n");
    out.finish();
    return {out.cancelled(), out.calls()};
}

} // namespace scope
