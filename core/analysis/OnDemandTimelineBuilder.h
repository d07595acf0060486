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

// Builds the ranks on up to two threads, each rank's calls read, indexed,
// reduced to pyramid levels and exclusive times, then dropped. Ranks start
// in order while the memory for building them fits, and are added to the
// pyramid in order.
class OnDemandTimeline::Builder {
public:
    Builder(OnDemandTimeline& timeline, const ReadControl& control, TimelineSnapshots snapshots);
    // Throws ProfileError when a rank alone exceeds the memory for building,
    // ReadCancelled, or what reading the calls threw.
    void run();

private:
    struct Job {
        std::uint32_t rank;
        std::vector<std::size_t> rows; // by offset
        std::uint64_t calls;
    };
    struct Built {
        TimelinePyramid::RankPart part;
        CallTree tree;
        std::int64_t startNs;
        std::int64_t endNs;
    };

    void work();
    std::uint64_t cost(std::size_t job) const;
    void checkCancel() const;
    Built buildRank(const Job& job);
    // The row's block hulls, whether its starts ascend and its longest call.
    void measureBlocks(std::size_t row, std::span<const std::int64_t> starts,
                       std::span<const std::int64_t> ends);
    void commit(const Job& job, Built built);
    // Under mutex_, after a commit: the ranks so far, when it is time.
    void showSnapshot();

    OnDemandTimeline& t_;
    const ReadControl& control_;
    TimelineSnapshots snapshots_;
    std::chrono::steady_clock::time_point shown_; // the start, or the last snapshot
    std::vector<Job> jobs_;
    std::uint64_t totalCalls_ = 0;
    std::uint64_t buildBudget_ = 0;
    bool lanes_ = false; // the calls carry thread/task lanes: 16 bytes more a call
    mutable std::mutex mutex_;
    std::condition_variable changed_;
    std::size_t next_ = 0;       // the next rank to start
    std::size_t committed_ = 0;  // ranks in the pyramid
    std::uint64_t inFlight_ = 0; // bytes of the ranks being built
    std::uint64_t done_ = 0;     // calls
    std::exception_ptr error_;
};

} // namespace scope
