// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The hand-worked run of the tests of what the results keep of their calls
// (percentiles, histograms), and the results' encoding they cross.
#include "HandMadeRun.h"
#include "isolate/ByteReader.h"
#include "isolate/ByteWriter.h"
#include "isolate/ResultsHeader.h"

namespace scope::testing {

// solve: rank 0 takes 10, 20, 30 and 40 ns, rank 1 50 ns; io: one call of
// 7 ns on rank 1. Pooled, solve's five sorted durations give (NumPy's linear
// interpolation, position q/100 * 4): p50 at 2 = 30 ns; p90 at 3.6 = 40 +
// 0.6 * 10 = 46 ns; p95 at 3.8 = 48 ns; p99 at 3.96 = 49.6 ns.
inline ProfilingResults keptHandRun() {
    return makeResults({{0, "solve", {{0, 10}, {10, 30}, {30, 60}, {60, 100}}},
                        {1, "solve", {{5, 55}}},
                        {1, "io", {{60, 67}}}});
}

// `results` through the encoding of the read helper, the index and the SSH
// payload (ResultsHeader), without calls.
inline ProfilingResults roundTrip(const ProfilingResults& results) {
    isolate::ByteWriter out;
    isolate::ResultsHeader::encode(results, EventPlan(), {}, out);
    isolate::ByteReader in(out.bytes(), "run.h5", "reading the results");
    PlannedRead read;
    isolate::ResultsHeader::ColumnPlace place;
    isolate::ResultsHeader::decode(in, read, place);
    read.results.finalize();
    return std::move(read.results);
}

} // namespace scope::testing
