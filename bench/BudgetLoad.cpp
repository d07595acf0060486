// SPDX-License-Identifier: GPL-3.0-or-later
#include "BudgetLoad.h"

#include "PeakMemory.h"
#include "RssWatchdog.h"
#include "analysis/PartialTimeline.h"
#include "analysis/StartOrder.h"
#include "analysis/TimelineIndex.h"
#include "analysis/TimelineSource.h"
#include "base/ParallelFor.h"
#include "format/ProfileReader.h"
#include "load/AsyncLoader.h"

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <exception>
#include <map>
#include <memory>
#include <mutex>
#include <numeric>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace scope::bench {
namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point begin) {
    return std::chrono::duration<double>(Clock::now() - begin).count();
}

// The timeline the loader hands out: LoadOutcome::timelineSource where this
// build has it (on-demand runs), else the in-memory index.
template <typename Outcome>
std::shared_ptr<const TimelineSource> timelineSourceOf(const Outcome& outcome) {
    if constexpr (requires { outcome.timelineSource; }) {
        if (outcome.timelineSource)
            return outcome.timelineSource;
    }
    return outcome.timeline;
}

// Says when a source that answered with a stand-in has read the exact spans.
struct Refinement {
    std::mutex mutex;
    std::condition_variable changed;
    std::uint64_t generation = 0;

    std::uint64_t current() {
        const std::lock_guard lock(mutex);
        return generation;
    }
    void signal() {
        {
            const std::lock_guard lock(mutex);
            ++generation;
        }
        changed.notify_all();
    }
    // False when nothing was refined within the limit.
    bool waitPast(std::uint64_t seen, std::chrono::seconds limit) {
        std::unique_lock lock(mutex);
        return changed.wait_for(lock, limit, [&] { return generation != seen; });
    }
};

struct Pass {
    double ms = 0;
    bool exact = true;
    std::size_t spans = 0;
};

// One frame's queries: every lane over [t0, t1) at 1,200 pixels, one thread.
Pass queryAll(const TimelineSource& source, std::int64_t t0, std::int64_t t1) {
    const double nsPerPixel = static_cast<double>(t1 - t0) / 1200.0;
    std::vector<TimelineSpan> spans;
    Pass pass;
    const Clock::time_point begin = Clock::now();
    for (std::size_t lane = 0; lane < source.lanes().size(); ++lane) {
        spans.clear();
        pass.exact = source.query(lane, t0, t1, nsPerPixel, spans) && pass.exact;
        pass.spans += spans.size();
    }
    pass.ms = secondsSince(begin) * 1e3;
    return pass;
}

} // namespace

int measureBudgetProbe(const std::string& path) {
    ReadRequest options;
    options.memoryBudget = 1;
    const ProfilingResults results = readH5(path, options);
    std::printf("0 %d %.1f\n", results.onDemand && !results.eventsRead ? 1 : 0, peakRssMiB());
    return 0;
}

int measureBudgetLoad(const std::string& path, const std::string& budgetBytes) {
    const std::uint64_t budget = std::stoull(budgetBytes);
    startRssWatchdog(budget / 4 * 5);
    std::mutex mutex;
    std::condition_variable done;
    std::optional<double> tableSeconds;
    std::optional<LoadOutcome> outcome;
    Clock::time_point begin;
    AsyncLoader::Callbacks callbacks;
    // The table shows at the read stage when there is one, else with the run.
    callbacks.readDone = [&](const LoadOutcome&) {
        const std::lock_guard lock(mutex);
        if (!tableSeconds)
            tableSeconds = secondsSince(begin);
    };
    // The timeline's first ranks, drawn while the rest are built.
    std::optional<double> firstRanksSeconds;
    std::size_t firstRanks = 0, ranks = 0, snapshots = 0;
    callbacks.timelineSoFar = [&](const LoadOutcome& soFar) {
        const auto* partial = dynamic_cast<const PartialTimeline*>(soFar.timelineSource.get());
        const std::lock_guard lock(mutex);
        ++snapshots;
        if (!firstRanksSeconds && partial) {
            firstRanksSeconds = secondsSince(begin);
            firstRanks = partial->ranksBuilt();
            ranks = partial->ranksTotal();
        }
    };
    callbacks.finished = [&](const LoadOutcome& finished) {
        {
            const std::lock_guard lock(mutex);
            if (!tableSeconds)
                tableSeconds = secondsSince(begin);
            outcome = finished;
        }
        done.notify_all();
    };
    AsyncLoader loader(callbacks);
    LoadRequest request;
    request.path = path;
    request.memoryBudget = budget;
    begin = Clock::now();
    loader.start(request);
    {
        std::unique_lock lock(mutex);
        done.wait(lock, [&] { return outcome.has_value(); });
    }
    if (outcome->error) {
        try {
            std::rethrow_exception(outcome->error);
        } catch (const std::exception& e) {
            std::fprintf(stderr, "load failed: %s\n", e.what());
        }
        return 1;
    }
    if (firstRanksSeconds)
        std::printf("  timeline so far: the first %zu of %zu ranks after %.3f s, %zu snapshots\n",
                    firstRanks, ranks, *firstRanksSeconds, snapshots);
    const auto source = timelineSourceOf(*outcome);
    const auto& results = *outcome->results;
    const int onDemand = results.onDemand && !results.eventsRead ? 1 : 0;
    if (!source) {
        std::printf("BUDGET %.6f -1 -1 %.1f %.0f %d -1\n", *tableSeconds, peakRssMiB(),
                    static_cast<double>(results.totalCalls()), onDemand);
        return 0;
    }
    // "Timeline ready": the run is complete and one whole-run frame is drawn.
    const Pass whole = queryAll(*source, source->startNs(), source->endNs() + 1);
    const double timelineSeconds = secondsSince(begin);
    std::printf("  first whole-run frame: %.1f ms (%s), %zu lanes\n", whole.ms,
                whole.exact ? "exact" : "stand-in", source->lanes().size());
    Refinement refinement;
    source->setRefinedCallback([&refinement] { refinement.signal(); });
    double slowestMs = 0;
    const std::int64_t span = source->endNs() - source->startNs();
    const std::int64_t middle = source->startNs() + span / 2;
    for (const double zoom : {1.0, 1e2, 1e4, 1e6}) {
        const auto width = std::max<std::int64_t>(1, static_cast<std::int64_t>(span / zoom));
        const std::int64_t t0 = zoom == 1.0 ? source->startNs() : middle - width / 2;
        const std::int64_t t1 = zoom == 1.0 ? source->endNs() + 1 : t0 + width;
        const Clock::time_point asked = Clock::now();
        std::uint64_t seen = refinement.current();
        const Pass first = queryAll(*source, t0, t1);
        Pass exact = first;
        // A stand-in first: ask again each time the source says it read more.
        for (int round = 0; !exact.exact && round < 100; ++round) {
            if (!refinement.waitPast(seen, std::chrono::seconds(120)))
                break;
            seen = refinement.current();
            exact = queryAll(*source, t0, t1);
        }
        const double refinedSeconds = secondsSince(asked);
        // The redraw once the window is read: a frame of exact spans.
        const Pass redraw = exact.exact ? queryAll(*source, t0, t1) : exact;
        slowestMs = std::max(slowestMs, redraw.ms);
        std::printf("  zoom 1/%g: first frame %.1f ms (%s), exact after %.2f s, redraw %.1f ms, "
                    "%zu spans%s\n",
                    zoom, first.ms, first.exact ? "exact" : "stand-in", refinedSeconds, redraw.ms,
                    redraw.spans, redraw.exact ? "" : " (never exact)");
    }
    source->setRefinedCallback({});
    std::printf("BUDGET %.6f %.6f %.2f %.1f %.0f %d %.6f\n", *tableSeconds, timelineSeconds,
                slowestMs, peakRssMiB(), static_cast<double>(results.totalCalls()), onDemand,
                firstRanksSeconds.value_or(-1));
    return 0;
}

