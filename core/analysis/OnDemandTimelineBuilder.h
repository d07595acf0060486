// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Internal to OnDemandTimeline: how it is built, rank by rank.
#include "OnDemandTimeline.h"

#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <span>
#include <vector>

namespace scope {

// Builds ranks on up to two threads, each rank's calls read, indexed,
// reduced to pyramid levels, block hulls and exclusive times (a RankBuild),
// then dropped. Ranks start in order while the memory for building them
// fits, and are handed on in order: committed to the timeline (run) or
// collected (runRanks).
class OnDemandTimeline::Builder {
public:
    // The run-wide fields of `t` from its results and budget: the rows with
    // calls by offset, the block size and empty hulls, the empty pyramid.
    static void prepare(OnDemandTimeline& t);
    // Adds a rank to a prepared timeline, after the ranks added before it
    // (ranks ascending). Throws CorruptProfileError naming the results' path
    // when the build does not fit the rows of its rank.
    static void commit(OnDemandTimeline& t, RankBuild build);

    // Over a prepared timeline: every rank with calls (ranks empty), or
    // `ranks` alone (ascending, each with calls).
    Builder(OnDemandTimeline& timeline, const ReadControl& control, TimelineSnapshots snapshots,
            std::span<const std::uint32_t> ranks = {});
    // Every rank, each pyramid level within the rank's share of what the
    // ranks before it left, committed to the timeline. Throws ProfileError
    // when a rank alone exceeds the memory for building, ReadCancelled, or
    // what reading the calls threw.
    void run();
    // The ranks given, each pyramid level within a fixed share of the
    // pyramid's budget (the rank's calls over the run's), so that a rank's
    // build depends on its calls and the run's totals alone. Throws as run().
    std::vector<RankBuild> runRanks();

private:
    struct Job {
        std::uint32_t rank;
        std::vector<std::size_t> rows; // by offset
        std::uint64_t calls;
    };

    void start();
    void work();
    std::uint64_t cost(std::size_t job) const;
    void checkCancel() const;
    RankBuild buildRank(const Job& job);
    // The row's block hulls, whether its starts ascend and its longest call.
    void measureBlocks(RankBuild::Row& row, std::span<const std::int64_t> starts,
                       std::span<const std::int64_t> ends) const;
    // Under mutex_, the ranks before j handed on: j's too.
    void handOn(std::size_t j, RankBuild build);
    // Under mutex_, after a commit: the ranks so far, when it is time.
    void showSnapshot();

    OnDemandTimeline& t_;
    const ReadControl& control_;
    TimelineSnapshots snapshots_;
    std::chrono::steady_clock::time_point shown_; // the start, or the last snapshot
    std::vector<Job> jobs_;
    bool fixedShares_ = false;      // runRanks: collect, do not commit
    std::vector<RankBuild> builds_; // runRanks' builds, in job order
    std::uint64_t totalCalls_ = 0;  // of the run
    std::uint64_t jobCalls_ = 0;    // of jobs_
    std::uint64_t buildBudget_ = 0;
    bool lanes_ = false; // the calls carry thread/task lanes: 16 bytes more a call
    mutable std::mutex mutex_;
    std::condition_variable changed_;
    std::size_t next_ = 0;       // the next rank to start
    std::size_t committed_ = 0;  // ranks handed on
    std::uint64_t inFlight_ = 0; // bytes of the ranks being built
    std::uint64_t done_ = 0;     // calls
    std::exception_ptr error_;
};

} // namespace scope
