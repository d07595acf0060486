// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "IndexKey.h"
#include "RunIndex.h"
#include "base/ReadControl.h"

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace scope {

// Builds a run's index outside the viewer (scope-index, scope-report
// --index): the run read on demand, its ranks built with fixed shares
// (OnDemandTimeline::buildRanks), so that the bytes do not depend on how
// the ranks were spread over threads or processes.
class IndexBuilder {
public:
    // The run at `path` read on demand (whatever its size) within
    // memoryBudget (0 = MemoryBudget::defaultBytes(); processes that build
    // one index together must all be given the same). Throws ProfileError
    // naming `path` when it cannot be read, or its calls not read on demand.
    IndexBuilder(const std::string& path, std::uint64_t memoryBudget, const ReadControl& control);

    // Ranks with calls, ascending.
    std::vector<std::uint32_t> ranks() const;
    // Builds `ranks` (this process's share; ascending, each with calls).
    std::vector<OnDemandTimeline::RankBuild> build(std::span<const std::uint32_t> ranks) const;
    // The index from every rank's build. Throws CorruptProfileError when a
    // rank with calls is missing or built twice, ProfileError when the file
    // changed since it was read.
    RunIndex assemble(std::vector<OnDemandTimeline::RankBuild> builds) const;
    // The whole index in this process.
    RunIndex buildAll() const { return assemble(build(ranks())); }

    // Rank builds as bytes, for gathering over MPI; decode checks them as
    // IndexCodec does, against this run's regions and calls
    // (CorruptIndexError naming `what`).
    static std::string encodeRankBuilds(std::span<const OnDemandTimeline::RankBuild> builds);
    std::vector<OnDemandTimeline::RankBuild> decodeRankBuilds(std::string_view bytes,
                                                              const std::string& what) const;

    const ProfilingResults& results() const { return *results_; }
    std::uint64_t memoryBudget() const { return memoryBudget_; }

private:
    std::string path_;
    std::uint64_t memoryBudget_;
    ReadControl control_;
    IndexKey key_;
    std::shared_ptr<const ProfilingResults> results_;
};

} // namespace scope
