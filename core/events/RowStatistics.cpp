// SPDX-License-Identifier: GPL-3.0-or-later
#include "RowStatistics.h"

#include <algorithm>
#include <limits>

namespace scope {
namespace {

using Limits = std::numeric_limits<std::int64_t>;

// Everything the first pass gathers. Differences are taken in unsigned
// arithmetic (wrapping is defined): they are exact once the window is known
// to be narrower than INT64_MAX, and the file may hold any 64-bit values.
struct Pass {
    std::int64_t minStart = Limits::max();
    std::int64_t maxStart = Limits::min();
    std::int64_t minEnd = Limits::max();
    std::int64_t maxEnd = Limits::min();
    std::int64_t minDuration = Limits::max();
    std::int64_t maxDuration = Limits::min();
    std::uint64_t durationSum = 0; // modulo 2^64
    bool magnitudesFit = true;     // the sum of |duration| is below 2^63
    std::uint64_t magnitudeSum = 0;
};

// The AVX2 clone (chosen at load time) does the 64-bit minima and maxima four
// at a time.
[[gnu::target_clones("avx2", "default")]] Pass firstPass(std::span<const std::int64_t> starts,
                                                         std::span<const std::int64_t> ends) {
    Pass p;
    const std::size_t n = std::min(starts.size(), ends.size());
    // Magnitudes are summed in two 32-bit halves that cannot overflow for
    // fewer than 2^32 calls per block.
    constexpr std::size_t kBlock = std::size_t{1} << 31;
    for (std::size_t begin = 0; begin < n; begin += kBlock) {
        const std::size_t end = std::min(n, begin + kBlock);
        std::int64_t minStart = p.minStart, maxStart = p.maxStart;
        std::int64_t minEnd = p.minEnd, maxEnd = p.maxEnd;
        std::int64_t minDuration = p.minDuration, maxDuration = p.maxDuration;
        std::uint64_t sum = 0, upper = 0, lower = 0;
        for (std::size_t i = begin; i < end; ++i) {
            const std::int64_t s = starts[i];
            const std::int64_t e = ends[i];
            minStart = std::min(minStart, s);
            maxStart = std::max(maxStart, s);
            minEnd = std::min(minEnd, e);
            maxEnd = std::max(maxEnd, e);
            const std::uint64_t d = static_cast<std::uint64_t>(e) - static_cast<std::uint64_t>(s);
            const auto signedD = static_cast<std::int64_t>(d);
            minDuration = std::min(minDuration, signedD);
            maxDuration = std::max(maxDuration, signedD);
            sum += d;
            const auto sign = static_cast<std::uint64_t>(signedD >> 63);
            const std::uint64_t magnitude = (d ^ sign) - sign;
            upper += magnitude >> 32;
            lower += magnitude & 0xffffffffu;
        }
        p.minStart = minStart;
        p.maxStart = maxStart;
        p.minEnd = minEnd;
        p.maxEnd = maxEnd;
        p.minDuration = minDuration;
        p.maxDuration = maxDuration;
        p.durationSum += sum;
        // upper < 2^31 keeps the block's sum below 2^63.
        const std::uint64_t block = (upper << 32) + lower;
        if (upper >= (std::uint64_t{1} << 31) ||
            block > static_cast<std::uint64_t>(Limits::max()) ||
            block > static_cast<std::uint64_t>(Limits::max()) - p.magnitudeSum)
            p.magnitudesFit = false;
        else
            p.magnitudeSum += block;
    }
    return p;
}

// A second pass around the exact mean keeps m2 accurate to the last digits,
// where a one-pass update would lose them on long runs.
[[gnu::target_clones("avx2", "default")]] double
squaredDeviations(std::span<const std::int64_t> starts, std::span<const std::int64_t> ends,
                  double mean) {
    double m2 = 0.0;
    for (std::size_t i = 0; i < starts.size(); ++i) {
        const double delta = static_cast<double>(ends[i] - starts[i]) - mean;
        m2 += delta * delta;
    }
    return m2;
}

} // namespace

RowStatistics RowStatistics::measure(std::span<const std::int64_t> starts,
                                     std::span<const std::int64_t> ends,
                                     std::span<const std::int64_t> gpuDurations) {
    RowStatistics r;
    const std::size_t n = std::min(starts.size(), ends.size());
    if (n == 0)
        return r;
    const Pass p = firstPass(starts, ends);
    TimeRangeCheck::Extent& extent = r.extent;
    extent.low = std::min(p.minStart, p.minEnd);
    extent.high = std::max(p.maxStart, p.maxEnd);
    std::int64_t width = 0;
    extent.fits = p.magnitudesFit && !__builtin_sub_overflow(extent.high, extent.low, &width);
    if (!extent.fits)
        return r;
    extent.durationSum = static_cast<std::int64_t>(p.magnitudeSum);

    CallSummary& s = r.summary;
    s.count = n;
    s.total = static_cast<std::int64_t>(p.durationSum);
    s.minimum = p.minDuration;
    s.maximum = p.maxDuration;
    s.startMinimum = p.minStart;
    s.endMaximum = p.maxEnd;
    s.first = ends[0] - starts[0];
    s.last = ends[n - 1] - starts[n - 1];
    s.mean = static_cast<double>(s.total) / static_cast<double>(n);
    s.m2 = squaredDeviations(starts.first(n), ends.first(n), s.mean);
    for (std::int64_t g : gpuDurations) {
        // Saturating: damaged GPU durations must not overflow (undefined).
        if (g >= 0) {
            ++s.gpuCount;
            if (__builtin_add_overflow(s.gpuTotal, g, &s.gpuTotal))
                s.gpuTotal = Limits::max();
        }
    }
    return r;
}

} // namespace scope
