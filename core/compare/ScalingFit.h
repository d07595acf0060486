// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <optional>
#include <span>

namespace scope {

// t(p) = t1 (s + (1 - s) / p): Amdahl's law for a fixed amount of work.
struct AmdahlFit {
    double serialFraction = 0.0; // s, in [0, 1]
    double t1 = 0.0;             // the time on one unit (p = 1), seconds
    std::optional<double> r2;    // empty when every time is the same (nothing to explain)

    double predict(double p) const { return t1 * (serialFraction + (1.0 - serialFraction) / p); }
};

// t(p) = c p^alpha, fitted on log t against log p.
struct PowerLawFit {
    double exponent = 0.0;    // alpha: -1 is perfect strong scaling, 0 perfect weak scaling
    double coefficient = 0.0; // c, seconds
    std::optional<double> r2; // of the log-log fit; empty when every time is the same

    double predict(double p) const;
    // The relative time growth when p doubles: 2^alpha - 1 (0.05 is 5 % slower).
    double growthPerDoubling() const;
};

// Least-squares fits of times measured at several p. The p must be positive
// and hold at least two distinct values (std::invalid_argument otherwise).
class ScalingFit {
public:
    // Linear least squares of t on 1/p: t = a + b/p, s = a / (a + b). When
    // the unconstrained s falls outside [0, 1], the fit is redone with s
    // fixed at the bound (a = 0 or b = 0), so the model stays the best one
    // with a serial fraction that can be.
    static AmdahlFit amdahl(std::span<const double> p, std::span<const double> t);
    // Empty when a time is not positive (no logarithm).
    static std::optional<PowerLawFit> powerLaw(std::span<const double> p,
                                               std::span<const double> t);
};

} // namespace scope
