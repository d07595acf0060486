// SPDX-License-Identifier: GPL-3.0-or-later
#include "OrderStatistics.h"

#include "model/Errors.h"

#include <algorithm>
#include <limits>

namespace scope {

namespace {

constexpr std::uint64_t kMinBuckets = 16;
constexpr std::uint64_t kMaxBuckets = std::uint64_t(1) << 20;

// Where a wanted rank is known to lie: `below` calls are shorter than `low`,
// `count` calls lie in [low, high].
struct Target {
    std::uint64_t rank = 0;
    std::int64_t low = 0;
    std::int64_t high = 0;
    std::uint64_t below = 0;
    std::uint64_t count = 0;
    bool done = false;
    std::int64_t value = 0;
};

// One range read in a pass, shared by the targets that lie in it (the two
// neighbours of a percentile usually do): its durations are collected or
// counted per bucket.
struct Range {
    std::int64_t low = 0;
    std::int64_t high = 0;
    std::uint64_t count = 0;
    bool collect = false;
    std::uint64_t width = 1;
    std::vector<std::uint64_t> buckets;
    std::vector<std::int64_t> values;

    bool contains(std::int64_t v) const { return v >= low && v <= high; }
    // Unsigned offsets: a range of corrupt durations may span all of int64.
    std::uint64_t offset(std::int64_t v) const {
        return static_cast<std::uint64_t>(v) - static_cast<std::uint64_t>(low);
    }
    std::int64_t at(std::uint64_t offset) const {
        return static_cast<std::int64_t>(static_cast<std::uint64_t>(low) + offset);
    }
};

// The same calls read twice must give the same durations.
[[noreturn]] void changedBetweenReads(const std::string& path) {
    throw CorruptProfileError(path, "reading the calls again",
                              "they differ from the previous read");
}

void selectCollected(Range& range, std::vector<Target*>& targets, const std::string& path) {
    // Targets ascend by rank: each selection narrows the next one's.
    std::size_t from = 0;
    for (Target* t : targets) {
        const std::uint64_t k = t->rank - t->below;
        if (k >= range.values.size())
            changedBetweenReads(path);
        const auto begin = range.values.begin();
        std::nth_element(begin + static_cast<std::ptrdiff_t>(from),
                         begin + static_cast<std::ptrdiff_t>(k), range.values.end());
        t->value = range.values[k];
        t->done = true;
        from = static_cast<std::size_t>(k);
    }
}

void narrow(const Range& range, Target& t, const std::string& path) {
    std::uint64_t before = 0;
    for (std::size_t j = 0; j < range.buckets.size(); ++j) {
        if (t.rank - t.below < before + range.buckets[j]) {
            const std::uint64_t first = j * range.width;
            t.low = range.at(first);
            t.high = std::min(range.high, range.at(first + range.width - 1));
            t.below += before;
            t.count = range.buckets[j];
            return;
        }
        before += range.buckets[j];
    }
    changedBetweenReads(path);
}

} // namespace

OrderStatistics::Result OrderStatistics::select(const RegionCalls& calls,
                                                const std::vector<std::uint64_t>& ranks,
                                                std::uint64_t byteLimit,
                                                const std::atomic<bool>* cancel) {
    Result result;
    const std::uint64_t n = calls.count();
    std::vector<Target> targets(ranks.size());
    for (std::size_t i = 0; i < ranks.size(); ++i)
        targets[i] = {ranks[i], calls.shortestNs(), calls.longestNs(), 0, n};
    std::vector<Target*> order;
    for (Target& t : targets)
        order.push_back(&t);
    std::stable_sort(order.begin(), order.end(),
                     [](const Target* a, const Target* b) { return a->rank < b->rank; });

    // Every duration kept: no range to trust, and one read.
    if (n <= byteLimit / sizeof(std::int64_t)) {
        Range all;
        all.values.reserve(static_cast<std::size_t>(n));
        result.passes = 1;
        result.cancelled = !calls.forEachDuration(
            [&](std::size_t, std::span<const std::int64_t> d) {
                all.values.insert(all.values.end(), d.begin(), d.end());
            },
            cancel);
        if (result.cancelled)
            return result;
        result.peakBytes = all.values.size() * sizeof(std::int64_t);
        selectCollected(all, order, calls.path());
        for (const Target& t : targets)
            result.values.push_back(t.value);
        return result;
    }

    const std::uint64_t valueCap = std::max<std::uint64_t>(1, byteLimit / 2 / sizeof(std::int64_t));
    bool rangeChecked = false;
    for (;;) {
        // The ranges still to read, each once however many targets share it.
        std::vector<Range> ranges;
        std::vector<std::vector<Target*>> members;
        for (Target* t : order) {
            if (t->done)
                continue;
            // A single duration left: no need to read it (once the range is
            // known to hold every call).
            if (rangeChecked && t->low == t->high) {
                t->value = t->low;
                t->done = true;
                continue;
            }
            auto it = std::find_if(ranges.begin(), ranges.end(), [&](const Range& r) {
                return r.low == t->low && r.high == t->high;
            });
            if (it == ranges.end()) {
                Range range;
                range.low = t->low;
                range.high = t->high;
                range.count = t->count;
                ranges.push_back(std::move(range));
                members.emplace_back();
                it = ranges.end() - 1;
            }
            members[static_cast<std::size_t>(it - ranges.begin())].push_back(t);
        }
        if (ranges.empty())
            break;

        // The smallest ranges are collected while they fit; the rest counted.
        std::vector<std::size_t> bySize(ranges.size());
        for (std::size_t i = 0; i < ranges.size(); ++i)
            bySize[i] = i;
        std::sort(bySize.begin(), bySize.end(),
                  [&](std::size_t a, std::size_t b) { return ranges[a].count < ranges[b].count; });
        std::uint64_t room = rangeChecked ? valueCap : 0;
        std::uint64_t counted = 0;
        for (std::size_t i : bySize) {
            ranges[i].collect = ranges[i].count <= room;
            room -= ranges[i].collect ? ranges[i].count : 0;
            counted += ranges[i].collect ? 0 : 1;
        }
        const std::uint64_t buckets = std::clamp<std::uint64_t>(
            byteLimit / 2 / sizeof(std::uint64_t) / std::max<std::uint64_t>(counted, 1),
            kMinBuckets, kMaxBuckets);
        for (Range& r : ranges) {
            if (r.collect) {
                r.values.reserve(static_cast<std::size_t>(r.count));
                continue;
            }
            r.width = r.offset(r.high) / buckets + 1;
            r.buckets.assign(static_cast<std::size_t>(r.offset(r.high) / r.width + 1), 0);
            result.refined = true;
        }

        std::int64_t shortest = std::numeric_limits<std::int64_t>::max();
        std::int64_t longest = std::numeric_limits<std::int64_t>::min();
        ++result.passes;
        const bool complete = calls.forEachDuration(
            [&](std::size_t, std::span<const std::int64_t> durations) {
                for (const std::int64_t v : durations) {
                    shortest = std::min(shortest, v);
                    longest = std::max(longest, v);
                    for (Range& r : ranges) {
                        if (!r.contains(v))
                            continue;
                        if (r.collect)
                            r.values.push_back(v);
                        else
                            r.buckets[static_cast<std::size_t>(r.offset(v) / r.width)] += 1;
                    }
                }
            },
            cancel);
        if (!complete) {
            result.cancelled = true;
            return result;
        }
        // The first pass counts within the summaries' range; should a call lie
        // outside it (a summary that does not match the calls), count again
        // over the range the calls really span.
        if (!rangeChecked) {
            rangeChecked = true;
            if (shortest < calls.shortestNs() || longest > calls.longestNs()) {
                for (Target& t : targets)
                    t = {t.rank, shortest, longest, 0, n};
                continue;
            }
        }
        std::uint64_t held = 0;
        for (const Range& r : ranges)
            held += (r.values.size() + r.buckets.size()) * sizeof(std::uint64_t);
        result.peakBytes = std::max(result.peakBytes, held);
        for (std::size_t i = 0; i < ranges.size(); ++i) {
            if (ranges[i].collect)
                selectCollected(ranges[i], members[i], calls.path());
            else
                for (Target* t : members[i])
                    narrow(ranges[i], *t, calls.path());
        }
    }
    for (const Target& t : targets)
        result.values.push_back(t.value);
    return result;
}

} // namespace scope
