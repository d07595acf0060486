// SPDX-License-Identifier: GPL-3.0-or-later
#include "SignificanceBench.h"

#include "BenchSupport.h"
#include "compare/Significance.h"
#include "compare/WhatChanged.h"
#include "events/RowStatistics.h"
#include "model/ProfilingResults.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <random>
#include <span>
#include <string>
#include <vector>

namespace scope::bench {

namespace {

constexpr std::uint32_t kRanks = 16;
constexpr std::uint32_t kRegions = 12;

// Calls back to back on each rank, region after region (no call overlaps
// another), log-normal around 10 µs. In `other`,
// region 1 is 5 % slower per call and region 2 makes 20 % more calls.
ProfilingResults pairRun(std::uint64_t calls, bool other) {
    ProfilingResults results;
    results.numRanks = kRanks;
    for (std::uint32_t region = 0; region < kRegions; ++region)
        results.regions.push_back("region_" + std::to_string(region));
    std::mt19937_64 random(other ? 2 : 1);
    std::vector<std::int64_t> clock(kRanks, 0);
    for (std::uint32_t region = 0; region < kRegions; ++region) {
        const double slower = other && region == 1 ? std::log(1.05) : 0.0;
        const std::uint64_t n = other && region == 2 ? calls * 6 / 5 : calls;
        std::lognormal_distribution<double> duration(9.2 + slower, 0.6);
        for (std::uint32_t rank = 0; rank < kRanks; ++rank) {
            RankRegion row;
            row.rank = rank;
            row.region = region;
            row.offset = results.events.size();
            std::int64_t& t = clock[rank];
            for (std::uint64_t i = 0; i < n; ++i) {
                const auto d = static_cast<std::int64_t>(duration(random));
                results.events.starts.push_back(t);
                results.events.ends.push_back(t + d);
                t += d + 200;
            }
            row.summary =
                RowStatistics::measure(std::span(results.events.starts).subspan(row.offset, n),
                                       std::span(results.events.ends).subspan(row.offset, n))
                    .summary;
            results.rows.push_back(row);
        }
    }
    results.eventsRead = true;
    results.finalize();
    return results;
}

double secondsSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

} // namespace

void SignificanceBench::measure(bool quick, int repeat) {
    const std::uint64_t calls = quick ? 10'000 : 100'000;
    std::printf("building the pair of runs in memory ...\n");
    std::fflush(stdout);
    const ProfilingResults base = pairRun(calls, false);
    const ProfilingResults other = pairRun(calls, true);
    const double pairCalls = static_cast<double>(base.totalCalls() + other.totalCalls());

    double best = 1e300;
    double bestRead = 0;
    std::string verdicts;
    for (int r = 0; r < std::max(1, repeat); ++r) {
        double read = 0;
        verdicts.clear();
        const auto start = std::chrono::steady_clock::now();
        for (std::size_t region = 0; region < kRegions; ++region) {
            const auto readStart = std::chrono::steady_clock::now();
            const RegionSample a = RegionSample::of(base, region, {});
            const RegionSample b = RegionSample::of(other, region, {});
            read += secondsSince(readStart);
            const RegionSignificance s = Significance::test(a, b, {});
            if (region < 4) {
                char text[96];
                std::snprintf(text, sizeof text, "%s%zu: p %.2g, [%.1f, %.1f] %%",
                              region == 0 ? "" : "; ", region, *s.pValue, *s.ciLowPercent,
                              *s.ciHighPercent);
                verdicts += text;
            }
        }
        const double seconds = secondsSince(start);
        if (seconds < best) {
            best = seconds;
            bestRead = read;
        }
    }
    const std::string label = "significance, 2 x " + std::to_string(kRanks) + "x" +
                              std::to_string(kRegions) + "x" + std::to_string(calls);
    printRow(label, "every region, Total", Measurement{best, pairCalls, 0},
             "target 2 s; reading the samples " +
                 std::to_string(static_cast<int>(bestRead * 1000)) + " ms");
    std::printf("  regions 0-3 (unchanged, 5 %% slower, 20 %% more calls, unchanged): %s\n",
                verdicts.c_str());

    // What the viewer's What changed panel computes: the tests plus the
    // explanation (call trees of both runs for the changed regions' paths)
    // and the other run's imbalance patterns.
    const ProfilingResults* before[] = {&base};
    const ProfilingResults* after[] = {&other};
    double bestReport = 1e300;
    std::size_t changed = 0;
    for (int r = 0; r < std::max(1, repeat); ++r) {
        const auto start = std::chrono::steady_clock::now();
        const DiffReport report = WhatChanged::compute(before, after, {});
        bestReport = std::min(bestReport, secondsSince(start));
        changed = static_cast<std::size_t>(
            std::count_if(report.regions.begin(), report.regions.end(), [](const auto& region) {
                return region.verdict == Verdict::Slower || region.verdict == Verdict::Faster;
            }));
    }
    printRow("what changed, same pair", "tests, split, paths, patterns",
             Measurement{bestReport, pairCalls, 0}, std::to_string(changed) + " regions changed");
}

} // namespace scope::bench
