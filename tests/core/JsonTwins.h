// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A run written as an HDF5 fixture and as its JSON twin, and the comparison
// of the two reads, for tst_JsonProfile and tst_ScopeReportJson.
#include "FixtureSpec.h"
#include "TestSupport.h"
#include "analysis/ExclusiveTime.h"
#include "analysis/TimelineIndex.h"
#include "model/ProfilingResults.h"

#include <QString>

#include <cmath>

namespace scope::testing {

using fixtures::FixtureRow;
using fixtures::FixtureSpec;

// Two ranks, nested calls, GPU durations, call ids on one row, a stored
// exclusive time, source locations, tags, non-ASCII names and every kind of
// metadata, LIKWID counters with a non-finite time, a line profile.
inline FixtureSpec richSpec() {
    FixtureSpec spec;
    spec.schema = 3;
    spec.metadata = {{"mpi_size", std::int64_t{2}},
                     {"host", std::string("nöde-1")},
                     {"elapsed", 1.25},
                     {"argv", std::vector<std::string>{"python", "run.py"}},
                     {"start_time_ns", std::int64_t{1000}}};
    FixtureRow outer0 = FixtureRow::make(0, "outer", {1000, 1200}, {1100, 1300});
    outer0.sourceFile = "main.py";
    outer0.sourceLine = 12;
    outer0.sourceText = "with profile(\"outer\"):";
    outer0.tags = {"phase", "tag with \"quotes\""};
    FixtureRow inner0 = FixtureRow::make(0, "réduction 🚀", {1010, 1040, 1210}, {1030, 1070, 1290});
    inner0.gpuDurations = {5, -1, 7};
    inner0.callIds = {2, 3, 5};
    inner0.parentIds = {1, 1, 4};
    FixtureRow outer1 = FixtureRow::make(1, "outer", {1005}, {1105});
    outer1.exclusiveTotal = 77;
    FixtureRow inner1 = FixtureRow::make(1, "réduction 🚀", {1020}, {1050});
    spec.rows = {outer0, inner0, outer1, inner1};
    fixtures::LikwidRankSpec likwid;
    likwid.rank = 0;
    fixtures::LikwidRegionSpec region;
    region.tag = "loop/a";
    region.groupId = 3;
    region.groupName = "FLOPS_DP";
    region.eventNames = {"INSTR", "CYCLES"};
    region.counterNames = std::vector<std::string>{"FIXC0", "FIXC1"};
    region.metricNames = {"CPI"};
    region.cpus = {0, 1};
    region.times = {0.5, std::nan("")};
    region.callCounts = {4, 4};
    region.events = {1.0, 2.0, 3.0, 4.5};
    region.metrics = {0.25, 0.75};
    likwid.regions = {region};
    spec.likwid = {likwid};
    fixtures::LineProfileSpec line;
    line.rank = 1;
    line.region = "outer";
    line.filename = "main.py";
    line.function = "step";
    line.firstLine = 10;
    line.lineNumbers = {11, 12};
    line.hits = {3, 4};
    line.times = {1.5, 2.5};
    spec.lineProfiles = {line};
    return spec;
}

inline QString describe(const CallSummary& s) {
    return QStringLiteral("count %1 total %2 min %3 max %4 first %5 last %6 start %7 end %8 "
                          "gpu %9/%10 mean %11 m2 %12 spread %13 times %14")
        .arg(s.count)
        .arg(s.total)
        .arg(s.minimum)
        .arg(s.maximum)
        .arg(s.first)
        .arg(s.last)
        .arg(s.startMinimum)
        .arg(s.endMaximum)
        .arg(s.gpuCount)
        .arg(s.gpuTotal)
        .arg(s.mean, 0, 'g', 17)
        .arg(s.m2, 0, 'g', 17)
        .arg(s.hasSpread)
        .arg(s.hasTimes);
}

template <typename T>
inline std::vector<T> slice(const std::vector<T, ColumnAllocator<T>>& column,
                            const RankRegion& row) {
    if (column.empty())
        return {};
    return {column.begin() + static_cast<std::ptrdiff_t>(row.offset),
            column.begin() + static_cast<std::ptrdiff_t>(row.offset + row.summary.count)};
}

inline bool sameDoubles(const std::vector<double>& a, const std::vector<double>& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](double x, double y) {
        return (std::isnan(x) && std::isnan(y)) || x == y;
    });
}

