// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "AsyncLoader.h"
#include "base/ReadControl.h"
#include "index/IndexCache.h"
#include "isolate/IsolatedRead.h"
#include "isolate/IsolatedReader.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <future>
#include <memory>
#include <optional>
#include <string>

namespace scope {

class OverviewCollector;
class OverviewTimeline;

// One load of AsyncLoader, on its worker thread, phase by phase: the summary
// columns first where the calls will be read on demand, the read, then the
// timeline (an index over the calls in memory, or the on-demand timeline),
// each stage handed to the callbacks as it is ready.
class LoadJob {
public:
    LoadJob(std::uint64_t id, const LoadRequest& request, const std::atomic<bool>& cancel,
            const AsyncLoader::Callbacks& callbacks);
    ~LoadJob();

    // The outcome for Callbacks::finished: results, cancelled or an error.
    LoadOutcome run();

private:
    // Progress throttled for a UI, but a new stage always gets through.
    ReadControl throttledControl();
    ReadRequest readRequest() const;
    // The table from the summary columns before a long read on demand;
    // narrows the read's share of the bar when it shows.
    void showSummariesFirst(ReadRequest& read);
    // The file, or the rank files combined as one run.
    std::shared_ptr<ProfilingResults> readFiles(ReadRequest& read);
    void stageDone(std::shared_ptr<const ProfilingResults> stage) const;
    void indexCallsInMemory(ProfilingResults& results);
    void buildOnDemandTimeline(const std::shared_ptr<ProfilingResults>& results);
    // Above request.overviewAboveCalls, once: the overview estimated from
    // the stage's summaries, through timelineSoFar as `shown`; the estimate
    // shown, if one was.
    std::shared_ptr<const OverviewTimeline>
    showEstimate(const std::shared_ptr<const ProfilingResults>& stage, LoadOutcome shown);
    // While the read passes over the calls: the estimate with the first
    // ranks the collector has gathered in place of theirs, through
    // timelineSoFar as `shown`, unless waitForEstimate comes first.
    void showFirstRanks(const OverviewTimeline& estimate, LoadOutcome shown);
    // Before the next timeline goes out, and before the outcome.
    void waitForEstimate();
    // Above request.overviewAboveCalls: the overview gathered during the read
    // (ReadControl::streamed) where the summaries give the run's extent.
    void gatherOverview(const ProfilingResults& summaries, ReadRequest& read);
    void throwIfCancelled(const std::string& path) const;
    // The run's kept index (request.useIndex): the key of a file that may
    // be indexed, taken before it is read; the run opened from a valid index
    // (false: read it); the index of a complete read on demand written.
    IndexCache indexCache() const;
    std::optional<IndexKey> takeIndexKey() const;
    std::shared_ptr<const ProfilingResults> openFromIndex();
    // The table and the whole-run timeline from an index's head, while its
    // rest is read.
    void showIndexHead(const RunIndex& head) const;
    void keepIndex(const IndexKey& key, ProfilingResults& results);

    const LoadRequest& request_;
    const std::atomic<bool>& cancel_;
    const AsyncLoader::Callbacks& callbacks_;
    LoadOutcome outcome_;
    ReadControl control_;
    std::chrono::steady_clock::time_point lastReport_;
    std::string lastMessage_;
    // The budget counts the whole process: what it holds already is not the run's.
    std::uint64_t dataBudget_;
    // The bar's share of the read; the timeline takes the rest.
    double readShare_;
    ReadControl readControl_;
    bool summariesShown_ = false;
    bool estimateShown_ = false;
    std::unique_ptr<OverviewCollector> overviewCollector_;
    // The read's helper, started before the summaries are shown.
    std::optional<IsolatedRead> startedRead_;
    // Why a kept index was not used, for LoadOutcome::indexNote.
    std::string indexIgnored_;
    // showSummariesFirst's estimate, drawn on a thread of its own while the
    // read's helper plans the read. Last: destroyed (joined) first.
    std::future<void> estimate_;
};

} // namespace scope
