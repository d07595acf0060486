// SPDX-License-Identifier: GPL-3.0-or-later
#include "RunIndex.h"

#include "base/MemoryBudget.h"
#include "events/EventPlanCheck.h"
#include "events/PlannedCallSource.h"
#include "format/ProfileReader.h"
#include "model/Errors.h"
#include "plan/EventBytes.h"

#include <algorithm>
#include <stdexcept>

namespace scope {
namespace {

constexpr const char* kStep = "opening the run from its index";
// The pyramid's share of the calls' bytes in memory (the bound).
constexpr std::uint64_t kPyramidShare = 20; // 1/20 = 5 %

// The hulls of blocks of RunIndex::kBlockCalls calls, from finer ones
// (block sizes are powers of two): each the hull of the finer blocks it
// covers, row by row.
void coarsenHulls(OnDemandTimeline::Parts& parts) {
    if (parts.blockCalls >= RunIndex::kBlockCalls || RunIndex::kBlockCalls % parts.blockCalls != 0)
        return;
    const std::uint64_t merged = RunIndex::kBlockCalls / parts.blockCalls;
    std::vector<std::size_t> rowBegin(parts.rowBlockBegin.size(), 0);
    std::vector<std::int64_t> minStart;
    std::vector<std::int64_t> maxReach;
    for (std::size_t r = 0; r + 1 < parts.rowBlockBegin.size(); ++r) {
        rowBegin[r] = minStart.size();
        const std::size_t end = parts.rowBlockBegin[r + 1];
        for (std::size_t b = parts.rowBlockBegin[r]; b < end; b += merged) {
            const auto from = static_cast<std::ptrdiff_t>(b);
            const auto to = static_cast<std::ptrdiff_t>(std::min<std::size_t>(b + merged, end));
            minStart.push_back(*std::min_element(parts.blockMinStart.begin() + from,
                                                 parts.blockMinStart.begin() + to));
            maxReach.push_back(*std::max_element(parts.blockMaxReach.begin() + from,
                                                 parts.blockMaxReach.begin() + to));
        }
    }
    if (!rowBegin.empty())
        rowBegin.back() = minStart.size();
    parts.rowBlockBegin = std::move(rowBegin);
    parts.blockMinStart = std::move(minStart);
    parts.blockMaxReach = std::move(maxReach);
    parts.blockCalls = RunIndex::kBlockCalls;
}

} // namespace

RunIndex RunIndex::of(const OnDemandTimeline& timeline, IndexKey key,
                      std::uint64_t maxPyramidBytes) {
    const ProfilingResults& results = timeline.results();
    const auto* source = dynamic_cast<const PlannedCallSource*>(results.onDemand.get());
    if (source == nullptr)
        throw std::invalid_argument(
            "RunIndex: the timeline's calls are not read through an event plan");
    RunIndex index;
    index.key = std::move(key);
    index.results = results;
    index.results.events = EventColumns();
    index.results.onDemand.reset();
    // The exclusive times the file gave none, as the loader fills them.
    const std::vector<std::optional<std::int64_t>>& exclusive = timeline.exclusiveByRow();
    for (std::size_t i = 0; i < index.results.rows.size() && i < exclusive.size(); ++i)
        if (!index.results.rows[i].exclusiveNs)
            index.results.rows[i].exclusiveNs = exclusive[i];
    index.plan = source->plan();
    // A dataset's row is the row in the file's order before the read sorted
    // and dropped rows: of use to a read's damage reports only. Calls read
    // on demand report any damage as the file's.
    for (PlannedDataset& dataset : index.plan.datasets)
        dataset.row = -1;
    index.checkpoints = source->storedCheckpoints(results.rows);
    index.timeline = timeline.parts();
    index.timeline.pyramid = index.timeline.pyramid.trimmed(maxPyramidBytes);
    coarsenHulls(index.timeline);
    return index;
}

// Without a floor of its own: TimelinePyramid::trimmed keeps the coarsest
// level whatever the bound, so an index always holds the whole-run view,
// and that level (about 2 * kTopColumns spans a lane) is what the bound is
// at least.
std::uint64_t RunIndex::pyramidBudget(const EventPlan& plan) {
    return eventBytesInMemory(plan) / kPyramidShare;
}

std::shared_ptr<const OnDemandTimeline> RunIndex::open(const std::string& path,
                                                       std::uint64_t memoryBudget) && {
    if (memoryBudget == 0)
        memoryBudget = MemoryBudget::defaultBytes();
    if (!plan.readsEvents || !plan.file || *plan.file != key.file)
        throw CorruptProfileError(path, kStep, "the index does not describe the run's calls");
    for (const RankRegion& row : results.rows)
        if (row.region >= results.regions.size())
            throw CorruptProfileError(path, kStep, "a row of the index names no region");
    // Checks that the file is still the one whose calls were planned.
    auto bytes = std::make_shared<const EventBytes>(EventBytes::open(path, plan.file));
    checkEventPlan(plan, results.rows, path, bytes->size());
    auto source = std::make_shared<PlannedCallSource>(std::move(plan), std::move(bytes),
                                                      memoryBudget / kCacheShareOfBudget);
    source->restoreCheckpoints(results.rows, std::move(checkpoints));
    auto run = std::make_shared<ProfilingResults>(std::move(results));
    run->path = path;
    run->eventsRead = false;
    run->events = EventColumns();
    run->onDemand = std::move(source);
    return OnDemandTimeline::restore(std::move(run), memoryBudget, std::move(timeline));
}

} // namespace scope
