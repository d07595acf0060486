// SPDX-License-Identifier: GPL-3.0-or-later
#include "RegionStats.h"

#include <cmath>

namespace scope {
namespace {
constexpr double kNsPerSecond = 1e9;
double seconds(std::int64_t ns) {
    return static_cast<double>(ns) / kNsPerSecond;
}
} // namespace

RegionStats RegionStats::fromSummary(const CallSummary& s) {
    RegionStats r;
    r.count = s.count;
    if (s.count == 0) {
        if (s.hasSpread)
            r.std = 0.0;
        return r;
    }
    r.total = seconds(s.total);
    // Dividing the exact integer total keeps the average identical across
    // summary-only and event reads.
    r.average = static_cast<double>(s.total) / static_cast<double>(s.count) / kNsPerSecond;
    r.min = seconds(s.minimum);
    r.max = seconds(s.maximum);
    if (s.hasSpread)
        r.std = std::sqrt(std::max(0.0, s.m2) / static_cast<double>(s.count)) / kNsPerSecond;
    if (s.hasTimes) {
        r.first = seconds(s.first);
        r.last = seconds(s.last);
        r.firstStart = seconds(s.startMinimum);
        r.lastEnd = seconds(s.endMaximum);
    }
    return r;
}

} // namespace scope
