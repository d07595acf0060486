// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "base/ParallelFor.h"

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <thread>
#include <vector>

namespace scope {

// compute(region, byteLimitShare) of `regions` regions, apart on every core:
// the calls read on demand share the byte limit between them, so that all
// together hold about what one would. Empty once *cancel became true.
template <class Kept, class Compute>
std::vector<Kept> regionsInParallel(std::size_t regions, const std::atomic<bool>* cancel,
                                    std::uint64_t byteLimit, Compute&& compute) {
    std::vector<Kept> kept(regions);
    const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
    const std::uint64_t share = std::max<std::uint64_t>(byteLimit / threads, 1);
    parallelFor(
        regions, threads, cancel,
        [&](std::size_t region, unsigned) { kept[region] = compute(region, share); }, [] {});
    if (cancel != nullptr && cancel->load(std::memory_order_relaxed))
        return {};
    return kept;
}

} // namespace scope
