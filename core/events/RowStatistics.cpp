// SPDX-License-Identifier: GPL-3.0-or-later
#include "RowStatistics.h"

#include <algorithm>
#include <array>
#include <limits>

namespace scope {
namespace {

using Limits = std::numeric_limits<std::int64_t>;
using Pass = RowStatistics::Accumulator::Pass;

// Calls a block of forwardBlock holds at most; with durations below
// kForwardDuration their sum stays below 2^63.
constexpr std::size_t kForwardBlock = 1024;
constexpr std::int64_t kForwardDuration = std::int64_t{1} << 52;

// Adds a block of calls to `p` when none of them ends before it starts (as
// in nearly every file) and none lasts 2^52 ns or more; false, with `p`
// untouched, otherwise. Such calls need half of fullPass's work: the least
// start and the greatest end bound every time, and each duration is its own
// magnitude, whose sum is exact.
[[gnu::target_clones("arch=x86-64-v4", "avx2", "default")]] bool
forwardBlock(Pass& p, std::span<const std::int64_t> starts, std::span<const std::int64_t> ends) {
    const std::size_t n = std::min({starts.size(), ends.size(), kForwardBlock});
    std::int64_t minStart = Limits::max(), maxEnd = Limits::min();
    std::int64_t minDuration = Limits::max(), maxDuration = Limits::min();
    std::uint64_t sum = 0, signs = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const std::int64_t s = starts[i];
        const std::int64_t e = ends[i];
        minStart = std::min(minStart, s);
        maxEnd = std::max(maxEnd, e);
        const std::uint64_t d = static_cast<std::uint64_t>(e) - static_cast<std::uint64_t>(s);
        const auto signedD = static_cast<std::int64_t>(d);
        minDuration = std::min(minDuration, signedD);
        maxDuration = std::max(maxDuration, signedD);
        sum += d;
        signs |= d;
    }
    if (static_cast<std::int64_t>(signs) < 0 || maxDuration >= kForwardDuration)
        return false;
    p.minStart = std::min(p.minStart, minStart);
    p.maxEnd = std::max(p.maxEnd, maxEnd);
    p.low = std::min(p.low, minStart);
    p.high = std::max(p.high, maxEnd);
    p.minDuration = std::min(p.minDuration, minDuration);
    p.maxDuration = std::max(p.maxDuration, maxDuration);
    p.durationSum += sum;
    if (sum > static_cast<std::uint64_t>(Limits::max()) - p.magnitudeSum)
        p.magnitudesFit = false;
    else
        p.magnitudeSum += sum;
    return true;
}

// Adds a block of at most kForwardBlock calls to `p`, whatever their times.
// The vector clones (chosen at load time) do the 64-bit minima and maxima
// four at a time (AVX2) or eight, in one instruction each (AVX-512,
// x86-64-v4).
[[gnu::target_clones("arch=x86-64-v4", "avx2", "default")]] void
fullPass(Pass& p, std::span<const std::int64_t> starts, std::span<const std::int64_t> ends) {
    const std::size_t n = std::min({starts.size(), ends.size(), kForwardBlock});
    // Magnitudes are summed in two 32-bit halves, which cannot overflow for
    // so few calls. Whatever the blocks (or the pieces of a streamed row),
    // magnitudesFit ends up saying whether the exact sum of all |durations|
    // is at most INT64_MAX, and magnitudeSum is that sum.
    std::int64_t minStart = p.minStart, maxStart = Limits::min();
    std::int64_t minEnd = Limits::max(), maxEnd = p.maxEnd;
    std::int64_t minDuration = p.minDuration, maxDuration = p.maxDuration;
    std::uint64_t sum = 0, upper = 0, lower = 0;
    for (std::size_t i = 0; i < n; ++i) {
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
    p.maxEnd = maxEnd;
    p.low = std::min(p.low, std::min(minStart, minEnd));
    p.high = std::max(p.high, std::max(maxStart, maxEnd));
    p.minDuration = minDuration;
    p.maxDuration = maxDuration;
    p.durationSum += sum;
    // upper < 2^31 keeps the block's sum below 2^63.
    const std::uint64_t block = (upper << 32) + lower;
    if (upper >= (std::uint64_t{1} << 31) || block > static_cast<std::uint64_t>(Limits::max()) ||
        block > static_cast<std::uint64_t>(Limits::max()) - p.magnitudeSum)
        p.magnitudesFit = false;
    else
        p.magnitudeSum += block;
}

void firstPass(Pass& p, std::span<const std::int64_t> starts, std::span<const std::int64_t> ends) {
    const std::size_t n = std::min(starts.size(), ends.size());
    for (std::size_t at = 0; at < n; at += kForwardBlock) {
        const std::size_t m = std::min(kForwardBlock, n - at);
        if (!forwardBlock(p, starts.subspan(at, m), ends.subspan(at, m)))
            fullPass(p, starts.subspan(at, m), ends.subspan(at, m));
    }
}

// A second pass around the exact mean keeps m2 accurate to the last digits,
// where a one-pass update would lose them on long runs. The row's call i goes
// to sum i % 4: four chains of additions keep the adder busy where one waits
// on each sum before the next, and `done` (the row's calls already summed)
// puts every piece's calls in the sums one pass would, so that pieces add up
// to exactly what one pass gives.
[[gnu::target_clones("arch=x86-64-v4", "avx2", "default")]] void
squaredDeviations(std::array<double, 4>& sums, std::uint64_t done,
                  std::span<const std::int64_t> starts, std::span<const std::int64_t> ends,
                  double mean) {
    const std::size_t n = std::min(starts.size(), ends.size());
    const auto square = [&](std::size_t i) {
        const double delta = static_cast<double>(ends[i] - starts[i]) - mean;
        return delta * delta;
    };
    std::size_t i = 0;
    for (; i < n && (done + i) % 4 != 0; ++i)
        sums[(done + i) % 4] += square(i);
    double s0 = sums[0], s1 = sums[1], s2 = sums[2], s3 = sums[3];
    for (; i + 4 <= n; i += 4) {
        s0 += square(i);
        s1 += square(i + 1);
        s2 += square(i + 2);
        s3 += square(i + 3);
    }
    sums = {s0, s1, s2, s3};
    for (; i < n; ++i)
        sums[(done + i) % 4] += square(i);
}

} // namespace

RowStatistics RowStatistics::measure(std::span<const std::int64_t> starts,
                                     std::span<const std::int64_t> ends,
                                     std::span<const std::int64_t> gpuDurations) {
    const std::size_t n = std::min(starts.size(), ends.size());
    Accumulator accumulator;
    accumulator.add(starts.first(n), ends.first(n), gpuDurations);
    if (accumulator.needsSquares())
        accumulator.addSquares(starts.first(n), ends.first(n));
    return accumulator.result();
}

void RowStatistics::Accumulator::add(std::span<const std::int64_t> starts,
                                     std::span<const std::int64_t> ends,
                                     std::span<const std::int64_t> gpuDurations) {
    const std::size_t n = std::min(starts.size(), ends.size());
    if (n > 0) {
        firstPass(pass_, starts.first(n), ends.first(n));
        const auto duration = [&](std::size_t i) {
            return static_cast<std::uint64_t>(ends[i]) - static_cast<std::uint64_t>(starts[i]);
        };
        if (count_ == 0)
            first_ = duration(0);
        last_ = duration(n - 1);
        count_ += n;
    }
    for (std::int64_t g : gpuDurations) {
        // Saturating: damaged GPU durations must not overflow (undefined).
        if (g >= 0) {
            ++gpuCount_;
            if (__builtin_add_overflow(gpuTotal_, g, &gpuTotal_))
                gpuTotal_ = Limits::max();
        }
    }
}

void RowStatistics::Accumulator::finishFirstPass() {
    if (firstPassOver_)
        return;
    firstPassOver_ = true;
    if (count_ == 0)
        return;
    const Pass& p = pass_;
    TimeRangeCheck::Extent& extent = extent_;
    extent.low = p.low;
    extent.high = p.high;
    std::int64_t width = 0;
    extent.fits = p.magnitudesFit && !__builtin_sub_overflow(extent.high, extent.low, &width);
    if (!extent.fits)
        return;
    extent.durationSum = static_cast<std::int64_t>(p.magnitudeSum);

    CallSummary& s = summary_;
    s.count = count_;
    s.total = static_cast<std::int64_t>(p.durationSum);
    s.minimum = p.minDuration;
    s.maximum = p.maxDuration;
    s.startMinimum = p.minStart;
    s.endMaximum = p.maxEnd;
    s.first = static_cast<std::int64_t>(first_);
    s.last = static_cast<std::int64_t>(last_);
    s.mean = static_cast<double>(s.total) / static_cast<double>(count_);
    s.gpuCount = gpuCount_;
    s.gpuTotal = gpuTotal_;
}

bool RowStatistics::Accumulator::needsSquares() {
    finishFirstPass();
    return count_ > 0 && extent_.fits;
}

void RowStatistics::Accumulator::addSquares(std::span<const std::int64_t> starts,
                                            std::span<const std::int64_t> ends) {
    finishFirstPass();
    const std::size_t n = std::min(starts.size(), ends.size());
    squaredDeviations(m2_, squared_, starts.first(n), ends.first(n), summary_.mean);
    squared_ += n;
}

RowStatistics RowStatistics::Accumulator::result() {
    finishFirstPass();
    RowStatistics r{summary_, extent_};
    if (count_ > 0 && r.extent.fits)
        r.summary.m2 = (m2_[0] + m2_[1]) + (m2_[2] + m2_[3]);
    return r;
}

} // namespace scope
