// SPDX-License-Identifier: GPL-3.0-or-later
#include "LoadJob.h"

#include "ProfileFileReader.h"
#include "analysis/ExclusiveTime.h"
#include "analysis/OnDemandTimeline.h"
#include "analysis/PartialTimeline.h"
#include "analysis/TimelineIndex.h"
#include "base/MemoryBudget.h"
#include "format/ReadRequest.h"
#include "model/Errors.h"
#include "native/RankFileCombiner.h"

#include <filesystem>
#include <vector>

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
// The bar's share of the streamed read of a run read on demand: its timeline
// is one more pass over every call, with their ordering and nesting, and
// takes most of the wait.
constexpr double kOnDemandReadShare = 0.15;
// A full read leaves the last quarter of the bar to the timeline index.
constexpr double kReadShare = 0.75;

} // namespace

LoadJob::LoadJob(std::uint64_t id, const LoadRequest& request, const std::atomic<bool>& cancel,
                 const AsyncLoader::Callbacks& callbacks)
    : request_(request), cancel_(cancel), callbacks_(callbacks),
      lastReport_(std::chrono::steady_clock::now() - kProgressInterval),
      dataBudget_(MemoryBudget::forData(request.memoryBudget)),
      readShare_(request.summaryOnly ? 1.0 : kReadShare) {
    outcome_.id = id;
    outcome_.request = request;
    control_ = throttledControl();
    readControl_ = scaledControl(control_, 0.0, readShare_);
}

ReadControl LoadJob::throttledControl() {
    ReadControl control;
    control.cancel = &cancel_;
    control.progress = [this](double fraction, std::string_view message) {
        const auto now = std::chrono::steady_clock::now();
        if (!callbacks_.progress ||
            (now - lastReport_ < kProgressInterval && fraction < 1.0 && message == lastMessage_))
            return;
        lastReport_ = now;
        lastMessage_ = message;
        callbacks_.progress(outcome_.id, fraction, lastMessage_);
    };
    return control;
}

LoadOutcome LoadJob::run() {
    try {
        ReadRequest read = readRequest();
        if (callbacks_.readDone && mayShowSummariesFirst(request_, dataBudget_))
            showSummariesFirst(read);
        std::shared_ptr<ProfilingResults> results = readFiles(read);
        if (results->eventsRead && !cancel_.load() && callbacks_.readDone)
            stageDone(AsyncLoader::readStageCopy(*results));
        // Read on demand (results->onDemand, eventsRead false): no index over
        // columns in memory; the on-demand timeline is built instead.
        if (results->eventsRead && !cancel_.load())
            indexCallsInMemory(*results);
        if (results->onDemand && !cancel_.load())
            buildOnDemandTimeline(results);
        else
            outcome_.timelineSource = outcome_.timeline;
        control_.progress(1.0, "done");
        throwIfCancelled(request_.path);
        outcome_.results = std::move(results);
    } catch (const ReadCancelled&) {
        outcome_.cancelled = true;
    } catch (...) {
        // std::bad_alloc included: a damaged size that slipped past the checks
        // must not take the application down.
        outcome_.error = std::current_exception();
    }
    return outcome_;
}

// In a helper process: a file that crashes libhdf5 must not take the other
// open runs with it.
ReadRequest LoadJob::readRequest() const {
    ReadRequest read;
    read.summaryOnly = request_.summaryOnly;
    read.fallback = request_.fallback;
    read.includeLikwid = true;
    read.includeLineProfile = true;
    // The source panel shows the rows' source locations, but with 1,024
    // ranks they are half of a summary-only open: only up to a limit.
    read.rowDetails = true;
    read.rowDetailsLimit = kViewerRowDetailsLimit;
    read.control = readControl_;
    // Combined rank files need their calls in memory to be combined.
    read.memoryBudget = request_.rankFiles.empty() ? dataBudget_ : 0;
    return read;
}

