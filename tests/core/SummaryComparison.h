// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/CallSummary.h"

#include <QString>

#include <bit>
#include <cstdint>

namespace scope::testing {

// Doubles compared by their bits: "equal" must mean bit-identical here.
inline bool same(double a, double b) {
    return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
}

// "" when two summaries are the same to the bit; else the first field that
// differs, named with `where`.
inline QString compareSummaries(const CallSummary& a, const CallSummary& b, const QString& where) {
    const auto field = [&](const char* name, auto x, auto y) {
        return QStringLiteral("%1: %2 is %3 streamed, %4 in memory")
            .arg(where, QLatin1String(name))
            .arg(x)
            .arg(y);
    };
#define SCOPE_SAME_FIELD(f)                                                                        \
    if (a.f != b.f)                                                                                \
        return field(#f, a.f, b.f);
    SCOPE_SAME_FIELD(count)
    SCOPE_SAME_FIELD(total)
    SCOPE_SAME_FIELD(minimum)
    SCOPE_SAME_FIELD(maximum)
    SCOPE_SAME_FIELD(first)
    SCOPE_SAME_FIELD(last)
    SCOPE_SAME_FIELD(startMinimum)
    SCOPE_SAME_FIELD(endMaximum)
    SCOPE_SAME_FIELD(gpuCount)
    SCOPE_SAME_FIELD(gpuTotal)
    SCOPE_SAME_FIELD(hasSpread)
    SCOPE_SAME_FIELD(hasTimes)
#undef SCOPE_SAME_FIELD
    if (!same(a.mean, b.mean))
        return field("mean", a.mean, b.mean);
    if (!same(a.m2, b.m2))
        return field("m2", a.m2, b.m2);
    return {};
}

} // namespace scope::testing
