// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace scope {

struct MannWhitneyResult {
    double u = 0.0; // pairs (x, y) with x > y, ties counting 1/2
    double z = 0.0; // standardised U, continuity-corrected; 0 when exact
    double p = 1.0; // two-sided
    bool exact = false;
    // The smallest two-sided p any arrangement of samples of these sizes
    // could give: above alpha, the test cannot tell a change from noise
    // however large it is (1 call against 3 never gets below 0.5).
    double smallestP = 1.0;
};

// The two-sided Mann–Whitney U test (Wilcoxon rank-sum) of two samples. Both
// sides come sorted, so the pooled ranks are one merge, without a pooled copy.
class MannWhitney {
public:
    // The largest side for which the exact null distribution is counted.
    static constexpr std::size_t kExactMax = 20;

    // x and y sorted ascending; y's values are multiplied by yScale (> 0,
    // which keeps them sorted) before they are compared with x's. Exact when
    // both sides have at most kExactMax values and no value ties; otherwise the
    // normal approximation, its variance corrected for ties,
    //   var U = m n / 12 ((N + 1) - sum(t^3 - t) / (N (N - 1))),
    // and |U - m n / 2| reduced by 1/2 for continuity. p = 1 with an empty side.
    static MannWhitneyResult test(std::span<const std::int64_t> x, std::span<const std::int64_t> y,
                                  double yScale = 1.0);
    // P(|U - m n / 2| >= |u - m n / 2|) under the null hypothesis, from the
    // counts of the arrangements of m and n values by U (no ties), capped at 1.
    static double exactTwoSided(std::size_t m, std::size_t n, double u);
};

} // namespace scope
