// SPDX-License-Identifier: GPL-3.0-or-later
#include "StartOrder.h"

#include "model/ProfilingResults.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <utility>
#include <vector>

namespace scope {

namespace {

constexpr int kDigitBits = 11;
constexpr std::size_t kBuckets = std::size_t{1} << kDigitBits;

// LSD radix passes over bits [low, high) of what `digit` reads from each
// element, ping-ponging between `from` and `to`; returns the sorted buffer.
template <typename T, typename Digit>
T* radixPasses(T* from, T* to, std::size_t n, int low, int high, Digit digit) {
    std::vector<std::uint32_t> counts(kBuckets);
    for (int shift = low; shift < high; shift += kDigitBits) {
        std::fill(counts.begin(), counts.end(), 0);
        for (std::size_t i = 0; i < n; ++i)
            ++counts[digit(from[i], shift)];
        std::uint32_t at = 0;
        for (std::uint32_t& c : counts)
            at += std::exchange(c, at);
        for (std::size_t i = 0; i < n; ++i)
            to[counts[digit(from[i], shift)]++] = from[i];
        std::swap(from, to);
    }
    return from;
}

} // namespace

void sortByStart(std::span<const std::int64_t> starts, std::span<std::uint32_t> events,
                 std::span<std::uint32_t> spare) {
    assert(spare.size() >= events.size());
    const std::size_t n = events.size();
    if (n < 2)
        return;
    const auto [lowest, highest] =
        std::minmax_element(events.begin(), events.end(), [&](std::uint32_t a, std::uint32_t b) {
            return starts[a] < starts[b];
        });
    const auto origin = static_cast<std::uint64_t>(starts[*lowest]);
    const std::uint64_t range = static_cast<std::uint64_t>(starts[*highest]) - origin;
    const int bits = 64 - std::countl_zero(range);
    const int indexBits = 64 - std::countl_zero(std::uint64_t{n - 1});

    if (bits + indexBits <= 64) {
        // Offset and position packed in one word: the passes then read
        // their keys in order instead of gathering each start from a rank's
        // whole column, which was most of building the timeline. Sorting on
        // the offset's bits alone keeps equal starts in their order.
        std::vector<std::uint64_t> packed(n);
        std::vector<std::uint64_t> other(n);
        for (std::size_t i = 0; i < n; ++i)
            packed[i] = ((static_cast<std::uint64_t>(starts[events[i]]) - origin) << indexBits) | i;
        const std::uint64_t* sorted =
            radixPasses(packed.data(), other.data(), n, indexBits, indexBits + bits,
                        [](std::uint64_t v, int shift) { return (v >> shift) & (kBuckets - 1); });
        std::copy_n(events.begin(), n, spare.begin());
        const std::uint64_t position = (std::uint64_t{1} << indexBits) - 1;
        for (std::size_t i = 0; i < n; ++i)
            events[i] = spare[sorted[i] & position];
        return;
    }
    const std::uint32_t* sorted =
        radixPasses(events.data(), spare.data(), n, 0, bits, [&](std::uint32_t e, int shift) {
            return ((static_cast<std::uint64_t>(starts[e]) - origin) >> shift) & (kBuckets - 1);
        });
    if (sorted != events.data())
        std::copy_n(sorted, n, events.data());
}

void orderRankCalls(const ProfilingResults& results, std::span<const std::size_t> rows,
                    std::uint32_t* sorted, std::vector<std::uint32_t>& scratch) {
    const EventColumns& events = results.events;
    const auto start = [&](std::uint32_t e) { return events.starts[e]; };
    const auto end = [&](std::uint32_t e) { return std::max(events.ends[e], events.starts[e]); };
    const bool ids = events.hasCallIds();
    // By start, longer first, so an enclosing call precedes what it encloses.
    auto before = [&](std::uint32_t a, std::uint32_t b) {
        if (start(a) != start(b))
            return start(a) < start(b);
        if (end(a) != end(b))
            return end(a) > end(b);
        if (ids && events.callIds[a] != events.callIds[b])
            return events.callIds[a] < events.callIds[b];
        return a < b;
    };
    scratch.clear();
    for (std::size_t i : rows) {
        const RankRegion& row = results.rows[i];
        for (std::uint64_t e = 0; e < row.summary.count; ++e)
            scratch.push_back(static_cast<std::uint32_t>(row.offset + e));
    }
    const std::size_t count = scratch.size();

    // Many rows: a radix sort by start, then each group of equal starts by
    // the rest of `before`. A merge of that many runs costs about 14
    // unpredictable comparisons a call; of a dozen it is the faster way.
    if (rows.size() > kMergedRows) {
        sortByStart(events.starts, scratch, std::span(sorted, count));
        for (std::size_t k = 0; k < count;) {
            std::size_t j = k + 1;
            while (j < count && start(scratch[j]) == start(scratch[k]))
                ++j;
            if (j - k > 1)
                std::sort(scratch.begin() + static_cast<std::ptrdiff_t>(k),
                          scratch.begin() + static_cast<std::ptrdiff_t>(j), before);
            k = j;
        }
        std::copy_n(scratch.begin(), count, sorted);
        return;
    }

    // Every row is a run in start order (profilers record calls as they
    // start; sort the rare row that is not), merged through a heap of run
    // cursors with their next call's times cached: looking the times up
    // through the event index at each comparison was most of the merge.
    struct Cursor {
        std::int64_t start;
        std::int64_t end;
        std::size_t next;
        std::size_t stop;
    };
    std::vector<Cursor> runs;
    std::size_t from = 0;
    for (std::size_t i : rows) {
        const auto first = scratch.begin() + static_cast<std::ptrdiff_t>(from);
        const std::size_t to = from + results.rows[i].summary.count;
        const auto last = scratch.begin() + static_cast<std::ptrdiff_t>(to);
        if (!std::is_sorted(first, last, before))
            std::sort(first, last, before);
        if (to > from)
            runs.push_back({start(scratch[from]), end(scratch[from]), from, to});
        from = to;
    }
    // A min-heap (std heaps are max-heaps: `later` inverts `before`, on the
    // cached times first). The top run gives a call and moves on, then sinks
    // to its place: one sift instead of pop_heap's and push_heap's two.
    auto later = [&](const Cursor& a, const Cursor& b) {
        if (a.start != b.start)
            return a.start > b.start;
        if (a.end != b.end)
            return a.end < b.end;
        return before(scratch[b.next], scratch[a.next]);
    };
    std::make_heap(runs.begin(), runs.end(), later);
    for (std::size_t out = 0; out < count; ++out) {
        Cursor& top = runs.front();
        sorted[out] = scratch[top.next++];
        if (top.next == top.stop) {
            top = runs.back();
            runs.pop_back();
        } else {
            top.start = start(scratch[top.next]);
            top.end = end(scratch[top.next]);
        }
        for (std::size_t at = 0;;) {
            std::size_t child = 2 * at + 1;
            if (child >= runs.size())
                break;
            if (child + 1 < runs.size() && later(runs[child], runs[child + 1]))
                ++child;
            if (!later(runs[at], runs[child]))
                break;
            std::swap(runs[at], runs[child]);
            at = child;
        }
    }
}

} // namespace scope
