// SPDX-License-Identifier: GPL-3.0-or-later
// scope-duration-bench [CALLS]: what the duration-over-time chart costs for
// CALLS calls of one region (default 10^6, over 16 ranks): building the series
// with its rolling median once, then one reduction to 1600 pixel columns per
// redraw, of the whole run and zoomed to a tenth. The target is a frame, 16 ms.
#include "analysis/DurationSeries.h"
#include "events/RowStatistics.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <span>

using namespace scope;

namespace {

constexpr std::uint32_t kRanks = 16;
constexpr int kRepeats = 30;
constexpr std::size_t kColumns = 1600;

// Calls back to back on each rank, lognormal durations around 10 µs.
ProfilingResults run(std::size_t calls) {
    ProfilingResults results;
    results.regions = {"solve"};
    std::mt19937_64 random(7);
    std::lognormal_distribution<double> duration(9.2, 0.6);
    const std::size_t perRank = calls / kRanks;
    for (std::uint32_t rank = 0; rank < kRanks; ++rank) {
        RankRegion row;
        row.rank = rank;
        row.region = 0;
        row.offset = results.events.size();
        std::int64_t t = rank * 1000;
        for (std::size_t i = 0; i < perRank; ++i) {
            const auto d = static_cast<std::int64_t>(duration(random));
            results.events.starts.push_back(t);
            results.events.ends.push_back(t + d);
            t += d + 500;
        }
        row.summary =
            RowStatistics::measure(std::span(results.events.starts).subspan(row.offset, perRank),
                                   std::span(results.events.ends).subspan(row.offset, perRank))
                .summary;
        results.rows.push_back(row);
    }
    results.numRanks = kRanks;
    results.eventsRead = true;
    results.finalize();
    return results;
}

double millisecondsSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
}

} // namespace

int main(int argc, char** argv) {
    const std::size_t calls = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1000000;
    const ProfilingResults results = run(calls);

    auto start = std::chrono::steady_clock::now();
    const DurationSeries series = DurationSeries::of(results, 0, {});
    std::printf("series of %zu calls with rolling median: %.1f ms (once per region)\n",
                series.size(), millisecondsSince(start));

    const double t0 = series.firstStart();
    const double t1 = series.lastStart();
    std::size_t sink = 0;
    for (const auto& [name, a, b] :
         {std::tuple{"whole run", t0, t1},
          std::tuple{"a tenth", t0 + (t1 - t0) * 0.45, t0 + (t1 - t0) * 0.55}}) {
        for (bool pooled : {false, true}) {
            start = std::chrono::steady_clock::now();
            for (int i = 0; i < kRepeats; ++i)
                sink += series.reduce(a, b, kColumns, pooled).count.size();
            std::printf("reduction to %zu columns, %s, %s: %.2f ms per redraw\n", kColumns, name,
                        pooled ? "pooled" : "per rank", millisecondsSince(start) / kRepeats);
        }
    }
    return sink == 0 ? 1 : 0;
}
