// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "OverviewBuckets.h"
#include "OverviewCoverage.h"
#include "OverviewTimeline.h"
#include "model/ProfilingResults.h"
#include "model/StreamedCalls.h"

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace scope {

// OverviewTimeline::build's overview, gathered while the statistics' streamed
// pass reads the calls (ReadControl::streamed), so that a first open needs no
// pass of its own for it. A rank is ranked as the last of its calls arrives
// and its table passed on to a rank still to come: memory is the coverage
// of the ranks being read at once (a bucket x region table of 8-byte cells
// each). begin() gives up, and overview() answers nullptr, when the rows'
// order would hold more than maxBytes of it at once.
class OverviewCollector final : public StreamedCalls {
public:
    // For a read whose summaries (a summary-only read of the same file) give
    // the run's extent; nullptr where they do not (rows without times).
    static std::unique_ptr<OverviewCollector>
    forRun(const ProfilingResults& summaries, std::uint64_t maxBytes,
           std::size_t buckets = OverviewTimeline::kBuckets);

    // The run's regions in its order (a finalized read's), which breaks ties
    // as build() does; the read's must turn out the same for overview() to answer.
    OverviewCollector(std::int64_t startNs, std::int64_t endNs, std::vector<std::string> regions,
                      std::uint64_t maxBytes, std::size_t buckets = OverviewTimeline::kBuckets);

    void begin(std::span<const RankRegion> rows, std::span<const std::string> regions) override;
    void calls(std::size_t row, std::uint64_t first, std::span<const std::int64_t> starts,
               std::span<const std::int64_t> ends) override;

    // What OverviewTimeline::build(results) gives, or nullptr where what
    // passed cannot stand in for it: other rows or another extent than
    // results have (damaged rows dropped, a file changed), thread/task
    // lanes (build() splits lanes by key), a row short of its calls, or too
    // much coverage to hold. After the read, on one thread.
    std::shared_ptr<const OverviewTimeline> overview(const ProfilingResults& results) const;

    // While the read runs, on a thread of its own: once the first ranks are
    // ranked, the estimate (fromSummaries of the summaries forRun was given)
    // with their lanes in place of its own (OverviewTimeline::withRanked),
    // to `show`; a first open's timeline shows its first ranks, long before
    // the last is ranked. Nothing where every rank is ranked by then (that
    // is overview()'s), where stop() came first, or where the estimate's
    // time axis is not the collector's.
    void showFirstRanks(const OverviewTimeline& estimate,
                        const std::function<void(std::shared_ptr<const OverviewTimeline>)>& show);
    // Ends showFirstRanks: the read is over (or cancelled, or failed).
    void stop();
    // The ranks ranked so far over the estimate, as showFirstRanks shows
    // them: nullptr before any rank is ranked.
    std::shared_ptr<const OverviewTimeline> overviewSoFar(const OverviewTimeline& estimate);

private:
    // The rows of one rank with calls; its coverage while they pass.
    struct RankState {
        std::uint32_t rank = 0;
        std::vector<std::int32_t> regions; // the read's region index per column
        std::atomic<std::size_t> rowsLeft{0};
        std::atomic<std::int64_t*> table{nullptr};
        OverviewCoverage coverage; // holds `table`; let go once ranked
        std::vector<OverviewKeyLanes> lanes;
    };
    // One row with calls, as the read has it.
    struct Row {
        std::size_t rank; // into ranks_
        std::size_t column;
        std::uint32_t region; // the read's region index
        std::uint64_t calls;
        std::uint64_t seen = 0; // written by the row's one reading thread
    };

    std::int64_t* tableOf(RankState& rank);
    // overviewSoFar of the first `count` ranks ranked.
    std::shared_ptr<const OverviewTimeline> overviewOf(const OverviewTimeline& estimate,
                                                       std::size_t count);
    void rankComplete(RankState& rank);
    // The most coverage held at once were the rows read in their order: a
    // rank's table from its first row to its last.
    std::uint64_t peakBytes(std::span<const RankRegion> rows) const;

    std::int64_t startNs_;
    std::int64_t endNs_;
    std::uint64_t maxBytes_;
    OverviewBuckets buckets_;
    bool usable_ = false;
    std::vector<std::string> runRegions_;
    std::vector<std::uint32_t> regionOrder_; // per region of the read: its place in runRegions_
    std::vector<std::int32_t> runRegionOf_;  // the same, as OverviewTimeline maps regions
    std::vector<RankState> ranks_;           // by rank, ascending
    std::vector<std::optional<Row>> rows_;   // per row of the read; none without calls
    std::unordered_map<std::uint64_t, std::size_t> byOffset_; // row offset -> row
    std::vector<std::vector<std::int64_t>> spareTables_;      // of ranks ranked
    std::vector<std::size_t> ranked_;                         // into ranks_, as they were ranked
    bool stopped_ = false;
    std::mutex mutex_; // spareTables_, ranked_, stopped_, a rank's table as it is made
    std::condition_variable rankedOrStopped_;
};

} // namespace scope
