// SPDX-License-Identifier: GPL-3.0-or-later
#include "SpeedscopeWriter.h"

#include "JsonWriter.h"
#include "TraceOutput.h"
#include "analysis/EventSelection.h"
#include "analysis/LaneTable.h"

#include <algorithm>
#include <filesystem>
#include <map>

namespace scope {
namespace {

struct OpenCall {
    std::uint32_t region;
    std::int64_t start;
    std::int64_t end; // clamped to the caller's end
};

void writeFrames(TraceOutput& out, const ProfilingResults& results) {
    out.append(R"("shared":{"frames":[)");
    for (std::size_t region = 0; region < results.regions.size(); ++region) {
        if (region > 0)
            out.append(',');
        out.append(R"({"name":)");
        out.append(JsonWriter::quote(results.regions[region]));
        // The first rank that knows the source; ranks of one run agree.
        for (const RankRegion& row : results.rowsOf(region)) {
            const SourceLocation& source = results.details(row).source;
            if (source.file.empty())
                continue;
            out.append(R"(,"file":)");
            out.append(JsonWriter::quote(source.file));
            if (source.line >= 0) {
                out.append(R"(,"line":)");
                out.integer(source.line);
            }
            break;
        }
        out.append('}');
    }
    out.append("]},\n");
}

// The calls of one rank in the order they open: by start, the enclosing
// (longer) call first, then by call id (the caller is entered first) or index.
std::vector<std::uint64_t> openingOrder(const ProfilingResults& results,
                                        const std::vector<const RankRegion*>& rows,
                                        const TraceExportOptions& options) {
    const EventColumns& events = results.events;
    std::vector<std::uint64_t> order;
    for (const RankRegion* row : rows)
        for (std::uint64_t k = 0; k < row->summary.count; ++k)
            if (options.overlapsWindow(events.starts[row->offset + k],
                                       events.ends[row->offset + k]))
                order.push_back(row->offset + k);
    const bool ids = events.hasCallIds();
    std::sort(order.begin(), order.end(), [&](std::uint64_t a, std::uint64_t b) {
        if (events.starts[a] != events.starts[b])
            return events.starts[a] < events.starts[b];
        if (events.ends[a] != events.ends[b])
            return events.ends[a] > events.ends[b];
        if (ids && events.callIds[a] != events.callIds[b])
            return events.callIds[a] < events.callIds[b];
        return a < b;
    });
    return order;
}

} // namespace

SpeedscopeWriter::SpeedscopeWriter(TraceExportOptions options) : options_(std::move(options)) {}

TraceExportResult SpeedscopeWriter::write(std::ostream& stream,
                                          const ProfilingResults& results) const {
    requireEvents(results, "a trace export");
    std::map<std::uint32_t, std::vector<const RankRegion*>> rowsByRank;
    std::uint64_t total = 0;
    for (const RankRegion& row : results.rows)
        if (options_.ranks.contains(row.rank) && row.summary.count > 0) {
            rowsByRank[row.rank].push_back(&row);
            total += row.summary.count;
        }
    // Sorted by slice, so that a call's row is found by binary search.
    for (auto& [rank, rows] : rowsByRank)
        std::sort(rows.begin(), rows.end(),
                  [](const RankRegion* a, const RankRegion* b) { return a->offset < b->offset; });
    TraceOutput out(stream, options_, total);
    const std::int64_t origin = results.minimumStartNs.value_or(0);
    const EventColumns& events = results.events;

    out.append(R"({"$schema":"https://www.speedscope.app/file-format-schema.json",)");
    out.append(R"("exporter":"scope-viewer","name":)");
    out.append(JsonWriter::quote(std::filesystem::path(results.path).filename().string()));
    out.append(R"(,"activeProfileIndex":0,)");
    out.append("\n");
    writeFrames(out, results);
    out.append(R"("profiles":[)");

    bool firstProfile = true;
    std::vector<OpenCall> open;
    std::uint64_t cut = 0;
    // One profile per rank, or per thread/task lane of a rank in a run with
    // lane columns: each is a stack of its own.
    struct Profile {
        std::string name;
        std::vector<std::uint64_t> order;
    };
    std::vector<Profile> profiles;
    for (const auto& [rank, rows] : rowsByRank) {
        profiles.clear();
        std::vector<std::uint64_t> all = openingOrder(results, rows, options_);
        if (!events.hasLanes()) {
            profiles.push_back({"rank " + std::to_string(rank), std::move(all)});
        } else {
            std::map<std::int64_t, std::vector<std::uint64_t>> byLane;
            for (std::uint64_t i : all)
                byLane[events.lane(i)].push_back(i);
            // A rank whose calls are all of the unknown lane stays one profile, as before.
            if (byLane.size() == 1 && byLane.begin()->first == -1)
                byLane.clear();
            if (byLane.empty())
                profiles.push_back({"rank " + std::to_string(rank), std::move(all)});
            for (auto& [lane, order] : byLane)
                profiles.push_back(
                    {"rank " + std::to_string(rank) + ": " + LaneTable::label(results, rank, lane),
                     std::move(order)});
        }
        for (const Profile& profile : profiles) {
            const std::vector<std::uint64_t>& order = profile.order;
            if (order.empty())
                continue;
            // The last end is that of a top-level call: nested calls end within
            // their caller, cut if need be (below). A call is top-level when it
            // starts after the top-level calls before it have ended.
            std::int64_t last = events.ends[order.front()];
            for (std::uint64_t i : order)
                if (events.starts[i] >= last)
                    last = events.ends[i];
            if (!firstProfile)
                out.append(',');
            firstProfile = false;
            out.append("\n{\"type\":\"evented\",\"name\":");
            out.append(JsonWriter::quote(profile.name));
            out.append(R"(,"unit":"nanoseconds","startValue":)");
            out.integer(events.starts[order.front()] - origin);
            out.append(R"(,"endValue":)");
            out.integer(last - origin);
            out.append(R"(,"events":[)");

            bool firstEvent = true;
            const auto event = [&](char type, std::uint32_t frame, std::int64_t at) {
                out.append(firstEvent ? "\n{\"type\":\"" : ",\n{\"type\":\"");
                firstEvent = false;
                out.append(type);
                out.append(R"(","frame":)");
                out.integer(frame);
                out.append(R"(,"at":)");
                out.integer(at - origin);
                out.append('}');
            };
            open.clear();
            for (std::uint64_t i : order) {
                const std::int64_t start = events.starts[i];
                // Close the calls that ended; a zero-length call stays open for
                // the next call sharing its start, as in CallStack.
                while (!open.empty() && open.back().end <= start &&
                       !(open.back().start == start && open.back().end == start)) {
                    event('C', open.back().region, open.back().end);
                    open.pop_back();
                }
                std::int64_t end = events.ends[i];
                // A call ending after its caller (the profiler's clocks or a
                // broken file) cannot nest: it is cut at the caller's end so the
                // events stay balanced and ordered.
                if (!open.empty() && end > open.back().end) {
                    end = open.back().end;
                    ++cut;
                }
                // The region of the call: the row whose slice holds it.
                const auto row = std::upper_bound(
                    rows.begin(), rows.end(), i,
                    [](std::uint64_t index, const RankRegion* r) { return index < r->offset; });
                const std::uint32_t region = (*(row - 1))->region;
                event('O', region, start);
                open.push_back({region, start, end});
                if (!out.countCall())
                    return {true, out.calls(), cut};
            }
            while (!open.empty()) {
                event('C', open.back().region, open.back().end);
                open.pop_back();
            }
            out.append("]}");
        }
    }
    out.append("]}\n");
    out.finish();
    return {out.cancelled(), out.calls(), cut};
}

} // namespace scope
