// SPDX-License-Identifier: GPL-3.0-or-later
#include "IndexBuilder.h"

#include "IndexFields.h"
#include "IndexReader.h"
#include "analysis/KeptHistograms.h"
#include "analysis/KeptPercentiles.h"
#include "base/MemoryBudget.h"
#include "events/PlannedCallSource.h"
#include "format/ReadRequest.h"
#include "isolate/IsolatedReader.h"
#include "model/Errors.h"

#include <algorithm>

namespace scope {
namespace {

constexpr const char* kStep = "indexing the run";
constexpr const char* kGatherStep = "gathering the rank builds";
// "RANKBLD" and a version: builds of another scope-index never mix.
constexpr std::uint64_t kBuildsMagic = 0x01444c424b4e4152ull;

} // namespace

IndexBuilder::IndexBuilder(const std::string& path, std::uint64_t memoryBudget,
                           const ReadControl& control)
    : path_(path), memoryBudget_(memoryBudget == 0 ? MemoryBudget::defaultBytes() : memoryBudget),
      control_(control), key_(IndexKey::of(path)) {
    // What the viewer reads of a run (LoadJob::readRequest), so that the
    // index stands for the viewer's read; its calls stay on disk.
    ReadRequest request;
    request.control = scaledControl(control, 0.0, 0.5);
    request.includeLikwid = true;
    request.includeLineProfile = true;
    request.rowDetails = true;
    request.rowDetailsLimit = kViewerRowDetailsLimit;
    request.memoryBudget = memoryBudget_;
    request.eventsOnDemand = true;
    auto results = std::make_shared<ProfilingResults>(readIsolated(path, request));
    if (!dynamic_cast<const PlannedCallSource*>(results->onDemand.get()))
        throw ProfileError(path, kStep,
                           results->totalCalls() == 0
                               ? "the run has no calls to index"
                               : "the run's calls cannot be read on demand from the file (an "
                                 "index is kept only for HDF5 runs whose calls stay on disk)");
    results_ = std::move(results);
    control_ = scaledControl(control, 0.5, 1.0);
}

std::vector<std::uint32_t> IndexBuilder::ranks() const {
    std::vector<std::uint32_t> ranks;
    for (const RankRegion& row : results_->rows)
        if (row.summary.count > 0)
            ranks.push_back(row.rank);
    std::sort(ranks.begin(), ranks.end());
    ranks.erase(std::unique(ranks.begin(), ranks.end()), ranks.end());
    return ranks;
}

std::vector<OnDemandTimeline::RankBuild>
IndexBuilder::build(std::span<const std::uint32_t> ranks) const {
    return OnDemandTimeline::buildRanks(results_, memoryBudget_, ranks, control_);
}

RunIndex IndexBuilder::assemble(std::vector<OnDemandTimeline::RankBuild> builds) const {
    const auto timeline = OnDemandTimeline::assemble(results_, memoryBudget_, std::move(builds));
    if (!(IndexKey::of(path_) == key_))
        throw ProfileError(path_, kStep, "the file changed while it was indexed");
    const auto& source = dynamic_cast<const PlannedCallSource&>(*results_->onDemand);
    RunIndex index = RunIndex::of(*timeline, key_, RunIndex::pyramidBudget(source.plan()));
    // Kept as the viewer keeps them (LoadJob), within the same share of the
    // budget: a reopen, here or over SSH, reads no call for them.
    if (control_.progress)
        control_.progress(1.0, "computing percentiles and histograms");
    index.results.keptHistograms = KeptHistograms::compute(
        *results_, control_.cancel, KeptPercentiles::byteLimitWithin(memoryBudget_));
    if (index.results.keptHistograms.size() != index.results.regions.size())
        throw ReadCancelled(path_, kStep, "cancelled");
    index.results.keptPercentiles = KeptHistograms::percentilesOf(index.results.keptHistograms);
    return index;
}

std::string IndexBuilder::encodeRankBuilds(std::span<const OnDemandTimeline::RankBuild> builds) {
    isolate::ByteWriter out;
    out.u64(kBuildsMagic);
    out.u64(builds.size());
    for (const OnDemandTimeline::RankBuild& build : builds) {
        out.u32(build.rank);
        IndexFields::writeRankPart(out, build.part);
        IndexFields::writeCallTree(out, build.tree);
        out.i64(build.startNs);
        out.i64(build.endNs);
        out.u64(build.rows.size());
        for (const OnDemandTimeline::RankBuild::Row& row : build.rows) {
            out.u64(row.row);
            out.flag(row.exclusive.has_value());
            out.i64(row.exclusive.value_or(0));
            out.u8(static_cast<std::uint8_t>(row.sorted));
            out.i64(row.longest);
            out.i64s(row.blockMinStart);
            out.i64s(row.blockMaxReach);
        }
    }
    return out.take();
}

std::vector<OnDemandTimeline::RankBuild>
IndexBuilder::decodeRankBuilds(std::string_view bytes, const std::string& what) const {
    IndexReader in(bytes, what, kGatherStep);
    if (in.u64() != kBuildsMagic)
        in.fail("not rank builds of this version");
    const std::size_t regions = results_->regions.size();
    const std::uint64_t calls = results_->totalCalls();
    // A rank build takes at least its rank, an empty part, a tree's root and
    // its fields: far more than 32 bytes.
    std::vector<OnDemandTimeline::RankBuild> builds(in.count(32));
    for (OnDemandTimeline::RankBuild& build : builds) {
        build.rank = in.u32();
        build.part = IndexFields::readRankPart(in, regions, calls);
        build.tree = IndexFields::readCallTree(in, regions);
        build.startNs = in.i64();
        build.endNs = in.i64();
        build.rows.resize(in.count(8 + 1 + 8 + 1 + 8 + 8 + 8));
        for (OnDemandTimeline::RankBuild::Row& row : build.rows) {
            row.row = in.u64();
            if (row.row >= results_->rows.size())
                in.fail("rank build of a row outside the run");
            const bool exclusive = in.flag();
            const std::int64_t value = in.i64();
            if (exclusive)
                row.exclusive = value;
            row.sorted = static_cast<char>(in.u8());
            row.longest = in.i64();
            row.blockMinStart = in.i64s();
            row.blockMaxReach = in.i64s();
        }
    }
    if (!in.atEnd())
        in.fail("bytes after the rank builds");
    return builds;
}

} // namespace scope
