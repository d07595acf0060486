// SPDX-License-Identifier: GPL-3.0-or-later
// OnDemandTimeline built by parts: ranks built apart (buildRanks, in one
// process or in several) and assembled into the timeline (assemble).
#include "OnDemandTimelineBuilder.h"

#include "model/Errors.h"

#include <algorithm>
#include <stdexcept>

namespace scope {

std::vector<OnDemandTimeline::RankBuild>
OnDemandTimeline::buildRanks(const std::shared_ptr<const ProfilingResults>& results,
                             std::uint64_t memoryBudget, std::span<const std::uint32_t> ranks,
                             const ReadControl& control) {
    // A timeline of its own for the run-wide fields (block size, the
    // pyramid's extent, levels and budget); never given a rank.
    OnDemandTimeline scratch(results, memoryBudget);
    // No ranks asked for: the Builder would take an empty list as every rank.
    if (ranks.empty())
        return {};
    Builder::prepare(scratch);
    return Builder(scratch, control, {}, ranks).runRanks();
}

std::shared_ptr<const OnDemandTimeline>
OnDemandTimeline::assemble(std::shared_ptr<const ProfilingResults> results,
                           std::uint64_t memoryBudget, std::vector<RankBuild> builds) {
    std::shared_ptr<OnDemandTimeline> timeline(
        new OnDemandTimeline(std::move(results), memoryBudget));
    OnDemandTimeline& t = *timeline;
    Builder::prepare(t);

    // Every rank with calls once, each with exactly its rows with calls.
    std::vector<std::uint32_t> expected;
    std::vector<std::vector<std::size_t>> rowsOf;
    {
        std::vector<std::size_t> byRank = t.rowsByOffset_;
        std::stable_sort(byRank.begin(), byRank.end(), [&](std::size_t a, std::size_t b) {
            return t.results_->rows[a].rank < t.results_->rows[b].rank;
        });
        for (const std::size_t row : byRank) {
            const std::uint32_t rank = t.results_->rows[row].rank;
            if (expected.empty() || expected.back() != rank) {
                expected.push_back(rank);
                rowsOf.emplace_back();
            }
            rowsOf.back().push_back(row);
        }
    }
    std::sort(builds.begin(), builds.end(),
              [](const RankBuild& a, const RankBuild& b) { return a.rank < b.rank; });
    const std::string& path = t.results_->path;
    std::size_t at = 0;
    for (const RankBuild& build : builds) {
        if (at > 0 && builds[at - 1].rank == build.rank)
            throw CorruptProfileError(path, "assembling the timeline",
                                      "rank " + std::to_string(build.rank) + " was built twice");
        const auto it = std::lower_bound(expected.begin(), expected.end(), build.rank);
        if (it == expected.end() || *it != build.rank)
            throw CorruptProfileError(path, "assembling the timeline",
                                      "rank " + std::to_string(build.rank) +
                                          " was built but has no calls in the run");
        const auto& rows = rowsOf[static_cast<std::size_t>(it - expected.begin())];
        bool same = rows.size() == build.rows.size();
        for (std::size_t i = 0; same && i < rows.size(); ++i)
            same = rows[i] == build.rows[i].row;
        if (!same)
            throw CorruptProfileError(path, "assembling the timeline",
                                      "the build of rank " + std::to_string(build.rank) +
                                          " does not hold the rank's rows with calls");
        ++at;
    }
    if (builds.size() != expected.size()) {
        std::size_t missing = 0;
        while (missing < builds.size() && builds[missing].rank == expected[missing])
            ++missing;
        throw CorruptProfileError(path, "assembling the timeline",
                                  "rank " + std::to_string(expected[missing]) +
                                      " has calls but was not built");
    }
    for (RankBuild& build : builds)
        Builder::commit(t, std::move(build));
    return timeline;
}

} // namespace scope
