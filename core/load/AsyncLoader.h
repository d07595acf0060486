// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ProfilingResults.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <exception>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace scope {

// Runs above it take 2 s and more to order for the exact timeline (40 s at 10^9 calls).
inline constexpr std::uint64_t kOverviewAboveCalls = 50'000'000;

struct LoadRequest {
    std::string path;
    bool summaryOnly = false;
    bool fallback = true; // summary-only: read events when the file has no summary columns
    // Not empty: these files (.spt or per-rank .h5, see parseRankFileName) are
    // read one after the other and combined as the ranks of one run
    // (combineRankFiles); `path` is then only what the caller calls the run.
    std::vector<std::string> rankFiles = {};
    // Bytes the run's event columns may take (0 = no limit); see ReadRequest.
    std::uint64_t memoryBudget = 0;
    // How often a timeline built from calls on disk hands out the ranks built
    // so far (Callbacks::timelineSoFar).
    std::chrono::milliseconds timelineSoFarEvery{500};
    // A run read on demand with more calls than this is too large to order
    // quickly: a whole-run overview (OverviewTimeline) comes through
    // timelineSoFar first, in place of the ranks built so far: estimated from
    // the summaries as soon as the table shows, then from one unordered pass.
    std::uint64_t overviewAboveCalls = kOverviewAboveCalls;
    // The run's kept index (core/index): opened instead of the read when it
    // is valid, written after a complete read on demand. Off unless asked
    // for (the viewer asks), so that other loads never write to the user's
    // cache folder.
    bool useIndex = false;
    std::uint64_t indexCacheLimit = 0; // bytes, 0 = IndexCache's default
    bool indexBeside = false;          // RUN.scopeindex instead of the cache folder
    // Of a run on another host: ReadRequest::remoteIndexCommand.
    std::string remoteIndexCommand = {};
};

class TimelineIndex;
class TimelineSource;

struct LoadOutcome {
    std::uint64_t id = 0;
    LoadRequest request;
    std::shared_ptr<const ProfilingResults> results; // set on success
    // Built beside the results when events were read; refers to *results.
    std::shared_ptr<const TimelineIndex> timeline;
    // What the timeline draws from, whichever way the calls were read: the
    // TimelineIndex above, or for results read on demand (results->onDemand)
    // an OnDemandTimeline; null without per-call data.
    std::shared_ptr<const TimelineSource> timelineSource;
    // Why a run read on demand has no timeline although it has calls (a
    // rank's calls alone exceed the memory budget, or they could not be
    // read); its table is still complete. Empty otherwise.
    std::string timelineError;
    // What became of the run's index (useIndex): "opened from its index",
    // "index kept at PATH", "index ignored: WHY (rebuilt)", "index not kept:
    // WHY"; empty when there was nothing to say. Never a failure of the load.
    std::string indexNote;
    std::exception_ptr error; // set on failure
    bool cancelled = false;
};

// Reads files on worker threads, one thread per file so that several load at
// once, and prepares what a viewer shows: with events, the timeline index and
// the exclusive times the file did not store. Callbacks run on the worker thread (the
// estimated overview's timelineSoFar on a thread of the load's own, before any other
// timelineSoFar and before `finished`); a UI forwards them to its own thread (e.g. by
// queued signal). Destroying the loader cancels and joins.
class AsyncLoader {
public:
    struct Callbacks {
        std::function<void(std::uint64_t id, double fraction, const std::string& message)> progress;
        std::function<void(const LoadOutcome& outcome)> finished;
        // With events (in memory or on demand) only, as soon as the read is
        // done and before the timeline: results = readStageCopy (no events,
        // no computed exclusive times), timeline null. A run that will be
        // read on demand gets it before the read, from the file's summary
        // columns (eventsRead false, onDemand null), when it has them; once,
        // either way. `finished` follows as always. Last, so that
        // {progress, finished} still means what it did.
        std::function<void(const LoadOutcome& outcome)> readDone = {};
        // Read on demand only, while the timeline is built (after readDone,
        // before `finished`): timelineSource the ranks built so far (a
        // PartialTimeline), results = readStageCopy. Every half second or
        // so of a long build (request.timelineSoFarEvery), never for the last rank.
        // A run above request.overviewAboveCalls gets OverviewTimelines
        // instead: the estimate from the summaries (estimated(), right after
        // the table's readDone, results = that stage); while the calls are
        // passed over, the estimate with the ranks passed so far in place
        // of theirs (ranksEstimated() > 0, with that stage, once, when the
        // first ranks are passed over); and the pass's.
        std::function<void(const LoadOutcome& outcome)> timelineSoFar = {};
    };

    // What readDone shows: everything but the event columns (eventsRead is
    // false), so that the worker may still fill in the exclusive times of the
    // complete results, which no other thread sees before `finished`.
    static std::shared_ptr<const ProfilingResults> readStageCopy(ProfilingResults& results);

    explicit AsyncLoader(Callbacks callbacks);
    ~AsyncLoader();
    AsyncLoader(const AsyncLoader&) = delete;
    AsyncLoader& operator=(const AsyncLoader&) = delete;

    std::uint64_t start(LoadRequest request);
    // The read stops at once (its helper process is killed; an in-process read
    // at its next check) and the outcome reports cancelled. Unknown or
    // finished ids are ignored.
    void cancel(std::uint64_t id);
    void cancelAll();
    void waitAll();
    std::size_t running() const;

private:
    struct Task {
        std::atomic<bool> cancel{false};
        std::atomic<bool> done{false};
        std::thread thread;
    };

    void run(std::uint64_t id, const LoadRequest& request, Task& task);
    void reapFinished();

    Callbacks callbacks_;
    mutable std::mutex mutex_;
    std::map<std::uint64_t, std::unique_ptr<Task>> tasks_;
    std::uint64_t nextId_ = 1;
};

} // namespace scope
