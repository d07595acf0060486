// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "TimeRangeCheck.h"
#include "model/CallSummary.h"

#include <array>
#include <cstdint>
#include <limits>
#include <span>

namespace scope {

// The statistics of one row's calls and the extent of their times for the
// file's TimeRangeCheck, from one pass over the calls (plus the pass that
// sums the squared deviations). This runs over every event of a file.
struct RowStatistics {
    // Valid only when extent.fits: calls whose times break the limits have
    // no statistics (their durations may not even fit in int64).
    CallSummary summary;
    TimeRangeCheck::Extent extent;

    static RowStatistics measure(std::span<const std::int64_t> starts,
                                 std::span<const std::int64_t> ends,
                                 std::span<const std::int64_t> gpuDurations = {});

    // The same statistics of calls handed over in pieces, for a row that is
    // streamed instead of held in memory: every piece in order to add(), then
    // (when needsSquares()) every piece again in order to addSquares(), then
    // result(). The arithmetic is measure()'s, so the result is bit-identical
    // however the calls are cut (measure() is this with one piece).
    class Accumulator {
    public:
        void add(std::span<const std::int64_t> starts, std::span<const std::int64_t> ends,
                 std::span<const std::int64_t> gpuDurations = {});
        // Ends the first pass. The calls fit the limits and there are some:
        // m2 needs the second pass.
        bool needsSquares();
        void addSquares(std::span<const std::int64_t> starts, std::span<const std::int64_t> ends);
        RowStatistics result();

        // What the first pass gathers. Differences are taken in unsigned
        // arithmetic (wrapping is defined): they are exact once the window is
        // known to be narrower than INT64_MAX, and the file may hold any
        // 64-bit values.
        struct Pass {
            using Limits = std::numeric_limits<std::int64_t>;
            std::int64_t minStart = Limits::max();
            std::int64_t maxEnd = Limits::min();
            // The least and greatest of every start and end.
            std::int64_t low = Limits::max();
            std::int64_t high = Limits::min();
            std::int64_t minDuration = Limits::max();
            std::int64_t maxDuration = Limits::min();
            std::uint64_t durationSum = 0; // modulo 2^64
            bool magnitudesFit = true;     // the sum of |duration| is below 2^63
            std::uint64_t magnitudeSum = 0;
        };

    private:
        void finishFirstPass();

        Pass pass_;
        std::uint64_t count_ = 0;
        std::uint64_t first_ = 0; // end - start of the first and last call, modulo 2^64
        std::uint64_t last_ = 0;
        std::uint64_t gpuCount_ = 0;
        std::int64_t gpuTotal_ = 0;
        // Once the first pass is over: the summary without m2, and the extent.
        CallSummary summary_;
        TimeRangeCheck::Extent extent_;
        bool firstPassOver_ = false;
        std::array<double, 4> m2_{}; // squaredDeviations' four sums
        std::uint64_t squared_ = 0;  // calls in them
    };
};

} // namespace scope
