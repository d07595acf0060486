// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace scope {

// The few distribution functions the significance tests need, in plain C++
// (no statistics library is a dependency of the core).
class Distributions {
public:
    // Standard normal: P(Z <= x) and its inverse (0 < p < 1).
    static double normalCdf(double x);
    static double normalQuantile(double p);
    // Student's t with `df` (> 0, not necessarily whole) degrees of freedom:
    // P(|T| >= |t|), and the t with P(|T| >= t) = tail (0 < tail < 1).
    static double studentTwoSided(double t, double df);
    static double studentTwoSidedQuantile(double tail, double df);
    // The regularised incomplete beta function I_x(a, b), 0 <= x <= 1.
    static double incompleteBeta(double x, double a, double b);
};

} // namespace scope
