// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Comparisons shared by the reader tests. Helpers return a description of the
// first mismatch ("" when everything agrees) so a failure names the region,
// the rank and the field instead of only a line number.

#include "FixtureSpec.h"
#include "ReferenceStats.h"
#include "model/Errors.h"
#include "model/ProfilingResults.h"

#include <QString>
#include <QStringList>

#include <cmath>
#include <exception>
#include <functional>
#include <optional>
#include <string>

namespace scope::testing {

// "Type: what()" of the exception `read` throws.
inline QString thrown(const std::function<void()>& read) {
    const auto describe = [](const char* type, const std::exception& error) {
        return QStringLiteral("%1: %2").arg(QLatin1String(type), QString::fromUtf8(error.what()));
    };
    try {
        read();
        return QStringLiteral("no error");
    } catch (const ReadCancelled& e) {
        return describe("ReadCancelled", e);
    } catch (const FileNotFoundError& e) {
        return describe("FileNotFoundError", e);
    } catch (const InvalidSchemaError& e) {
        return describe("InvalidSchemaError", e);
    } catch (const CorruptProfileError& e) {
        return describe("CorruptProfileError", e);
    } catch (const MissingFilterError& e) {
        return describe("MissingFilterError", e);
    } catch (const SummaryDataUnavailable& e) {
        return describe("SummaryDataUnavailable", e);
    } catch (const ProfileError& e) {
        return describe("ProfileError", e);
    } catch (const std::exception& e) {
        return describe("std::exception", e);
    }
}

inline bool relativelyClose(long double got, long double expected, long double relative = 1e-9L) {
    const long double scale = std::fabs(expected);
    // A zero (one call, identical calls) must come out as zero, up to rounding
    // of nanoseconds to seconds.
    if (scale == 0)
        return std::fabs(got) <= 1e-15L;
    return std::fabs(got - expected) <= relative * scale;
}

inline QString mismatch(const QString& where, const char* field, long double got,
                        long double expected) {
    return QStringLiteral("%1: %2 is %3, expected %4")
        .arg(where, QString::fromLatin1(field))
        .arg(static_cast<double>(got), 0, 'g', 17)
        .arg(static_cast<double>(expected), 0, 'g', 17);
}

// Compares reported statistics with the reference computed from the spec.
inline QString compareStats(const RegionStats& got, const fixtures::Reference& expected,
                            const QString& where, bool expectStd = true,
                            bool expectFirstLast = true) {
    if (got.count != expected.count)
        return QStringLiteral("%1: count is %2, expected %3")
            .arg(where)
            .arg(got.count)
            .arg(expected.count);
    if (!relativelyClose(got.total, expected.total))
        return mismatch(where, "total", got.total, expected.total);
    if (!relativelyClose(got.average, expected.mean))
        return mismatch(where, "average", got.average, expected.mean);
    if (!relativelyClose(got.min, expected.min))
        return mismatch(where, "min", got.min, expected.min);
    if (!relativelyClose(got.max, expected.max))
        return mismatch(where, "max", got.max, expected.max);
    // Without calls every statistic is 0 (null in JSON), whatever the layout.
    if (expected.count == 0)
        return {};
    if (expectStd) {
        if (!got.std)
            return where + QStringLiteral(": std is unavailable, expected a value");
        if (!relativelyClose(*got.std, expected.std))
            return mismatch(where, "std", *got.std, expected.std);
    } else if (got.std) {
        return where + QStringLiteral(": std should be unavailable, got %1").arg(*got.std);
    }
    if (expectFirstLast && expected.count > 0) {
        if (!got.first || !relativelyClose(*got.first, expected.first))
            return mismatch(where, "first", got.first.value_or(-1), expected.first);
        if (!got.last || !relativelyClose(*got.last, expected.last))
            return mismatch(where, "last", got.last.value_or(-1), expected.last);
    }
    return {};
}

// Two reads of one file: every statistic equal, std to a relative 1e-9.
inline QString compareReads(const RegionStats& a, const RegionStats& b, const QString& where) {
    if (a.count != b.count)
        return where + QStringLiteral(": counts differ (%1 vs %2)").arg(a.count).arg(b.count);
    if (!relativelyClose(a.total, b.total, 1e-15L))
        return mismatch(where, "total", a.total, b.total);
    if (!relativelyClose(a.average, b.average, 1e-12L))
        return mismatch(where, "average", a.average, b.average);
    if (a.min != b.min || a.max != b.max)
        return mismatch(where, "min/max", a.min + a.max, b.min + b.max);
    if (a.std.has_value() != b.std.has_value())
        return where + QStringLiteral(": std known in one read only");
    if (a.std && !relativelyClose(*a.std, *b.std))
        return mismatch(where, "std", *a.std, *b.std);
    return {};
}

inline QString where(const std::string& file, const std::string& region,
                     std::optional<std::uint32_t> rank) {
    return QStringLiteral("%1 / %2 / %3")
        .arg(QString::fromStdString(file), QString::fromStdString(region),
             rank ? QStringLiteral("rank %1").arg(*rank) : QStringLiteral("all ranks"));
}

inline QString regionList(const std::vector<std::string>& names) {
    QStringList out;
    for (const std::string& name : names)
        out << QString::fromStdString(name);
    return out.join(QStringLiteral(", "));
}

// Everything the contract lets us predict from a spec: ranks, region order,
// earliest start, every (region, rank) row and the pooled statistics, and,
// when events were read, the events themselves.
inline QString compareToSpec(const ProfilingResults& results, const fixtures::FixtureSpec& spec,
                             const std::string& label) {
    using fixtures::ReferenceStats;
    const bool aggregate = spec.schema >= 2 && spec.layout == fixtures::Layout::Aggregate;
    if (results.numRanks != ReferenceStats::numRanks(spec))
        return QStringLiteral("%1: num_ranks is %2, expected %3")
            .arg(QString::fromStdString(label))
            .arg(results.numRanks)
            .arg(ReferenceStats::numRanks(spec));
    const std::vector<std::string> order = ReferenceStats::regionOrder(spec);
    if (results.regions != order)
        return QStringLiteral("%1: regions are [%2], expected [%3]")
            .arg(QString::fromStdString(label), regionList(results.regions), regionList(order));
    if (results.minimumStartNs != ReferenceStats::minimumStartNs(spec))
        return QStringLiteral("%1: minimum start is %2, expected %3")
            .arg(QString::fromStdString(label))
            .arg(results.minimumStartNs.value_or(-1))
            .arg(ReferenceStats::minimumStartNs(spec).value_or(-1));
    std::size_t rowsWithCalls = 0;
    for (const fixtures::FixtureRow& row : spec.rows) {
        const QString at = where(label, row.region, row.rank);
        const auto region = results.regionIndex(row.region);
        if (!region)
            return at + QStringLiteral(": region not read");
        const RankRegion* got = results.row(*region, row.rank);
        if (got == nullptr) {
            if (!row.starts.empty())
                return at + QStringLiteral(": row not read");
            continue;
        }
        rowsWithCalls += row.starts.empty() ? 0 : 1;
        QString error = compareStats(results.stats(*region, row.rank),
                                     ReferenceStats::ofRank(spec, row.region, row.rank), at,
                                     !aggregate, !aggregate);
        if (!error.isEmpty())
            return error;
        if (!results.eventsRead)
            continue;
        const auto starts = results.starts(*got);
        const auto ends = results.ends(*got);
        if (starts.size() != row.starts.size() || ends.size() != row.ends.size())
            return at + QStringLiteral(": %1 events read, expected %2")
                            .arg(starts.size())
                            .arg(row.starts.size());
        for (std::size_t i = 0; i < starts.size(); ++i)
            if (starts[i] != row.starts[i] || ends[i] != row.ends[i])
                return at + QStringLiteral(": event %1 is [%2, %3], expected [%4, %5]")
                                .arg(i)
                                .arg(starts[i])
                                .arg(ends[i])
                                .arg(row.starts[i])
                                .arg(row.ends[i]);
    }
    std::size_t readWithCalls = 0;
    for (const RankRegion& row : results.rows)
        readWithCalls += row.summary.count > 0 ? 1 : 0;
    if (readWithCalls != rowsWithCalls)
        return QStringLiteral("%1: %2 rows with calls read, expected %3")
            .arg(QString::fromStdString(label))
            .arg(readWithCalls)
            .arg(rowsWithCalls);
    for (std::size_t i = 0; i < results.regions.size(); ++i) {
        const std::string& name = results.regions[i];
        const QString error = compareStats(results.pooled(i), ReferenceStats::of(spec, name),
                                           where(label, name, std::nullopt), !aggregate, false);
        if (!error.isEmpty())
            return error;
    }
    return {};
}

} // namespace scope::testing
