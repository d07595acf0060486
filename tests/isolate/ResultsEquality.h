// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Field-by-field comparison of two ProfilingResults, for checking that a read
// in the helper process hands back exactly what the in-process read returns.
// Returns the first difference ("" when none), naming the field.
#include "model/ProfilingResults.h"

#include <QString>

#include <cmath>
#include <string>
#include <vector>

namespace scope::testing {

inline bool same(double a, double b) {
    return a == b || (std::isnan(a) && std::isnan(b));
}

inline bool same(const std::vector<double>& a, const std::vector<double>& b) {
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (!same(a[i], b[i]))
            return false;
    return true;
}

inline bool same(const Metadata& a, const Metadata& b) {
    if (a.entries.size() != b.entries.size())
        return false;
    for (std::size_t i = 0; i < a.entries.size(); ++i) {
        const MetadataValue& x = a.entries[i].value;
        const MetadataValue& y = b.entries[i].value;
        if (a.entries[i].key != b.entries[i].key || x.index() != y.index())
            return false;
        const bool equal = std::holds_alternative<double>(x)
                               ? same(std::get<double>(x), std::get<double>(y))
                               : x == y;
        if (!equal)
            return false;
    }
    return true;
}

inline bool same(const CallSummary& a, const CallSummary& b) {
    return a.count == b.count && a.total == b.total && a.minimum == b.minimum &&
           a.maximum == b.maximum && a.first == b.first && a.last == b.last &&
           a.startMinimum == b.startMinimum && a.endMaximum == b.endMaximum &&
           a.gpuCount == b.gpuCount && a.gpuTotal == b.gpuTotal && same(a.mean, b.mean) &&
           same(a.m2, b.m2) && a.hasSpread == b.hasSpread && a.hasTimes == b.hasTimes;
}

inline bool same(const RowDetails& a, const RowDetails& b) {
    return a.source == b.source && a.tags == b.tags && a.eventMetadata == b.eventMetadata;
}

// Rows of two results, with the details each points at in its own results.
inline bool same(const ProfilingResults& ra, const RankRegion& a, const ProfilingResults& rb,
                 const RankRegion& b) {
    return a.rank == b.rank && a.region == b.region && a.offset == b.offset &&
           same(a.summary, b.summary) && a.exclusiveNs == b.exclusiveNs &&
           same(ra.details(a), rb.details(b));
}

inline bool same(const LikwidRegion& a, const LikwidRegion& b) {
    return a.rank == b.rank && a.tag == b.tag && a.groupId == b.groupId &&
           a.groupName == b.groupName && a.source == b.source && a.eventNames == b.eventNames &&
           a.counterNames == b.counterNames && a.metricNames == b.metricNames && a.cpus == b.cpus &&
           same(a.times, b.times) && a.callCounts == b.callCounts && same(a.events, b.events) &&
           same(a.metrics, b.metrics);
}

inline bool same(const LineProfile& a, const LineProfile& b) {
    return a.rank == b.rank && a.region == b.region && a.filename == b.filename &&
           a.function == b.function && a.firstLine == b.firstLine && same(a.unit, b.unit) &&
           a.source == b.source && a.sourceFirstLine == b.sourceFirstLine &&
           a.lineNumbers == b.lineNumbers && a.hits == b.hits && same(a.times, b.times);
}

template <typename T, typename Equal>
bool sameList(const std::vector<T>& a, const std::vector<T>& b, Equal equal) {
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (!equal(a[i], b[i]))
            return false;
    return true;
}

inline QString resultsDifference(const ProfilingResults& got, const ProfilingResults& expected) {
    const auto differs = [](const char* field) { return QStringLiteral("%1 differs").arg(field); };
    if (got.path != expected.path)
        return differs("path");
    if (got.schemaVersion != expected.schemaVersion)
        return differs("schemaVersion");
    if (got.layout != expected.layout)
        return differs("layout");
    if (got.eventsRead != expected.eventsRead)
        return differs("eventsRead");
    if (got.summaryFallback != expected.summaryFallback)
        return differs("summaryFallback");
    if (got.rowDetailsSkipped != expected.rowDetailsSkipped)
        return differs("rowDetailsSkipped");
    if (got.numRanks != expected.numRanks)
        return differs("numRanks");
    if (!same(got.metadata, expected.metadata))
        return differs("metadata");
    if (got.regions != expected.regions)
        return differs("regions");
    if (got.rows.size() != expected.rows.size())
        return differs("rows.size()");
    for (std::size_t i = 0; i < got.rows.size(); ++i)
        if (!same(got, got.rows[i], expected, expected.rows[i]))
            return QStringLiteral("row %1 differs").arg(i);
    for (std::size_t i = 0; i < expected.regions.size(); ++i)
        if (got.rowsOf(i).size() != expected.rowsOf(i).size())
            return QStringLiteral("rowsOf(%1) differs").arg(i);
    const EventColumns& a = got.events;
    const EventColumns& b = expected.events;
    if (a.starts != b.starts || a.ends != b.ends)
        return differs("events (starts/ends)");
    if (a.gpuDurations != b.gpuDurations || a.callIds != b.callIds || a.parentIds != b.parentIds)
        return differs("events (optional columns)");
    if (got.minimumStartNs != expected.minimumStartNs)
        return differs("minimumStartNs");
    if (!sameList(got.damaged, expected.damaged, [](const auto& x, const auto& y) {
            return x.rank == y.rank && x.region == y.region && x.reason == y.reason;
        }))
        return differs("damaged");
    if (got.warnings != expected.warnings)
        return differs("warnings");
    if (!sameList(got.likwidRanks, expected.likwidRanks, [](const auto& x, const auto& y) {
            return x.rank == y.rank && same(x.attributes, y.attributes);
        }))
        return differs("likwidRanks");
    if (!sameList(got.likwid, expected.likwid,
                  [](const auto& x, const auto& y) { return same(x, y); }))
        return differs("likwid");
    if (!sameList(got.lineProfiles, expected.lineProfiles,
                  [](const auto& x, const auto& y) { return same(x, y); }))
        return differs("lineProfiles");
    if (!sameList(got.perfEvents, expected.perfEvents, [](const auto& x, const auto& y) {
            return x.rank == y.rank && x.region == y.region && x.calls == y.calls &&
                   x.eventNames == y.eventNames && x.values == y.values;
        }))
        return differs("perfEvents");
    return {};
}

} // namespace scope::testing
