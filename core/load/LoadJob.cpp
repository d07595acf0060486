// SPDX-License-Identifier: GPL-3.0-or-later
#include "LoadJob.h"

#include "ProfileFileReader.h"
#include "RemoteLoad.h"
#include "analysis/ExclusiveTime.h"
#include "analysis/KeptHistograms.h"
#include "analysis/KeptPercentiles.h"
#include "analysis/OnDemandTimeline.h"
#include "analysis/OverviewCollector.h"
#include "analysis/OverviewTimeline.h"
#include "analysis/PartialTimeline.h"
#include "analysis/TimelineIndex.h"
#include "base/MemoryBudget.h"
#include "events/PlannedCallSource.h"
#include "format/ProfileReader.h"
#include "format/ReadRequest.h"
#include "index/IndexKey.h"
#include "index/RunIndex.h"
#include "model/Errors.h"
#include "native/RankFileCombiner.h"

#include <algorithm>
#include <filesystem>
#include <system_error>
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
// The overview's share of the timeline's part of the bar: one pass over the
// calls without ordering them.
constexpr double kOverviewShare = 0.2;

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

LoadJob::~LoadJob() = default;

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
    // A run on another host is read there: no file here to plan or index.
    if (RemoteLoad::handles(request_))
        return RemoteLoad(request_, control_).run(outcome_, callbacks_.readDone);
    try {
        ReadRequest read = readRequest();
        // Taken before the read, so that a file changed while it is read is
        // not kept under the key of what was read.
        const std::optional<IndexKey> indexKey = takeIndexKey();
        if (indexKey) {
            if (std::shared_ptr<const ProfilingResults> indexed = openFromIndex()) {
                control_.progress(1.0, "done");
                throwIfCancelled(request_.path);
                outcome_.results = std::move(indexed);
                return outcome_;
            }
        }
        if (callbacks_.readDone && mayShowSummariesFirst(request_, dataBudget_)) {
            // One helper hands the summaries over, then plans the read while
            // they show: a second reading the file beside it would take half
            // the machine.
            if (readsIsolated(request_.path)) {
                read.summariesFirst = true;
                startedRead_.emplace(request_.path, read);
            }
            showSummariesFirst(read);
        }
        std::shared_ptr<ProfilingResults> results = readFiles(read);
        // From here on, this thread writes to the outcome and hands out timelines.
        waitForEstimate();
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
        if (indexKey && !cancel_.load())
            keepIndex(*indexKey, *results);
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
    waitForEstimate();
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
    ReadRequest summaries = summaryOnlyOf(read);
    summaries.control.progress = {}; // a moment; the bar's share is not yet known
    try {
        auto quick = std::make_shared<ProfilingResults>(
            startedRead_ ? startedRead_->summaries(summaries)
                         : readProfileFile(request_.path, summaries));
        if (quick->totalCalls() <= dataBudget_ / kBytesPerCallInMemory)
            return;
        stageDone(quick);
        summariesShown_ = true;
        readShare_ = kOnDemandReadShare;
        readControl_ = scaledControl(control_, 0.0, readShare_);
        read.control = readControl_;
        gatherOverview(*quick, read);
        // The estimate takes as long as the helper plans the read, which
        // is a process of its own: both at once. Its thread then shows the
        // first ranks the pass has gathered. It has its own copy of the
        // outcome, which this thread writes to on a failure.
        try {
            estimate_ = std::async(std::launch::async, [this, quick, shown = outcome_]() mutable {
                shown.results = quick;
                if (const auto estimate = showEstimate(quick, shown);
                    estimate && overviewCollector_)
                    showFirstRanks(*estimate, shown);
            });
        } catch (const std::system_error&) {
            showEstimate(quick, outcome_); // no thread to spare
        }
    } catch (const ReadCancelled&) {
        throw;
    } catch (const ProfileError&) {
        // No summary columns (or no good ones): the full read says what is wrong.
    }
}