// The first difference between the HDF5 read and the JSON read of twins.
inline QString compareRuns(const ProfilingResults& h5, const ProfilingResults& json) {
    if (h5.regions != json.regions)
        return "regions [" + regionList(h5.regions) + "] vs [" + regionList(json.regions) + "]";
    if (h5.numRanks != json.numRanks || h5.layout != json.layout ||
        h5.eventsRead != json.eventsRead || h5.minimumStartNs != json.minimumStartNs)
        return QStringLiteral("run fields differ");
    if (h5.rows.size() != json.rows.size())
        return QStringLiteral("%1 vs %2 rows").arg(h5.rows.size()).arg(json.rows.size());
    for (std::size_t i = 0; i < h5.rows.size(); ++i) {
        const RankRegion& a = h5.rows[i];
        const RankRegion& b = json.rows[i];
        const QString at = where("twin", h5.regions[a.region], a.rank);
        if (a.rank != b.rank || a.region != b.region)
            return at + QStringLiteral(": rows in another order");
        if (describe(a.summary) != describe(b.summary))
            return at + ": " + describe(a.summary) + " vs " + describe(b.summary);
        if (a.exclusiveNs != b.exclusiveNs)
            return at + QStringLiteral(": exclusive %1 vs %2")
                            .arg(a.exclusiveNs.value_or(-9))
                            .arg(b.exclusiveNs.value_or(-9));
        const RowDetails& da = h5.details(a);
        const RowDetails& db = json.details(b);
        if (!(da.source == db.source) || da.tags != db.tags)
            return at + QStringLiteral(": source or tags differ");
        if (!h5.eventsRead)
            continue;
        const EventColumns& ea = h5.events;
        const EventColumns& eb = json.events;
        if (slice(ea.starts, a) != slice(eb.starts, b) || slice(ea.ends, a) != slice(eb.ends, b) ||
            slice(ea.gpuDurations, a) != slice(eb.gpuDurations, b) ||
            slice(ea.callIds, a) != slice(eb.callIds, b) ||
            slice(ea.parentIds, a) != slice(eb.parentIds, b))
            return at + QStringLiteral(": events differ");
        if (slice(ea.threadIds, a) != slice(eb.threadIds, b) ||
            slice(ea.taskIds, a) != slice(eb.taskIds, b) ||
            slice(ea.awaitNs, a) != slice(eb.awaitNs, b))
            return at + QStringLiteral(": lane columns differ");
    }
    if (h5.metadata.entries.size() != json.metadata.entries.size())
        return QStringLiteral("metadata sizes differ");
    for (std::size_t i = 0; i < h5.metadata.entries.size(); ++i)
        if (h5.metadata.entries[i].key != json.metadata.entries[i].key ||
            h5.metadata.entries[i].value != json.metadata.entries[i].value)
            return "metadata " + QString::fromStdString(h5.metadata.entries[i].key) + " differs";
    if (h5.likwid.size() != json.likwid.size())
        return QStringLiteral("LIKWID regions differ in number");
    for (std::size_t i = 0; i < h5.likwid.size(); ++i) {
        const LikwidRegion& a = h5.likwid[i];
        const LikwidRegion& b = json.likwid[i];
        if (a.rank != b.rank || a.tag != b.tag || a.groupId != b.groupId ||
            a.groupName != b.groupName || a.source != b.source || a.eventNames != b.eventNames ||
            a.counterNames != b.counterNames || a.metricNames != b.metricNames ||
            a.cpus != b.cpus || !sameDoubles(a.times, b.times) || a.callCounts != b.callCounts ||
            !sameDoubles(a.events, b.events) || !sameDoubles(a.metrics, b.metrics))
            return "LIKWID " + QString::fromStdString(a.tag) + " differs";
    }
    if (h5.threads.size() != json.threads.size() || h5.tasks.size() != json.tasks.size())
        return QStringLiteral("thread or task tables differ in size");
    for (std::size_t i = 0; i < h5.threads.size(); ++i) {
        const ThreadInfo& a = h5.threads[i];
        const ThreadInfo& b = json.threads[i];
        if (a.rank != b.rank || a.index != b.index || a.ident != b.ident ||
            a.nativeId != b.nativeId || a.daemon != b.daemon || a.startNs != b.startNs ||
            a.endNs != b.endNs || a.cpuNs != b.cpuNs || a.name != b.name)
            return "thread " + QString::fromStdString(a.name) + " differs";
    }
    for (std::size_t i = 0; i < h5.tasks.size(); ++i) {
        const TaskInfo& a = h5.tasks[i];
        const TaskInfo& b = json.tasks[i];
        if (a.rank != b.rank || a.index != b.index || a.threadIndex != b.threadIndex ||
            a.createdNs != b.createdNs || a.doneNs != b.doneNs || a.steps != b.steps ||
            a.runningNs != b.runningNs || a.suspendedNs != b.suspendedNs || a.kind != b.kind ||
            a.name != b.name || a.coroName != b.coroName)
            return "task " + QString::fromStdString(a.name) + " differs";
    }
    if (h5.lineProfiles.size() != json.lineProfiles.size())
        return QStringLiteral("line profiles differ in number");
    for (std::size_t i = 0; i < h5.lineProfiles.size(); ++i) {
        const LineProfile& a = h5.lineProfiles[i];
        const LineProfile& b = json.lineProfiles[i];
        if (a.rank != b.rank || a.region != b.region || a.filename != b.filename ||
            a.function != b.function || a.firstLine != b.firstLine || a.unit != b.unit ||
            a.lineNumbers != b.lineNumbers || a.hits != b.hits || a.times != b.times)
            return "line profile " + QString::fromStdString(a.function) + " differs";
    }
    return {};
}

inline void withExclusiveTimes(ProfilingResults& results) {
    if (results.eventsRead)
        fillExclusiveTimes(results, TimelineIndex(results));
}

} // namespace scope::testing
