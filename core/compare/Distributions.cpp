// SPDX-License-Identifier: GPL-3.0-or-later
#include "Distributions.h"

#include <cmath>
#include <limits>

namespace scope {

namespace {

// The continued fraction of I_x(a, b) (modified Lentz), converging for
// x < (a + 1) / (a + b + 2).
double betaFraction(double x, double a, double b) {
    constexpr double tiny = 1e-300;
    constexpr double epsilon = 1e-15;
    double c = 1.0;
    double d = 1.0 - (a + b) * x / (a + 1.0);
    d = std::abs(d) < tiny ? tiny : d;
    d = 1.0 / d;
    double h = d;
    for (int k = 1; k <= 500; ++k) {
        const double dk = k;
        const double even = dk * (b - dk) * x / ((a + 2 * dk - 1) * (a + 2 * dk));
        d = 1.0 + even * d;
        d = std::abs(d) < tiny ? tiny : d;
        c = 1.0 + even / c;
        c = std::abs(c) < tiny ? tiny : c;
        d = 1.0 / d;
        h *= d * c;
        const double odd = -(a + dk) * (a + b + dk) * x / ((a + 2 * dk) * (a + 2 * dk + 1));
        d = 1.0 + odd * d;
        d = std::abs(d) < tiny ? tiny : d;
        c = 1.0 + odd / c;
        c = std::abs(c) < tiny ? tiny : c;
        d = 1.0 / d;
        const double step = d * c;
        h *= step;
        if (std::abs(step - 1.0) < epsilon)
            break;
    }
    return h;
}

// The x in [low, high] where the decreasing f crosses `target`.
template <class F> double bisect(F f, double target, double low, double high) {
    for (int i = 0; i < 200 && high - low > 1e-14 * std::max(1.0, std::abs(low)); ++i) {
        const double mid = 0.5 * (low + high);
        (f(mid) > target ? low : high) = mid;
    }
    return 0.5 * (low + high);
}

} // namespace

double Distributions::normalCdf(double x) {
    return 0.5 * std::erfc(-x / std::sqrt(2.0));
}

double Distributions::normalQuantile(double p) {
    if (!(p > 0.0 && p < 1.0))
        return std::numeric_limits<double>::quiet_NaN();
    // P(Z > x) decreases in x.
    return bisect([](double x) { return 1.0 - normalCdf(x); }, 1.0 - p, -40.0, 40.0);
}

double Distributions::incompleteBeta(double x, double a, double b) {
    if (x <= 0.0)
        return 0.0;
    if (x >= 1.0)
        return 1.0;
    const double front = std::exp(std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) +
                                  a * std::log(x) + b * std::log1p(-x));
    if (x < (a + 1.0) / (a + b + 2.0))
        return front * betaFraction(x, a, b) / a;
    return 1.0 - front * betaFraction(1.0 - x, b, a) / b;
}

double Distributions::studentTwoSided(double t, double df) {
    if (std::isinf(t))
        return 0.0;
    return incompleteBeta(df / (df + t * t), df / 2.0, 0.5);
}

double Distributions::studentTwoSidedQuantile(double tail, double df) {
    if (!(tail > 0.0 && tail < 1.0) || !(df > 0.0))
        return std::numeric_limits<double>::quiet_NaN();
    double high = 1.0;
    while (studentTwoSided(high, df) > tail && high < 1e12)
        high *= 2.0;
    return bisect([df](double t) { return studentTwoSided(t, df); }, tail, 0.0, high);
}

} // namespace scope