std::shared_ptr<ProfilingResults> LoadJob::readFiles(ReadRequest& read) {
    auto results = std::make_shared<ProfilingResults>();
    if (startedRead_) {
        *results = readProfileFile(*startedRead_, read);
        startedRead_.reset();
        return results;
    }
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
    showEstimate(stage, outcome_);
    // A run too large to order quickly shows a whole-run overview first. It
    // stays until the exact timeline replaces it: the ranks built so far
    // would show less of the run than it does.
    double timelineFrom = readShare_;
    bool overviewShown = false;
    if (callbacks_.timelineSoFar && results->totalCalls() > request_.overviewAboveCalls) {
        timelineFrom = readShare_ + (1.0 - readShare_) * kOverviewShare;
        control_.progress(readShare_, "drawing an overview");
        try {
            LoadOutcome shown = outcome_;
            shown.results = stage;
            std::shared_ptr<const OverviewTimeline> overview;
            if (overviewCollector_)
                overview = overviewCollector_->overview(*results);
            overviewCollector_.reset();
            if (!overview)
                overview = OverviewTimeline::build(
                    *results, scaledControl(control_, readShare_, timelineFrom));
            shown.timelineSource = std::move(overview);
            callbacks_.timelineSoFar(shown);
            overviewShown = true;
        } catch (const ReadCancelled&) {
            throw;
        } catch (const ProfileError&) {
            // The exact timeline's build meets the same calls and says why.
        }
    }
    control_.progress(timelineFrom, "building the timeline");
    TimelineSnapshots snapshots{{}, request_.timelineSoFarEvery};
    if (callbacks_.timelineSoFar && !overviewShown) {
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
            results, dataBudget_, scaledControl(control_, timelineFrom, 1.0), snapshots);
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

// The overview is gathered while the statistics' pass streams the calls (a
// pass of its own would take as long again at 10^9 calls), into at most an
// eighth of the budget; the pass of its own stays for what it cannot gather.
void LoadJob::gatherOverview(const ProfilingResults& summaries, ReadRequest& read) {
    if (!callbacks_.timelineSoFar || summaries.totalCalls() <= request_.overviewAboveCalls)
        return;
    overviewCollector_ = OverviewCollector::forRun(summaries, dataBudget_ / 8);
    read.control.streamed = overviewCollector_.get();
}

// The whole-run overview estimated from the rows' summaries, in a fraction
// of a second: what the timeline shows while the calls are read and passed
// over, until the pass's overview replaces it.
std::shared_ptr<const OverviewTimeline>
LoadJob::showEstimate(const std::shared_ptr<const ProfilingResults>& stage, LoadOutcome shown) {
    if (estimateShown_ || !callbacks_.timelineSoFar || !stage || cancel_.load() ||
        stage->totalCalls() <= request_.overviewAboveCalls)
        return nullptr;
    std::shared_ptr<const OverviewTimeline> estimate;
    try {
        estimate = OverviewTimeline::fromSummaries(*stage);
    } catch (const std::exception&) {
        return nullptr; // std::bad_alloc included: only a stand-in, the pass's overview follows
    }
    if (estimate->empty())
        return nullptr; // no times in the summaries (the aggregate layout)
    shown.results = stage;
    shown.timelineSource = estimate;
    callbacks_.timelineSoFar(shown);
    estimateShown_ = true;
    return estimate;
}

// One rank of 1,024 is passed over in milliseconds: the first ranks on
// screen need not wait for the last. Only the first: each copy of the
// overview so far would take from the pass, which the whole overview awaits.
void LoadJob::showFirstRanks(const OverviewTimeline& estimate, LoadOutcome shown) {
    try {
        overviewCollector_->showFirstRanks(estimate,
                                           [&](std::shared_ptr<const OverviewTimeline> overview) {
                                               if (cancel_.load())
                                                   return;
                                               shown.timelineSource = std::move(overview);
                                               callbacks_.timelineSoFar(shown);
                                           });
    } catch (const std::exception&) {
        // std::bad_alloc included: a stand-in; the pass's overview follows.
    }
}

// The estimate is only a stand-in: whatever became of it, the load goes on.
void LoadJob::waitForEstimate() {
    if (!estimate_.valid())
        return;
    if (overviewCollector_)
        overviewCollector_->stop();
    try {
        estimate_.get();
    } catch (const std::exception&) {
    }
}

void LoadJob::throwIfCancelled(const std::string& path) const {
    if (cancel_.load())
        throw ReadCancelled(path, "reading the file", "cancelled");
}

IndexCache LoadJob::indexCache() const {
    return request_.indexBeside ? IndexCache::beside()
                                : IndexCache::standard(request_.indexCacheLimit);
}

// Only one HDF5 file read whole is indexed: the index is the state of a run
// read on demand (its plan and its on-demand timeline), and only HDF5 files
// have a plan. Rank files are combined in memory, traces and JSON profiles
// are read into memory, and a run read into memory is shown as fast as its
// index could be read.
std::optional<IndexKey> LoadJob::takeIndexKey() const {
    const std::string& path = request_.path;
    if (!request_.useIndex || request_.summaryOnly || !request_.rankFiles.empty() ||
        path.ends_with(".spt") || isNativeTrace(path) || isJsonProfile(path))
        return std::nullopt;
    try {
        return IndexKey::of(path);
    } catch (const ProfileError&) {
        return std::nullopt; // the read says what is wrong with the file
    }
}

std::shared_ptr<const ProfilingResults> LoadJob::openFromIndex() {
    const IndexCache cache = indexCache();
    std::optional<IndexCache::Found> found = cache.findHead(request_.path, &indexIgnored_);
    // A budget the run now fits in reads it into memory: the call tree and
    // traces a user raised the budget for need every call there.
    if (!found || !readsOnDemand(found->index.plan, dataBudget_))
        return nullptr;
    control_.progress(0.0, "opening from its index");
    const std::filesystem::path indexPath = found->path;
    showIndexHead(found->index);
    control_.progress(0.0, "reading the rest of its index");
    std::optional<RunIndex> index = cache.readRest(std::move(*found), &indexIgnored_);
    if (!index)
        return nullptr;
    try {
        std::shared_ptr<const OnDemandTimeline> timeline =
            std::move(*index).open(request_.path, dataBudget_);
        // The results live as long as the timeline that holds them.
        std::shared_ptr<const ProfilingResults> results(timeline, &timeline->results());
        outcome_.timelineSource = std::move(timeline);
        outcome_.indexNote = "opened from its index";
        return results;
    } catch (const ReadCancelled&) {
        throw;
    } catch (const std::exception& error) {
        // The file changed since find() checked it, or the index does not fit
        // the file: read the file, and keep a new index.
        std::error_code ignored;
        std::filesystem::remove(indexPath, ignored);
        indexIgnored_ = error.what();
        return nullptr;
    }
}

void LoadJob::showIndexHead(const RunIndex& head) const {
    if (!callbacks_.readDone)
        return;
    auto stage = std::make_shared<ProfilingResults>(head.results);
    stage->path = request_.path;
    LoadOutcome shown = outcome_;
    shown.results = stage;
    callbacks_.readDone(shown);
    if (!callbacks_.timelineSoFar)
        return;
    // Every rank at the coarsest level: exact for the whole run, a stand-in
    // for zooms finer than that until the rest is read.
    const OnDemandTimeline::Parts& parts = head.timeline;
    shown.timelineSource = std::make_shared<const PartialTimeline>(parts.pyramid, parts.rankLanes,
                                                                   parts.rankLanes.ranks().size());
    callbacks_.timelineSoFar(shown);
}

void LoadJob::keepIndex(const IndexKey& key, ProfilingResults& results) {
    const auto timeline =
        std::dynamic_pointer_cast<const OnDemandTimeline>(outcome_.timelineSource);
    const auto* source = dynamic_cast<const PlannedCallSource*>(results.onDemand.get());
    if (!timeline || !source) {
        if (!indexIgnored_.empty())
            outcome_.indexNote = "index ignored: " + indexIgnored_;
        return;
    }
    control_.progress(1.0, "keeping an index");
    try {
        if (!(IndexKey::of(request_.path) == key))
            throw ProfileError(request_.path, "keeping the run's index",
                               "the file changed while it was read");
        // Kept with the statistics, so that a reopen reads no call for them;
        // the window takes them too. No other thread sees *results yet (as
        // with the exclusive times) and the timeline reads only its rows.
        // Within the share of the budget the window's percentiles may hold.
        control_.progress(1.0, "computing percentiles and histograms");
        if (!KeptHistograms::keep(results, &cancel_, KeptPercentiles::byteLimitWithin(dataBudget_)))
            return;
        control_.progress(1.0, "keeping an index");
        const RunIndex index =
            RunIndex::of(*timeline, key, RunIndex::pyramidBudget(source->plan()));
        const std::filesystem::path where = indexCache().store(request_.path, index);
        outcome_.indexNote = indexIgnored_.empty()
                                 ? "index kept at " + where.string()
                                 : "index ignored: " + indexIgnored_ + " (rebuilt)";
    } catch (const std::exception& error) {
        // std::bad_alloc included: the run is open, whatever became of its index.
        outcome_.indexNote = std::string("index not kept: ") + error.what();
    }
}

} // namespace scope
