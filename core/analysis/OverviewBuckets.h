// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

namespace scope {

// The time buckets of an OverviewTimeline: the run's extent [origin,
// origin + span) cut into n buckets, bucket b being [edge(b), edge(b + 1)).
// Edges are whole ns (edgeOf) kept in a table, so that a call finds its
// bucket by one multiplication and a check or two of the table: the pass
// over 10^9 calls does no division per call.
class OverviewBuckets {
public:
    OverviewBuckets(std::int64_t origin, std::int64_t span, std::size_t n)
        : n_(n), scale_(static_cast<double>(n) / static_cast<double>(span)), edges_(n + 1) {
        for (std::size_t b = 0; b <= n; ++b)
            edges_[b] = edgeOf(origin, span, n, b);
    }

    // origin + floor(span * b / n), without overflow.
    static std::int64_t edgeOf(std::int64_t origin, std::int64_t span, std::size_t n,
                               std::size_t b) {
        const auto count = static_cast<std::int64_t>(n);
        if (span <= std::numeric_limits<std::int64_t>::max() / count)
            return origin + span * static_cast<std::int64_t>(b) / count;
        return origin +
               static_cast<std::int64_t>(static_cast<long double>(span) *
                                         static_cast<long double>(b) / static_cast<long double>(n));
    }

    std::size_t size() const { return n_; }
    std::int64_t edge(std::size_t b) const { return edges_[b]; }

    // The bucket holding t, for edge(0) <= t < edge(n).
    std::size_t of(std::int64_t t) const {
        auto b = static_cast<std::size_t>(static_cast<double>(t - edges_[0]) * scale_);
        b = std::min(b, n_ - 1);
        while (b > 0 && edges_[b] > t)
            --b;
        while (b + 1 < n_ && edges_[b + 1] <= t)
            ++b;
        return b;
    }

    // Adds the part of [s, e) in each bucket b to column[b * stride]; what
    // lies outside the extent counts nowhere.
    void cover(std::int64_t s, std::int64_t e, std::int64_t* column, std::size_t stride) const {
        s = std::max(s, edges_[0]);
        e = std::min(e, edges_[n_]);
        if (e <= s)
            return;
        const std::size_t first = of(s);
        if (e <= edges_[first + 1]) {
            column[first * stride] += e - s;
            return;
        }
        const std::size_t last = of(e - 1);
        column[first * stride] += edges_[first + 1] - s;
        for (std::size_t b = first + 1; b < last; ++b)
            column[b * stride] += edges_[b + 1] - edges_[b];
        column[last * stride] += e - edges_[last];
    }

    // cover() of every call, as cover() gives it, for calls that mostly come
    // in start order and fall within one bucket, as a row's do: calls
    // within the bucket of the one before are summed in a loop of their
    // own, and a bucket's time is added to the table once.
    void coverAll(std::span<const std::int64_t> starts, std::span<const std::int64_t> ends,
                  std::int64_t* column, std::size_t stride) const;

    // Adds `total` spread evenly over [s, e] to column[b * stride], each
    // bucket the share its overlap has (rounded to whole ns); a span of no
    // length puts it all in its bucket.
    void spread(std::int64_t s, std::int64_t e, std::int64_t total, std::int64_t* column,
                std::size_t stride) const {
        if (total <= 0)
            return;
        if (e <= s) {
            column[of(std::clamp(s, edges_[0], edges_[n_] - 1)) * stride] += total;
            return;
        }
        const double perNs = static_cast<double>(total) / static_cast<double>(e - s);
        const std::int64_t from = std::max(s, edges_[0]);
        const std::int64_t to = std::min(e, edges_[n_]);
        if (to <= from)
            return;
        const std::size_t last = of(to - 1);
        for (std::size_t b = of(from); b <= last; ++b) {
            const std::int64_t overlap = std::min(to, edges_[b + 1]) - std::max(from, edges_[b]);
            column[b * stride] +=
                static_cast<std::int64_t>(perNs * static_cast<double>(overlap) + 0.5);
        }
    }

private:
    std::size_t n_;
    double scale_;
    std::vector<std::int64_t> edges_;
};

} // namespace scope
