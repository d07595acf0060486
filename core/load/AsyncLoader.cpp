// SPDX-License-Identifier: GPL-3.0-or-later
#include "AsyncLoader.h"

#include "MemoryBudget.h"
#include "ProfileFileReader.h"
#include "analysis/ExclusiveTime.h"
#include "analysis/OnDemandTimeline.h"
#include "analysis/PartialTimeline.h"
#include "analysis/TimelineIndex.h"
#include "model/Errors.h"
#include "native/RankFileCombiner.h"

#include <chrono>
#include <filesystem>

namespace scope {
namespace {

// A UI needs no more than a few progress updates per frame.
constexpr auto kProgressInterval = std::chrono::milliseconds(20);

// A run whose calls exceed the memory budget is streamed once for its exact
// statistics before its table could show (15 s for 10^9 calls); the summary
// columns the profiler stored give that table in milliseconds. Tried only on
// files large beside the budget (compressed calls take at least a sixteenth
// of their bytes in memory), so that ordinary files are not opened twice.
bool mayShowSummariesFirst(const LoadRequest& request, std::uint64_t dataBudget) {
    if (request.summaryOnly || dataBudget == 0 || !request.rankFiles.empty())
        return false;
    std::error_code error;
    const std::uintmax_t size = std::filesystem::file_size(request.path, error);
    return !error && size > dataBudget / 16;
}

// Bytes that decide whether a run's calls are read on demand, from its
// summaries: starts, ends and the timeline index (readsOnDemand counts every
// stored column, so this errs towards showing the summaries first).
constexpr std::uint64_t kBytesPerCallInMemory = 3 * sizeof(std::int64_t);
// The bar's share of the streamed read of a run read on demand; its
// timeline takes the rest.
constexpr double kOnDemandReadShare = 0.15;

} // namespace

AsyncLoader::AsyncLoader(Callbacks callbacks) : callbacks_(std::move(callbacks)) {}

AsyncLoader::~AsyncLoader() {
    cancelAll();
    waitAll();
}

std::uint64_t AsyncLoader::start(LoadRequest request) {
    reapFinished();
    std::lock_guard lock(mutex_);
    const std::uint64_t id = nextId_++;
    auto task = std::make_unique<Task>();
    Task& ref = *task;
    tasks_.emplace(id, std::move(task));
    ref.thread =
        std::thread([this, id, request = std::move(request), &ref] { run(id, request, ref); });
    return id;
}

void AsyncLoader::run(std::uint64_t id, const LoadRequest& request, Task& task) {
    LoadOutcome outcome;
    outcome.id = id;
    outcome.request = request;
    auto lastReport = std::chrono::steady_clock::now() - kProgressInterval;
    std::string lastMessage;
    ReadControl control;
    control.cancel = &task.cancel;
    // Throttled, but a new stage ("building the timeline") always gets through.
    control.progress = [&](double fraction, std::string_view message) {
        const auto now = std::chrono::steady_clock::now();
        if (!callbacks_.progress ||
            (now - lastReport < kProgressInterval && fraction < 1.0 && message == lastMessage))
            return;
        lastReport = now;
        lastMessage = message;
        callbacks_.progress(id, fraction, lastMessage);
    };
    // A full read leaves the last quarter of the bar to the timeline index;
    // a run read on demand leaves most of it to its timeline (see below).
    double readShare = request.summaryOnly ? 1.0 : 0.75;
    ReadControl readControl = scaledControl(control, 0.0, readShare);
    // The budget counts the whole process: what it holds already is not the run's.
    const std::uint64_t dataBudget = MemoryBudget::forData(request.memoryBudget);
    try {
        auto results = std::make_shared<ProfilingResults>();
        // In a helper process: a file that crashes libhdf5 must not take the
        // other open runs with it.
        IsolatedReadRequest read;
        read.summaryOnly = request.summaryOnly;
        read.summary.fallback = request.fallback;
        read.summary.includeLikwid = true;
        read.summary.includeLineProfile = true;
        // The source panel shows the rows' source locations, but with 1,024
        // ranks they are half of a summary-only open: only up to a limit.
        read.rowDetails = true;
        read.rowDetailsLimit = kViewerRowDetailsLimit;
        read.control = readControl;
        // Combined rank files need their calls in memory to be combined.
        read.memoryBudget = request.rankFiles.empty() ? dataBudget : 0;
        bool summariesShown = false;
        if (callbacks_.readDone && mayShowSummariesFirst(request, dataBudget)) {
            IsolatedReadRequest summaries = read;
            summaries.summaryOnly = true;
            summaries.summary.fallback = false;
            summaries.memoryBudget = 0;
            summaries.control.progress = {}; // a moment; the bar's share is not yet known
            try {
                auto quick =
                    std::make_shared<ProfilingResults>(readProfileFile(request.path, summaries));
                if (quick->totalCalls() > dataBudget / kBytesPerCallInMemory) {
                    LoadOutcome early = outcome;
                    early.results = std::move(quick);
                    callbacks_.readDone(early);
                    summariesShown = true;
                    // Its timeline is one more pass over every call, with
                    // their ordering and nesting: for the 10^9-call run 36 s
                    // after 5.5 s of streamed statistics. At three quarters
                    // the bar stood at 80 % with most of the wait to come.
                    readShare = kOnDemandReadShare;
                    readControl = scaledControl(control, 0.0, readShare);
                    read.control = readControl;
                }
            } catch (const ReadCancelled&) {
                throw;
            } catch (const ProfileError&) {
                // No summary columns (or no good ones): the full read says what is wrong.
            }
        }
        if (request.rankFiles.empty()) {
            *results = readProfileFile(request.path, read);
        } else {
            // Progress over all the files, each its share of the bar.
            std::vector<ProfilingResults> files;
            const double n = double(request.rankFiles.size());
            for (std::size_t i = 0; i < request.rankFiles.size(); ++i) {
                if (task.cancel.load())
                    throw ReadCancelled(request.rankFiles[i], "reading the file", "cancelled");
                read.control = scaledControl(readControl, double(i) / n, double(i + 1) / n);
                files.push_back(readProfileFile(request.rankFiles[i], read));
            }
            *results = combineRankFiles(std::move(files));
        }
        if (results->eventsRead && !task.cancel.load() && callbacks_.readDone) {
            LoadOutcome read = outcome;
            read.results = readStageCopy(*results);
            callbacks_.readDone(read);
        }
        // Read on demand (results->onDemand, eventsRead false): no index over
        // columns in memory; the on-demand timeline is built instead.
        if (results->eventsRead && !task.cancel.load()) {
            // The index refers to *results, which stays where it is from here on.
            control.progress(readShare, "building the timeline");
            auto timeline = std::make_shared<const TimelineIndex>(*results);
            fillExclusiveTimes(*results, *timeline);
            outcome.timeline = std::move(timeline);
        }
        // Read on demand: the table can show now; the pyramid and the
        // exclusive times take one more pass over the calls.
        if (results->onDemand && !task.cancel.load()) {
            // One copy serves the table's stage and the timeline's snapshots.
            std::shared_ptr<const ProfilingResults> stage;
            if ((callbacks_.readDone && !summariesShown) || callbacks_.timelineSoFar)
                stage = readStageCopy(*results);
            if (callbacks_.readDone && !summariesShown) {
                LoadOutcome read = outcome;
                read.results = stage;
                callbacks_.readDone(read);
            }
            control.progress(readShare, "building the timeline");
            TimelineSnapshots snapshots{{}, request.timelineSoFarEvery};
            if (callbacks_.timelineSoFar) {
                LoadOutcome soFar = outcome;
                soFar.results = stage;
                snapshots.show = [this, soFar](std::shared_ptr<const PartialTimeline> partial) {
                    LoadOutcome shown = soFar;
                    shown.timelineSource = std::move(partial);
                    callbacks_.timelineSoFar(shown);
                };
            }
            try {
                auto timeline = OnDemandTimeline::build(
                    results, dataBudget, scaledControl(control, readShare, 1.0), snapshots);
                // No other thread sees *results before `finished`; the timeline
                // reads only the rows' counts, offsets and ranks.
                const auto& exclusive = timeline->exclusiveByRow();
                for (std::size_t i = 0; i < results->rows.size(); ++i)
                    if (!results->rows[i].exclusiveNs)
                        results->rows[i].exclusiveNs = exclusive[i];
                outcome.timelineSource = std::move(timeline);
            } catch (const ReadCancelled&) {
                throw;
            } catch (const ProfileError& error) {
                // The statistics are exact without it: the run stays open.
                outcome.timelineError = error.what();
            }
        } else {
            outcome.timelineSource = outcome.timeline;
        }
        control.progress(1.0, "done");
        if (task.cancel.load())
            throw ReadCancelled(request.path, "reading the file", "cancelled");
        outcome.results = std::move(results);
    } catch (const ReadCancelled&) {
        outcome.cancelled = true;
    } catch (...) {
        // std::bad_alloc included: a damaged size that slipped past the checks
        // must not take the application down.
        outcome.error = std::current_exception();
    }
    if (callbacks_.finished)
        callbacks_.finished(outcome);
    task.done.store(true);
}

std::shared_ptr<const ProfilingResults> AsyncLoader::readStageCopy(ProfilingResults& results) {
    // The columns step aside while the rest is copied: a copy of millions of
    // calls would cost more than the timeline it saves waiting for.
    EventColumns events;
    std::swap(events, results.events);
    auto copy = std::make_shared<ProfilingResults>(results);
    std::swap(events, results.events);
    copy->eventsRead = false;
    return copy;
}

void AsyncLoader::cancel(std::uint64_t id) {
    std::lock_guard lock(mutex_);
    if (auto it = tasks_.find(id); it != tasks_.end())
        it->second->cancel.store(true);
}

void AsyncLoader::cancelAll() {
    std::lock_guard lock(mutex_);
    for (auto& [id, task] : tasks_)
        task->cancel.store(true);
}

void AsyncLoader::waitAll() {
    std::map<std::uint64_t, std::unique_ptr<Task>> tasks;
    {
        std::lock_guard lock(mutex_);
        tasks.swap(tasks_);
    }
    for (auto& [id, task] : tasks)
        if (task->thread.joinable())
            task->thread.join();
}

std::size_t AsyncLoader::running() const {
    std::lock_guard lock(mutex_);
    std::size_t n = 0;
    for (const auto& [id, task] : tasks_)
        n += task->done.load() ? 0 : 1;
    return n;
}

void AsyncLoader::reapFinished() {
    std::map<std::uint64_t, std::unique_ptr<Task>> finished;
    {
        std::lock_guard lock(mutex_);
        for (auto it = tasks_.begin(); it != tasks_.end();) {
            if (it->second->done.load()) {
                finished.insert(tasks_.extract(it++));
            } else {
                ++it;
            }
        }
    }
    for (auto& [id, task] : finished)
        task->thread.join();
}

} // namespace scope
