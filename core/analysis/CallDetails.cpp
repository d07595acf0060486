// SPDX-License-Identifier: GPL-3.0-or-later
#include "CallDetails.h"

#include <algorithm>

namespace scope {
namespace {

std::optional<std::uint32_t> rankOf(const ProfilingResults& results, std::uint32_t event) {
    for (const RankRegion& row : results.rows)
        if (event >= row.offset && event < row.offset + row.summary.count)
            return row.rank;
    return std::nullopt;
}

// Positions of a lane whose calls start in [from, to), or at `from` for a
// call of zero length (which encloses the next call sharing its start).
std::pair<std::size_t, std::size_t> startingIn(std::span<const std::uint32_t> lane,
                                               const EventColumn& starts, std::int64_t from,
                                               std::int64_t to) {
    const auto first = std::partition_point(lane.begin(), lane.end(),
                                            [&](std::uint32_t e) { return starts[e] < from; });
    const auto last = std::partition_point(
        first, lane.end(), [&](std::uint32_t e) { return starts[e] < to || starts[e] == from; });
    return {static_cast<std::size_t>(first - lane.begin()),
            static_cast<std::size_t>(last - lane.begin())};
}

} // namespace

std::optional<CallDetails> CallDetails::of(const TimelineIndex& index, std::uint32_t event,
                                           std::size_t topChildren) {
    const ProfilingResults& results = index.results();
    const EventColumns& events = results.events;
    if (event >= events.size())
        return std::nullopt;
    const std::optional<std::uint32_t> rank = rankOf(results, event);
    if (!rank)
        return std::nullopt;
    CallDetails d;
    d.event = event;
    d.region = index.regionOf(event);
    d.rank = *rank;
    d.laneKey = events.lane(event);
    d.startNs = events.starts[event];
    d.endNs = std::max(events.ends[event], d.startNs);
    d.durationNs = d.endNs - d.startNs;
    // Await is 0 outside a task (threads-tasks-json.md §1): not worth a line.
    if (events.hasAwait() && (d.laneKey >= 0 || events.awaitNs[event] > 0))
        d.awaitNs = events.awaitNs[event];

    // The depth is not stored per call: look for the call in each level of
    // its lane, where it lies among the calls sharing its start.
    bool found = false;
    for (std::uint32_t depth = 0;; ++depth) {
        const std::optional<std::size_t> lane = index.laneOf(d.rank, d.laneKey, depth);
        if (!lane)
            break;
        const auto calls = index.laneEvents(*lane);
        const auto [first, last] = startingIn(calls, events.starts, d.startNs, d.startNs + 1);
        const auto at = std::find(calls.begin() + static_cast<std::ptrdiff_t>(first),
                                  calls.begin() + static_cast<std::ptrdiff_t>(last), event);
        if (at != calls.begin() + static_cast<std::ptrdiff_t>(last)) {
            d.depth = depth;
            d.lane = *lane;
            d.position = static_cast<std::size_t>(at - calls.begin());
            d.laneSize = calls.size();
            found = true;
            break;
        }
    }
    if (!found)
        return std::nullopt;

    if (d.depth > 0) {
        // Calls of one level never overlap: the enclosing one is the last
        // to start at or before this call.
        const auto up = index.laneEvents(*index.laneOf(d.rank, d.laneKey, d.depth - 1));
        const auto after = std::partition_point(
            up.begin(), up.end(), [&](std::uint32_t e) { return events.starts[e] <= d.startNs; });
        if (after != up.begin())
            d.parent = *(after - 1);
    }

    d.exclusiveNs = d.durationNs;
    if (const auto below = index.laneOf(d.rank, d.laneKey, d.depth + 1)) {
        const auto calls = index.laneEvents(*below);
        const auto [first, last] = startingIn(calls, events.starts, d.startNs, d.endNs);
        d.childCount = last - first;
        std::vector<std::uint32_t> children(calls.begin() + static_cast<std::ptrdiff_t>(first),
                                            calls.begin() + static_cast<std::ptrdiff_t>(last));
        for (const std::uint32_t c : children)
            d.exclusiveNs -= std::max<std::int64_t>(0, events.ends[c] - events.starts[c]);
        const std::size_t kept = std::min(topChildren, children.size());
        std::partial_sort(children.begin(), children.begin() + static_cast<std::ptrdiff_t>(kept),
                          children.end(), [&](std::uint32_t a, std::uint32_t b) {
                              const std::int64_t la = events.ends[a] - events.starts[a];
                              const std::int64_t lb = events.ends[b] - events.starts[b];
                              if (la != lb)
                                  return la > lb;
                              return events.starts[a] < events.starts[b];
                          });
        children.resize(kept);
        d.topChildren = std::move(children);
    }
    return d;
}

} // namespace scope
