// SPDX-License-Identifier: GPL-3.0-or-later
#include "IndexMeasure.h"

#include "PeakMemory.h"
#include "analysis/KeptHistograms.h"
#include "analysis/KeptPercentiles.h"
#include "analysis/OnDemandTimeline.h"
#include "analysis/OverviewTimeline.h"
#include "analysis/PartialTimeline.h"
#include "base/MemoryBudget.h"
#include "events/PlannedCallSource.h"
#include "index/IndexCache.h"
#include "isolate/IsolatedReader.h"
#include "load/AsyncLoader.h"

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

namespace scope::bench {
namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point begin) {
    return std::chrono::duration<double>(Clock::now() - begin).count();
}

std::shared_ptr<ProfilingResults> readOnDemand(const std::string& path, std::uint64_t budget) {
    ReadRequest request;
    request.worker = SCOPE_READ_WORKER_EXE;
    request.memoryBudget = budget;
    auto results = std::make_shared<ProfilingResults>(readIsolated(path, request));
    if (!results->onDemand)
        throw std::runtime_error(path + ": the budget does not make this run read on demand");
    return results;
}

// What a whole-run view at 1,000 pixels asks of a timeline: every lane once.
std::size_t drawWholeRun(const TimelineSource& timeline) {
    const double nsPerPixel = double(timeline.endNs() - timeline.startNs()) / 1000.0;
    std::vector<TimelineSpan> spans;
    std::size_t drawn = 0;
    for (std::size_t lane = 0; lane < timeline.lanes().size(); ++lane) {
        timeline.query(lane, timeline.startNs(), timeline.endNs() + 1, nsPerPixel, spans);
        drawn += spans.size();
    }
    return drawn;
}

struct OverviewArrival {
    double seconds = 0;
    std::shared_ptr<const TimelineSource> overview;
};

// As the viewer opens a run (LoadController's request, no index): the time
// until the overview gathered in the statistics' pass is handed out, whole
// or (firstRanks) with its first ranks over the estimate. The exact
// timeline that follows is not waited for.
OverviewArrival overviewAsTheViewerOpens(const std::string& path, std::uint64_t budget,
                                         bool firstRanks) {
    std::mutex mutex;
    std::condition_variable arrived;
    OverviewArrival arrival;
    std::optional<LoadOutcome> finished;
    const auto begin = Clock::now();
    AsyncLoader::Callbacks callbacks;
    // The viewer's table and estimate: the loader shows the summaries first
    // only for a caller that takes them.
    callbacks.readDone = [](const LoadOutcome&) {};
    callbacks.timelineSoFar = [&](const LoadOutcome& shown) {
        const auto* overview = dynamic_cast<const OverviewTimeline*>(shown.timelineSource.get());
        if (overview == nullptr || overview->estimated() ||
            (overview->ranksEstimated() > 0) != firstRanks)
            return;
        const std::lock_guard lock(mutex);
        if (arrival.overview)
            return;
        arrival = {since(begin), shown.timelineSource};
        arrived.notify_all();
    };
    callbacks.finished = [&](const LoadOutcome& outcome) {
        const std::lock_guard lock(mutex);
        finished = outcome;
        arrived.notify_all();
    };
    // The read goes through the helper process, as scope-viewer's does (the
    // bench programs have no helper beside them to find).
    setenv("SCOPE_READ_WORKER", SCOPE_READ_WORKER_EXE, 0);
    AsyncLoader loader(callbacks);
    LoadRequest request;
    request.path = path;
    request.memoryBudget = budget;
    // Smaller runs too, which the viewer gives their exact timeline first.
    request.overviewAboveCalls = 0;
    loader.start(request);
    std::unique_lock lock(mutex);
    arrived.wait(lock, [&] { return arrival.overview || finished; });
    lock.unlock();
    loader.cancelAll();
    if (!arrival.overview)
        throw std::runtime_error(path + ": the load handed out no gathered overview");
    return arrival;
}

} // namespace

int measureIndexStep(const std::string& kind, const std::string& path,
                     std::span<const std::string> extra) {
    if (extra.size() != 2) {
        std::fprintf(stderr, "%s: needs the budget and the index folder\n", kind.c_str());
        return 1;
    }
    const std::uint64_t budget = std::strtoull(extra[0].c_str(), nullptr, 10);
    const IndexCache cache(extra[1], IndexCache::kDefaultLimitBytes);
    double seconds = 0;
    double events = 0;
    if (kind == "index-first-open") {
        const auto begin = Clock::now();
        const auto results = readOnDemand(path, budget);
        seconds = since(begin);
        events = static_cast<double>(results->totalCalls());
    } else if (kind == "index-overview") {
        const auto results = readOnDemand(path, budget);
        const auto begin = Clock::now();
        const auto overview = OverviewTimeline::build(*results, {});
        seconds = since(begin);
        events = static_cast<double>(drawWholeRun(*overview));
    } else if (kind == "index-overview-gathered" || kind == "index-overview-first-ranks") {
        const OverviewArrival arrival =
            overviewAsTheViewerOpens(path, budget, kind == "index-overview-first-ranks");
        seconds = arrival.seconds;
        events = static_cast<double>(drawWholeRun(*arrival.overview));
    } else if (kind == "index-timeline" || kind == "index-write") {
        const auto results = readOnDemand(path, budget);
        auto begin = Clock::now();
        const auto timeline = OnDemandTimeline::build(results, budget, {});
        seconds = since(begin);
        events = static_cast<double>(results->totalCalls());
        if (kind == "index-write") {
            begin = Clock::now();
            // As the viewer keeps it: with the percentiles and histograms,
            // and the pyramid within the viewer's bound.
            KeptHistograms::keep(*results, nullptr,
                                 KeptPercentiles::byteLimitWithin(MemoryBudget::forData(budget)));
            const auto& source = dynamic_cast<const PlannedCallSource&>(*results->onDemand);
            const RunIndex index =
                RunIndex::of(*timeline, IndexKey::of(path), RunIndex::pyramidBudget(source.plan()));
            const auto written = cache.store(path, index);
            seconds = since(begin);
            events = static_cast<double>(std::filesystem::file_size(written));
        }
    } else if (kind == "index-reopen") {
        // What a reopen shows first: the table and every rank's whole-run
        // timeline from the index's head.
        const auto begin = Clock::now();
        std::string why;
        const std::optional<IndexCache::Found> found = cache.findHead(path, &why);
        if (!found) {
            std::fprintf(stderr, "%s: no index (%s)\n", path.c_str(), why.c_str());
            return 1;
        }
        const OnDemandTimeline::Parts& parts = found->index.timeline;
        const PartialTimeline head(parts.pyramid, parts.rankLanes, parts.rankLanes.ranks().size());
        events = static_cast<double>(drawWholeRun(head));
        seconds = since(begin);
    } else if (kind == "index-reopen-whole") {
        const auto begin = Clock::now();
        std::string why;
        std::optional<RunIndex> index = cache.find(path, &why);
        if (!index) {
            std::fprintf(stderr, "%s: no index (%s)\n", path.c_str(), why.c_str());
            return 1;
        }
        const auto timeline = std::move(*index).open(path, budget);
        events = static_cast<double>(drawWholeRun(*timeline));
        seconds = since(begin);
    } else {
        std::fprintf(stderr, "unknown measurement %s\n", kind.c_str());
        return 1;
    }
    std::printf("%.6f %.0f %.1f\n", seconds, events, peakRssMiB());
    return 0;
}

} // namespace scope::bench
