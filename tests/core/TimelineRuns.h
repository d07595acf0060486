// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The runs the timeline tests check the pyramid and the on-demand timeline
// on: hand-made nesting with bursts of tiny calls, a synthetic fixture run and
// every sample with per-call data (the C API files nest 4 deep, run_cli_cg
// recurses).
#include "HandMadeRun.h"
#include "SplitMix64.h"
#include "SyntheticRun.h"
#include "format/ProfileReader.h"

#include <QString>

#include <map>
#include <utility>
#include <vector>

namespace scope::testing {

// Rows of a FixtureSpec as results, without the round trip through a file.
inline ProfilingResults resultsOf(const fixtures::FixtureSpec& spec) {
    std::vector<Row> rows;
    for (const fixtures::FixtureRow& r : spec.rows) {
        Calls calls;
        for (std::size_t i = 0; i < r.starts.size(); ++i)
            calls.emplace_back(r.starts[i], r.ends[i]);
        rows.push_back({r.rank, r.region, std::move(calls)});
    }
    return makeResults(rows);
}

// How burstRun lays its calls out.
struct BurstShape {
    std::uint64_t regions = 3;           // regions taking turns in the bursts
    int outerCalls = 30;                 // per rank
    std::uint64_t burstCalls = 200;      // at most 50 more than this per outer call
    std::uint64_t switchPercent = 5;     // chance that the next call changes region
    std::int64_t rankOffset = 1'000'000; // rank r starts at (r + 1) * rankOffset
    bool shuffleRows = false;            // rows in random order instead of by key
};

// Long outer calls holding bursts of tiny calls of a few regions, some with a
// nested leaf, zero-length calls, a row recorded at exit, on three ranks.
inline ProfilingResults burstRun(std::uint64_t seed, const BurstShape& shape = {}) {
    fixtures::SplitMix64 random(seed);
    std::vector<std::string> names = {"outer"};
    for (std::uint64_t r = 0; r < shape.regions; ++r)
        names.push_back(shape.regions <= 26 ? std::string(1, static_cast<char>('a' + r))
                                            : "burst " + std::to_string(r));
    std::map<std::pair<std::uint32_t, std::string>, Calls> rows;
    for (std::uint32_t rank = 0; rank < 3; ++rank) {
        std::int64_t at = shape.rankOffset * static_cast<std::int64_t>(rank + 1);
        for (int outer = 0; outer < shape.outerCalls; ++outer) {
            const std::int64_t outerStart = at;
            at += static_cast<std::int64_t>(random.below(50));
            std::string burst = names[1 + random.below(shape.regions)];
            const auto calls = 50 + random.below(shape.burstCalls);
            for (std::uint64_t i = 0; i < calls; ++i) {
                if (random.below(100) < shape.switchPercent)
                    burst = names[1 + random.below(shape.regions)];
                const std::int64_t length = random.below(20) == 0
                                                ? static_cast<std::int64_t>(random.below(5000))
                                                : static_cast<std::int64_t>(random.below(4));
                rows[{rank, burst}].emplace_back(at, at + length);
                if (length > 10 && random.below(2) == 0) {
                    const std::int64_t inner = at + static_cast<std::int64_t>(random.below(5));
                    rows[{rank, "leaf"}].emplace_back(inner, inner + length / 3);
                }
                at += length + static_cast<std::int64_t>(random.below(3));
            }
            at += static_cast<std::int64_t>(random.below(100));
            rows[{rank, "outer"}].emplace_back(outerStart, at);
            at += static_cast<std::int64_t>(random.below(1000));
        }
    }
    std::vector<Row> stored;
    for (auto& [key, calls] : rows)
        stored.push_back({key.first, key.second, calls});
    std::reverse(stored[1].calls.begin(), stored[1].calls.end()); // recorded at exit
    if (shape.shuffleRows)
        for (std::size_t i = stored.size(); i > 1; --i)
            std::swap(stored[i - 1], stored[random.below(i)]);
    return makeResults(stored);
}

inline std::vector<std::pair<QString, ProfilingResults>> timelineRuns() {
    std::vector<std::pair<QString, ProfilingResults>> runs;
    runs.emplace_back(QStringLiteral("bursts"), burstRun(7));
    fixtures::SyntheticRun::Shape shape;
    shape.ranks = 3;
    shape.regions = 7;
    shape.calls = 300;
    shape.withMain = true;
    runs.emplace_back(QStringLiteral("synthetic"),
                      resultsOf(fixtures::SyntheticRun::generate(shape)));
    for (const char* name : {"run_serial.h5", "run_np3.h5", "run_cli_cg.h5", "v3_serial.h5",
                             "c-api/capi_run_rank00000.h5", "c-api/capi_run_rank00001.h5"})
        runs.emplace_back(QString::fromLatin1(name),
                          readH5(std::string(SCOPE_TEST_DATA_DIR "/") + name));
    return runs;
}

} // namespace scope::testing
