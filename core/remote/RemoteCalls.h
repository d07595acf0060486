// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/CallsElsewhere.h"

#include <cstdint>
#include <memory>
#include <string>

namespace scope {

class RemoteExchange;
struct RemoteQuestion;

// The calls of a run on another host, asked over its helper's connection
// (RemoteQuestion): what a rank selection's histogram and percentiles, and
// a region's durations over time, need crosses as the answer only, never as
// calls. A significance test's sample, every call's duration, crosses packed.
class RemoteCalls final : public CallsElsewhere {
public:
    // `regions` checks the answers; maxBytes bounds each (0 = no limit).
    RemoteCalls(std::shared_ptr<RemoteExchange> exchange, std::size_t regions,
                std::uint64_t maxBytes);

    RegionHistogram histogram(std::size_t region, const RankSelection& ranks,
                              std::size_t bins) const override;
    std::vector<RegionPercentiles> percentiles(const RankSelection& ranks) const override;
    Durations durations(std::size_t region, const RankSelection& ranks, double t0, double t1,
                        std::size_t columns, bool pooled) const override;
    CallDurations callDurations(std::size_t region, const RankSelection& ranks) const override;

private:
    std::string ask(const RemoteQuestion& question) const;

    std::shared_ptr<RemoteExchange> exchange_;
    std::size_t regions_ = 0;
    std::uint64_t maxBytes_ = 0;
};

} // namespace scope
