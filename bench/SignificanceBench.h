// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace scope::bench {

// The "Significance" section of scope-bench: the per-region test of a pair of
// runs of 16 ranks x 12 regions x 100k calls (19.2 M calls each, built in
// memory, not timed), every region read as RegionSample and tested on the
// Total: Mann–Whitney U over all calls and the bootstrap interval.
class SignificanceBench {
public:
    // `quick`: 10k calls a region instead of 100k.
    static void measure(bool quick, int repeat);
};

} // namespace scope::bench
