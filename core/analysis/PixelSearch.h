// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The searches behind TimelineIndex::query over positions sorted by time, and
// the integer pixel columns they search for. Internal to core/analysis.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>

namespace scope::pixel_search {

// First index in [lo, hi) where `pred` turns false (pred true on a prefix).
template <class Pred> std::size_t partitionPoint(std::size_t lo, std::size_t hi, Pred pred) {
    while (lo < hi) {
        const std::size_t mid = lo + (hi - lo) / 2;
        if (pred(mid))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

// Like partitionPoint, in O(log distance): zoomed in, the next pixel column
// is usually a few calls away, zoomed out millions.
template <class Pred> std::size_t gallop(std::size_t lo, std::size_t hi, Pred pred) {
    std::size_t known = lo; // pred holds before `known`
    std::size_t probe = lo;
    std::size_t step = 1;
    while (probe < hi && pred(probe)) {
        known = probe + 1;
        probe = std::min(hi, probe + step);
        step *= 2;
    }
    return partitionPoint(known, probe, pred);
}

// Like gallop, searching outwards from `hint` in [lo, hi]: columns of a
// steady run hold similar numbers of calls, so the previous column's count
// lands within a few calls of the answer.
template <class Pred>
std::size_t gallopFrom(std::size_t lo, std::size_t hi, std::size_t hint, Pred pred) {
    hint = std::clamp(hint, lo, hi);
    if (hint == lo || pred(hint - 1))
        return gallop(hint, hi, pred);
    std::size_t upper = hint - 1; // pred is false here
    for (std::size_t step = 1;; step *= 2) {
        if (upper - lo <= step)
            return partitionPoint(lo, upper, pred);
        const std::size_t probe = upper - step;
        if (pred(probe))
            return partitionPoint(probe + 1, upper, pred);
        upper = probe;
    }
}

// Pixel column c covers [t0 + ceil(c * nsPerPixel), t0 + ceil((c + 1) * nsPerPixel)):
// integer boundaries, so a call is in exactly one column and a call that is
// followed by another in its column is shorter than nsPerPixel.
inline std::int64_t boundary(std::int64_t t0, double column, double nsPerPixel) {
    return t0 + static_cast<std::int64_t>(std::ceil(column * nsPerPixel));
}

inline double columnOf(std::int64_t t, std::int64_t t0, double nsPerPixel) {
    double column = std::floor(static_cast<double>(t - t0) / nsPerPixel);
    while (t < boundary(t0, column, nsPerPixel))
        column -= 1;
    while (t >= boundary(t0, column + 1, nsPerPixel))
        column += 1;
    return column;
}

} // namespace scope::pixel_search
