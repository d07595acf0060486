#include "CallSummary.h"

#include <algorithm>
#include <limits>

namespace scope {

// Runs over every event of a file: the AVX2 clone (chosen at load time) does
// the 64-bit minima and maxima four at a time.
[[gnu::target_clones("avx2", "default")]] CallSummary
CallSummary::fromEvents(std::span<const std::int64_t> starts, std::span<const std::int64_t> ends,
                        std::span<const std::int64_t> gpuDurations) {
    CallSummary s;
    const std::size_t n = std::min(starts.size(), ends.size());
    if (n == 0)
        return s;
    s.count = n;
    s.minimum = std::numeric_limits<std::int64_t>::max();
    s.maximum = std::numeric_limits<std::int64_t>::min();
    s.startMinimum = std::numeric_limits<std::int64_t>::max();
    s.endMaximum = std::numeric_limits<std::int64_t>::min();
    for (std::size_t i = 0; i < n; ++i) {
        const std::int64_t d = ends[i] - starts[i];
        s.total += d;
        s.minimum = std::min(s.minimum, d);
        s.maximum = std::max(s.maximum, d);
        s.startMinimum = std::min(s.startMinimum, starts[i]);
        s.endMaximum = std::max(s.endMaximum, ends[i]);
    }
    s.first = ends[0] - starts[0];
    s.last = ends[n - 1] - starts[n - 1];
    // A second pass around the exact mean keeps m2 accurate to the last digits,
    // where a one-pass update would lose them on long runs.
    s.mean = static_cast<double>(s.total) / static_cast<double>(n);
    double m2 = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        const double delta = static_cast<double>(ends[i] - starts[i]) - s.mean;
        m2 += delta * delta;
    }
    s.m2 = m2;
    for (std::int64_t g : gpuDurations) {
        if (g >= 0) {
            ++s.gpuCount;
            s.gpuTotal += g;
        }
    }
    return s;
}

CallSummary CallSummary::pool(std::span<const CallSummary* const> parts) {
    CallSummary s;
    bool any = false;
    for (const CallSummary* p : parts) {
        s.hasSpread = s.hasSpread && p->hasSpread;
        s.hasTimes = s.hasTimes && p->hasTimes;
        if (p->count == 0)
            continue;
        if (!any) {
            s.minimum = p->minimum;
            s.maximum = p->maximum;
            s.startMinimum = p->startMinimum;
            s.endMaximum = p->endMaximum;
            s.first = p->first;
            any = true;
        }
        s.count += p->count;
        s.total += p->total;
        s.minimum = std::min(s.minimum, p->minimum);
        s.maximum = std::max(s.maximum, p->maximum);
        s.startMinimum = std::min(s.startMinimum, p->startMinimum);
        s.endMaximum = std::max(s.endMaximum, p->endMaximum);
        s.gpuCount += p->gpuCount;
        s.gpuTotal += p->gpuTotal;
        s.last = p->last;
    }
    if (s.count == 0)
        return s;
    s.mean = static_cast<double>(s.total) / static_cast<double>(s.count);
    double m2 = 0.0;
    for (const CallSummary* p : parts) {
        if (p->count == 0)
            continue;
        const double delta = p->mean - s.mean;
        m2 += p->m2 + static_cast<double>(p->count) * delta * delta;
    }
    s.m2 = m2;
    return s;
}

} // namespace scope