int measureOrderFloor(const std::string& path, const std::string& budgetBytes) {
    ReadRequest options;
    options.memoryBudget = std::stoull(budgetBytes);
    const ProfilingResults results = readH5(path, options);
    if (!results.onDemand || results.eventsRead) {
        std::fprintf(stderr, "the run was read into memory, not on demand\n");
        return 1;
    }
    std::map<std::uint32_t, std::vector<const RankRegion*>> byRank;
    for (const RankRegion& row : results.rows)
        if (row.summary.count > 0)
            byRank[row.rank].push_back(&row);
    std::vector<std::vector<const RankRegion*>> ranks;
    for (auto& [rank, rows] : byRank)
        ranks.push_back(std::move(rows));
    const Clock::time_point begin = Clock::now();
    parallelFor(
        ranks.size(), std::max(1u, std::thread::hardware_concurrency()), nullptr,
        [&](std::size_t r, unsigned) {
            std::uint64_t calls = 0;
            for (const RankRegion* row : ranks[r])
                calls += row->summary.count;
            std::vector<std::int64_t> starts(calls), ends(calls);
            std::uint64_t at = 0;
            for (const RankRegion* row : ranks[r]) {
                results.onDemand->read(*row, 0, std::span(starts).subspan(at, row->summary.count),
                                       std::span(ends).subspan(at, row->summary.count));
                at += row->summary.count;
            }
            std::vector<std::uint32_t> events(calls), spare(calls);
            std::iota(events.begin(), events.end(), 0u);
            sortByStart(starts, events, spare);
        },
        [] {});
    const double seconds = secondsSince(begin);
    std::printf("%.6f %.0f %.1f\n", seconds, static_cast<double>(results.totalCalls()),
                peakRssMiB());
    return 0;
}

int measureReport(const std::string& path, std::span<const std::string> jsonPathAndBudget) {
    if (jsonPathAndBudget.empty())
        return 1;
    std::vector<std::string> args{SCOPE_REPORT_EXE};
    if (jsonPathAndBudget.size() > 1) {
        args.emplace_back("--memory-budget");
        args.push_back(jsonPathAndBudget[1]);
    }
    args.emplace_back("--json");
    args.push_back(jsonPathAndBudget[0]);
    args.push_back(path);
    std::vector<char*> argv;
    for (std::string& arg : args)
        argv.push_back(arg.data());
    argv.push_back(nullptr);
    const Clock::time_point begin = Clock::now();
    // fork, not posix_spawn: the child's peak (ru_maxrss) starts from this
    // small process's pages, where a vfork-based spawn would count the
    // parent's largest ever.
    const pid_t pid = fork();
    if (pid == 0) {
        // Its table would only fill the pipe that this process answers on.
        const int null = open("/dev/null", O_WRONLY);
        dup2(null, 1);
        execv(argv[0], argv.data());
        _exit(127);
    }
    int status = 0;
    rusage usage{};
    if (pid < 0 || wait4(pid, &status, 0, &usage) != pid || !WIFEXITED(status) ||
        WEXITSTATUS(status) != 0) {
        std::fprintf(stderr, "scope-report failed\n");
        return 1;
    }
    std::printf("%.6f 0 %.1f\n", secondsSince(begin),
                static_cast<double>(usage.ru_maxrss) / 1024.0);
    return 0;
}

} // namespace scope::bench
