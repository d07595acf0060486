// SPDX-License-Identifier: GPL-3.0-or-later
#include "MpiTraffic.h"

#include <algorithm>
#include <map>

namespace scope {

namespace {

constexpr double kNsPerSecond = 1e9;

std::vector<std::optional<MpiRegionName>> parseRegions(const ProfilingResults& results) {
    std::vector<std::optional<MpiRegionName>> names;
    names.reserve(results.regions.size());
    for (const std::string& region : results.regions)
        names.push_back(MpiRegionName::parse(region));
    return names;
}

std::size_t indexOf(const std::vector<std::string>& sorted, const std::string& name) {
    return static_cast<std::size_t>(std::lower_bound(sorted.begin(), sorted.end(), name) -
                                    sorted.begin());
}

std::string requestOf(const MpiRegionName& name) {
    return name.request.empty() ? std::string("unknown") : name.request;
}

std::vector<MpiTraffic::SizeCalls> sizesOf(const std::map<std::uint64_t, std::uint64_t>& calls) {
    std::vector<MpiTraffic::SizeCalls> sizes;
    for (const auto& [bytes, count] : calls)
        sizes.push_back({bytes, count});
    return sizes;
}

} // namespace

bool MpiTraffic::hasMpiRegions(const ProfilingResults& results) {
    return std::any_of(results.regions.begin(), results.regions.end(),
                       [](const std::string& r) { return MpiRegionName::parse(r).has_value(); });
}

MpiTraffic MpiTraffic::compute(const ProfilingResults& results, const RankSelection& ranks) {
    MpiTraffic t;
    const auto names = parseRegions(results);
    t.mpiRegions_ = static_cast<std::size_t>(
        std::count_if(names.begin(), names.end(), [](const auto& n) { return n.has_value(); }));
    if (t.mpiRegions_ == 0)
        return t;
    // The matrices span the ranks that recorded calls and the peers they
    // name, not mpi_size: a file may claim millions of ranks for a few rows.
    std::size_t runRanks = results.numRanks;
    std::size_t rankCount = 0;
    for (const RankRegion& row : results.rows) {
        runRanks = std::max<std::size_t>(runRanks, std::size_t(row.rank) + 1);
        rankCount = std::max<std::size_t>(rankCount, std::size_t(row.rank) + 1);
    }
    for (const RankRegion& row : results.rows) {
        if (row.region >= names.size() || !names[row.region])
            continue;
        const MpiRegionName& name = *names[row.region];
        if ((name.isSend() || name.isReceive()) && name.peer >= 0 &&
            static_cast<std::uint64_t>(name.peer) < runRanks)
            rankCount = std::max<std::size_t>(rankCount, std::size_t(name.peer) + 1);
    }
    t.ranks_ = rankCount;
    t.matrixOmitted_ = rankCount > kMaxMatrixRanks;
    if (!t.matrixOmitted_) {
        t.sent_.assign(rankCount * rankCount, 0);
        t.received_.assign(rankCount * rankCount, 0);
    }

    // Rows that count: an MPI region, a selected rank, at least one call.
    const auto counted = [&](const RankRegion& row) -> const MpiRegionName* {
        if (row.region >= names.size() || !names[row.region] || row.summary.count == 0 ||
            !ranks.contains(row.rank))
            return nullptr;
        return &*names[row.region];
    };
    for (const RankRegion& row : results.rows) {
        const MpiRegionName* name = counted(row);
        if (name == nullptr)
            continue;
        if (name->isCollective())
            t.collectiveOps_.push_back(name->op);
        else if (name->isWait())
            t.waitRequests_.push_back(requestOf(*name));
    }
    for (auto* list : {&t.collectiveOps_, &t.waitRequests_}) {
        std::sort(list->begin(), list->end());
        list->erase(std::unique(list->begin(), list->end()), list->end());
    }
    t.collectiveSeconds_.assign(rankCount * t.collectiveOps_.size(), 0.0);
    t.collectiveCalls_.assign(rankCount * t.collectiveOps_.size(), 0);
    t.waitSeconds_.assign(rankCount * t.waitRequests_.size(), 0.0);
    t.waitCalls_.assign(rankCount * t.waitRequests_.size(), 0);

    std::map<std::uint64_t, std::uint64_t> sendSizes;
    std::map<std::uint64_t, std::uint64_t> receiveSizes;
    for (const RankRegion& row : results.rows) {
        const MpiRegionName* name = counted(row);
        if (name == nullptr)
            continue;
        const std::uint64_t calls = row.summary.count;
        const double seconds = static_cast<double>(row.summary.total) / kNsPerSecond;
        if (name->isCollective()) {
            const std::size_t at =
                row.rank * t.collectiveOps_.size() + indexOf(t.collectiveOps_, name->op);
            t.collectiveSeconds_[at] += seconds;
            t.collectiveCalls_[at] += calls;
            continue;
        }
        if (name->isWait()) {
            const std::size_t at =
                row.rank * t.waitRequests_.size() + indexOf(t.waitRequests_, requestOf(*name));
            t.waitSeconds_[at] += seconds;
            t.waitCalls_[at] += calls;
            continue;
        }
        const bool send = name->isSend();
        if (!send && !name->isReceive())
            continue;
        if (name->bytes >= 0)
            (send ? sendSizes : receiveSizes)[static_cast<std::uint64_t>(name->bytes)] += calls;
        if (name->bytes < 0 || name->peer < 0) {
            t.unknownCalls_ += calls;
            continue;
        }
        if (static_cast<std::uint64_t>(name->peer) >= runRanks) {
            t.outsideCalls_ += calls;
            continue;
        }
        const auto peer = static_cast<std::uint32_t>(name->peer);
        const std::uint64_t bytes = static_cast<std::uint64_t>(name->bytes) * calls;
        if (!t.matrixOmitted_)
            (send ? t.sent_ : t.received_)[row.rank * rankCount + peer] += bytes;
        t.links_.push_back({row.rank, peer, name->comm, row.region, bytes, calls, send});
        t.comms_.push_back(name->comm);
    }
    std::sort(t.comms_.begin(), t.comms_.end());
    t.comms_.erase(std::unique(t.comms_.begin(), t.comms_.end()), t.comms_.end());
    t.sendSizes_ = sizesOf(sendSizes);
    t.receiveSizes_ = sizesOf(receiveSizes);
    return t;
}

std::vector<std::uint64_t> MpiTraffic::matrixOf(std::int64_t comm, bool send) const {
    if (matrixOmitted_)
        return {};
    std::vector<std::uint64_t> matrix(ranks_ * ranks_, 0);
    for (const Link& link : links_)
        if (link.comm == comm && link.send == send)
            matrix[link.rank * ranks_ + link.peer] += link.bytes;
    return matrix;
}

std::optional<std::size_t> MpiTraffic::regionOf(std::size_t rank, std::size_t peer,
                                                bool send) const {
    std::optional<std::size_t> best;
    std::uint64_t most = 0;
    for (const Link& link : links_) {
        if (link.rank != rank || link.peer != peer || link.send != send)
            continue;
        if (!best || link.bytes > most) {
            best = link.region;
            most = link.bytes;
        }
    }
    return best;
}

} // namespace scope
