// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "AsyncLoader.h"
#include "base/ReadControl.h"
#include "isolate/IsolatedReader.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>

namespace scope {

// One load of AsyncLoader, on its worker thread, phase by phase: the summary
// columns first where the calls will be read on demand, the read, then the
// timeline (an index over the calls in memory, or the on-demand timeline),
// each stage handed to the callbacks as it is ready.
class LoadJob {
public:
    LoadJob(std::uint64_t id, const LoadRequest& request, const std::atomic<bool>& cancel,
            const AsyncLoader::Callbacks& callbacks);

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
    void throwIfCancelled(const std::string& path) const;

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
};

} // namespace scope
