// SPDX-License-Identifier: GPL-3.0-or-later
#include "CoveredTime.h"

#include <algorithm>
#include <numeric>
#include <vector>

namespace scope {

std::int64_t CoveredTime::ofRow(const ProfilingResults& results, const RankRegion& row) {
    const EventColumns& events = results.events;
    const std::size_t begin = row.offset;
    const std::size_t count = row.summary.count;
    if (count == 0 || begin + count > events.size())
        return 0;
    const auto lane = [&](std::size_t i) { return events.lane(begin + i); };
    const auto start = [&](std::size_t i) { return events.starts[begin + i]; };
    const auto end = [&](std::size_t i) { return events.ends[begin + i]; };

    // Rows are in entry order, grouped by thread when the run has lanes: in
    // the common case one pass without sorting.
    bool ordered = true;
    for (std::size_t i = 1; i < count && ordered; ++i)
        ordered = lane(i - 1) < lane(i) || (lane(i - 1) == lane(i) && start(i - 1) <= start(i));
    std::vector<std::uint32_t> order;
    if (!ordered) {
        order.resize(count);
        std::iota(order.begin(), order.end(), 0u);
        std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
            return lane(a) != lane(b) ? lane(a) < lane(b) : start(a) < start(b);
        });
    }
    const auto at = [&](std::size_t k) -> std::size_t { return ordered ? k : order[k]; };

    std::int64_t covered = 0;
    std::size_t first = at(0);
    std::int64_t from = start(first);
    std::int64_t to = end(first);
    std::int64_t currentLane = lane(first);
    for (std::size_t k = 1; k < count; ++k) {
        const std::size_t i = at(k);
        if (lane(i) == currentLane && start(i) <= to) {
            to = std::max(to, end(i));
            continue;
        }
        covered += to - from;
        from = start(i);
        to = end(i);
        currentLane = lane(i);
    }
    return covered + (to - from);
}

} // namespace scope