void LoadJob::showSummariesFirst(ReadRequest& read) {
    ReadRequest summaries = read;
    summaries.summaryOnly = true;
    summaries.fallback = false;
    summaries.memoryBudget = 0;
    summaries.control.progress = {}; // a moment; the bar's share is not yet known
    try {
        auto quick = std::make_shared<ProfilingResults>(readProfileFile(request_.path, summaries));
        if (quick->totalCalls() <= dataBudget_ / kBytesPerCallInMemory)
            return;
        stageDone(std::move(quick));
        summariesShown_ = true;
        readShare_ = kOnDemandReadShare;
        readControl_ = scaledControl(control_, 0.0, readShare_);
        read.control = readControl_;
    } catch (const ReadCancelled&) {
        throw;
    } catch (const ProfileError&) {
        // No summary columns (or no good ones): the full read says what is wrong.
    }
}

std::shared_ptr<ProfilingResults> LoadJob::readFiles(ReadRequest& read) {
    auto results = std::make_shared<ProfilingResults>();
    if (request_.rankFiles.empty()) {
        *results = readProfileFile(request_.path, read);
        return results;
    }
    // Progress over all the files, each its share of the bar.
    std::vector<ProfilingResults> files;
    const double n = double(request_.rankFiles.size());
    for (std::size_t i = 0; i < request_.rankFiles.size(); ++i) {
        throwIfCancelled(request_.rankFiles[i]);
        read.control = scaledControl(readControl_, double(i) / n, double(i + 1) / n);
        files.push_back(readProfileFile(request_.rankFiles[i], read));
    }
    *results = combineRankFiles(std::move(files));
    return results;
}

void LoadJob::stageDone(std::shared_ptr<const ProfilingResults> stage) const {
    LoadOutcome shown = outcome_;
    shown.results = std::move(stage);
    callbacks_.readDone(shown);
}

void LoadJob::indexCallsInMemory(ProfilingResults& results) {
    // The index refers to results, which stays where it is from here on.
    control_.progress(readShare_, "building the timeline");
    auto timeline = std::make_shared<const TimelineIndex>(results);
    fillExclusiveTimes(results, *timeline);
    outcome_.timeline = std::move(timeline);
}

// The table can show now; the pyramid and the exclusive times take one more
// pass over the calls.
void LoadJob::buildOnDemandTimeline(const std::shared_ptr<ProfilingResults>& results) {
    // One copy serves the table's stage and the timeline's snapshots.
    std::shared_ptr<const ProfilingResults> stage;
    const bool tableDue = callbacks_.readDone && !summariesShown_;
    if (tableDue || callbacks_.timelineSoFar)
        stage = AsyncLoader::readStageCopy(*results);
    if (tableDue)
        stageDone(stage);
    control_.progress(readShare_, "building the timeline");
    TimelineSnapshots snapshots{{}, request_.timelineSoFarEvery};
    if (callbacks_.timelineSoFar) {
        LoadOutcome soFar = outcome_;
        soFar.results = stage;
        snapshots.show = [this, soFar](std::shared_ptr<const PartialTimeline> partial) {
            LoadOutcome shown = soFar;
            shown.timelineSource = std::move(partial);
            callbacks_.timelineSoFar(shown);
        };
    }
    try {
        auto timeline = OnDemandTimeline::build(
            results, dataBudget_, scaledControl(control_, readShare_, 1.0), snapshots);
        // No other thread sees *results before `finished`; the timeline
        // reads only the rows' counts, offsets and ranks.
        const auto& exclusive = timeline->exclusiveByRow();
        for (std::size_t i = 0; i < results->rows.size(); ++i)
            if (!results->rows[i].exclusiveNs)
                results->rows[i].exclusiveNs = exclusive[i];
        outcome_.timelineSource = std::move(timeline);
    } catch (const ReadCancelled&) {
        throw;
    } catch (const ProfileError& error) {
        // The statistics are exact without it: the run stays open.
        outcome_.timelineError = error.what();
    }
}

void LoadJob::throwIfCancelled(const std::string& path) const {
    if (cancel_.load())
        throw ReadCancelled(path, "reading the file", "cancelled");
}

} // namespace scope
