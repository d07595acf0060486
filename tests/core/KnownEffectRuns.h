// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Pairs of runs with known effects between them, drawn from fixed
// distributions with fixed seeds, for the tests of WhatChanged and
// scope-report --diff/--check. Built in memory like HandMadeRun.h: one rank,
// the calls of each region one after the other, none nested.
#include "events/RowStatistics.h"
#include "model/ProfilingResults.h"

#include <cstdint>
#include <random>
#include <span>
#include <string>
#include <vector>

namespace known {

struct Region {
    std::string name;
    std::vector<std::int64_t> durationsNs;
    std::string file; // source location; "" for none
    std::int64_t line = -1;
};

// `count` durations uniform in [mean * (1 - spread), mean * (1 + spread)] ns.
// The generator's raw 64-bit output is mapped by hand: std's distributions
// are free to differ between standard libraries.
inline std::vector<std::int64_t> uniform(std::uint64_t seed, std::size_t count, double mean,
                                         double spread) {
    std::mt19937_64 engine(seed);
    std::vector<std::int64_t> durations(count);
    for (std::int64_t& d : durations) {
        const double u = static_cast<double>(engine() >> 11) * 0x1.0p-53; // [0, 1)
        d = static_cast<std::int64_t>(mean * (1.0 + spread * (2.0 * u - 1.0)) + 0.5);
    }
    return durations;
}

inline scope::ProfilingResults run(const std::string& path, const std::vector<Region>& regions) {
    using namespace scope;
    ProfilingResults results;
    results.path = path;
    std::int64_t clock = 1000;
    for (const Region& region : regions) {
        results.regions.push_back(region.name);
        RankRegion row;
        row.rank = 0;
        row.region = static_cast<std::uint32_t>(results.regions.size() - 1);
        row.offset = results.events.size();
        for (const std::int64_t d : region.durationsNs) {
            results.events.starts.push_back(clock);
            results.events.ends.push_back(clock + d);
            clock += d + 10;
        }
        const std::size_t n = region.durationsNs.size();
        row.summary =
            RowStatistics::measure(std::span(results.events.starts).subspan(row.offset, n),
                                   std::span(results.events.ends).subspan(row.offset, n))
                .summary;
        results.rows.push_back(row);
    }
    results.numRanks = 1;
    results.eventsRead = true;
    results.finalize();
    for (std::size_t i = 0; i < regions.size(); ++i)
        if (!regions[i].file.empty())
            for (RankRegion& row : results.rows)
                if (results.regions[row.region] == regions[i].name)
                    results.setDetails(row,
                                       RowDetails{{regions[i].file, regions[i].line, {}}, {}, {}});
    return results;
}

// The baseline of the known effects:
//   solve     2,000 calls of 10 µs ± 5 %             (5 % slower per call in other())
//   noisy       100 calls of 1–99 µs                 (unchanged, high variance)
//   assemble  1,000 calls of 8 µs ± 5 %              (20 % more calls in other())
//   gone         50 calls of 2 µs ± 5 %              (removed in other())
//   old_name    500 calls of 3 µs ± 5 %, solver.cpp:42 (renamed new_name in other())
inline std::vector<Region> baselineRegions(std::uint64_t seed = 1) {
    return {{"solve", uniform(seed * 10 + 1, 2000, 10000.0, 0.05), "", -1},
            {"noisy", uniform(seed * 10 + 2, 100, 50000.0, 0.98), "", -1},
            {"assemble", uniform(seed * 10 + 3, 1000, 8000.0, 0.05), "", -1},
            {"gone", uniform(seed * 10 + 4, 50, 2000.0, 0.05), "", -1},
            {"old_name", uniform(seed * 10 + 5, 500, 3000.0, 0.05), "solver.cpp", 42}};
}

inline scope::ProfilingResults baseline(std::uint64_t seed = 1) {
    return run("base.h5", baselineRegions(seed));
}

// The other side: independent draws from the distributions above with the
// effects applied, and
//   fresh        40 calls of 4 µs ± 5 %              (new)
inline std::vector<Region> otherRegions(std::uint64_t seed = 2) {
    return {{"solve", uniform(seed * 10 + 1, 2000, 10500.0, 0.05), "", -1},
            {"noisy", uniform(seed * 10 + 2, 100, 50000.0, 0.98), "", -1},
            {"assemble", uniform(seed * 10 + 3, 1200, 8000.0, 0.05), "", -1},
            {"fresh", uniform(seed * 10 + 6, 40, 4000.0, 0.05), "", -1},
            {"new_name", uniform(seed * 10 + 5, 500, 3000.0, 0.05), "solver.cpp", 42}};
}

inline scope::ProfilingResults other(std::uint64_t seed = 2) {
    return run("other.h5", otherRegions(seed));
}

// A run drawn from the baseline's distributions with no effect at all.
inline scope::ProfilingResults noiseOnly(std::uint64_t seed) {
    scope::ProfilingResults results = baseline(seed);
    results.path = "noise.h5";
    return results;
}

} // namespace known
