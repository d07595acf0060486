// SPDX-License-Identifier: GPL-3.0-or-later
#include "ExclusiveTime.h"

#include "TimelineIndex.h"

#include <algorithm>
#include <numeric>

namespace scope {
namespace {

// Finds the row holding an event; the previous answer is tried first because
// a parent's siblings mostly belong to the same row.
class RowLocator {
public:
    explicit RowLocator(const ProfilingResults& results) : results_(results) {
        for (std::size_t i = 0; i < results.rows.size(); ++i)
            if (results.rows[i].summary.count > 0)
                byOffset_.push_back(i);
        std::sort(byOffset_.begin(), byOffset_.end(), [&](std::size_t a, std::size_t b) {
            return results.rows[a].offset < results.rows[b].offset;
        });
    }

    std::size_t rowOf(std::uint64_t event) {
        if (!contains(last_, event)) {
            auto it = std::upper_bound(
                byOffset_.begin(), byOffset_.end(), event,
                [&](std::uint64_t e, std::size_t row) { return e < results_.rows[row].offset; });
            last_ = *(it - 1);
        }
        return last_;
    }

private:
    bool contains(std::size_t row, std::uint64_t event) const {
        const RankRegion& r = results_.rows[row];
        return event >= r.offset && event < r.offset + r.summary.count;
    }

    const ProfilingResults& results_;
    std::vector<std::size_t> byOffset_;
    std::size_t last_ = 0;
};

} // namespace

std::vector<std::int64_t> exclusivePerRow(const ProfilingResults& results,
                                          const TimelineIndex& index) {
    std::vector<std::int64_t> exclusive(results.rows.size());
    for (std::size_t i = 0; i < results.rows.size(); ++i)
        exclusive[i] = results.rows[i].summary.total;
    if (index.empty())
        return exclusive;
    const auto& starts = results.events.starts;
    const auto& ends = results.events.ends;
    RowLocator locator(results);
    for (std::size_t lane = 0; lane < index.lanes().size(); ++lane) {
        const TimelineLane& l = index.lanes()[lane];
        if (l.depth == 0)
            continue;
        const auto parentLane = index.laneOf(l.rank, l.key, l.depth - 1);
        if (!parentLane)
            continue;
        const auto parents = index.laneEvents(*parentLane);
        // A call's parent is the call one level up that started last at or
        // before it: calls of one lane do not overlap.
        std::size_t p = 0;
        for (const std::uint32_t child : index.laneEvents(lane)) {
            while (p + 1 < parents.size() && starts[parents[p + 1]] <= starts[child])
                ++p;
            exclusive[locator.rowOf(parents[p])] -= ends[child] - starts[child];
        }
    }
    return exclusive;
}

void fillExclusiveTimes(ProfilingResults& results, const TimelineIndex& index) {
    const bool missing = std::any_of(results.rows.begin(), results.rows.end(),
                                     [](const RankRegion& r) { return !r.exclusiveNs; });
    if (!missing)
        return;
    const std::vector<std::int64_t> perRow = exclusivePerRow(results, index);
    for (std::size_t i = 0; i < results.rows.size(); ++i)
        if (!results.rows[i].exclusiveNs)
            results.rows[i].exclusiveNs = perRow[i];
}

} // namespace scope
