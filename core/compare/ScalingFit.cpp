// SPDX-License-Identifier: GPL-3.0-or-later
#include "ScalingFit.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <functional>
#include <stdexcept>
#include <vector>

namespace scope {
namespace {

void checkPoints(std::span<const double> p, std::span<const double> t) {
    if (p.size() != t.size())
        throw std::invalid_argument("scaling fit: " + std::to_string(p.size()) + " p values but " +
                                    std::to_string(t.size()) + " times");
    if (std::any_of(p.begin(), p.end(), [](double x) { return !(x > 0.0) || !std::isfinite(x); }))
        throw std::invalid_argument("scaling fit: every p must be a positive number");
    if (std::adjacent_find(p.begin(), p.end(), std::not_equal_to<>()) == p.end())
        throw std::invalid_argument("scaling fit: the p values must differ");
}

// 1 - SS_res / SS_tot; empty when the data do not vary.
std::optional<double> rSquared(std::span<const double> y, const std::vector<double>& predicted) {
    double mean = 0.0;
    for (const double v : y)
        mean += v;
    mean /= static_cast<double>(y.size());
    double total = 0.0;
    double residual = 0.0;
    for (std::size_t i = 0; i < y.size(); ++i) {
        total += (y[i] - mean) * (y[i] - mean);
        residual += (y[i] - predicted[i]) * (y[i] - predicted[i]);
    }
    if (total <= 0.0)
        return std::nullopt;
    return 1.0 - residual / total;
}

struct Line {
    double intercept = 0.0;
    double slope = 0.0;
};

// Ordinary least squares y = intercept + slope x.
Line fitLine(const std::vector<double>& x, std::span<const double> y) {
    const double n = static_cast<double>(x.size());
    double mx = 0.0;
    double my = 0.0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        mx += x[i];
        my += y[i];
    }
    mx /= n;
    my /= n;
    double sxy = 0.0;
    double sxx = 0.0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        sxy += (x[i] - mx) * (y[i] - my);
        sxx += (x[i] - mx) * (x[i] - mx);
    }
    const double slope = sxy / sxx;
    return {my - slope * mx, slope};
}

} // namespace

double PowerLawFit::predict(double p) const {
    return coefficient * std::pow(p, exponent);
}

double PowerLawFit::growthPerDoubling() const {
    return std::pow(2.0, exponent) - 1.0;
}

AmdahlFit ScalingFit::amdahl(std::span<const double> p, std::span<const double> t) {
    checkPoints(p, t);
    std::vector<double> inverse(p.size());
    for (std::size_t i = 0; i < p.size(); ++i)
        inverse[i] = 1.0 / p[i];
    const Line line = fitLine(inverse, t);
    double a = line.intercept; // t1 s
    double b = line.slope;     // t1 (1 - s)
    if (a < 0.0) {
        // s = 0: t = b/p, least squares through the origin in 1/p.
        double sxy = 0.0;
        double sxx = 0.0;
        for (std::size_t i = 0; i < p.size(); ++i) {
            sxy += inverse[i] * t[i];
            sxx += inverse[i] * inverse[i];
        }
        a = 0.0;
        b = std::max(0.0, sxy / sxx);
    } else if (b < 0.0) {
        // s = 1: the time does not fall with p; the best constant is the mean.
        a = 0.0;
        for (const double v : t)
            a += v;
        a /= static_cast<double>(t.size());
        b = 0.0;
    }
    AmdahlFit fit;
    fit.t1 = a + b;
    fit.serialFraction = fit.t1 > 0.0 ? std::clamp(a / fit.t1, 0.0, 1.0) : 1.0;
    std::vector<double> predicted(p.size());
    for (std::size_t i = 0; i < p.size(); ++i)
        predicted[i] = fit.predict(p[i]);
    fit.r2 = rSquared(t, predicted);
    return fit;
}

std::optional<PowerLawFit> ScalingFit::powerLaw(std::span<const double> p,
                                                std::span<const double> t) {
    checkPoints(p, t);
    if (std::any_of(t.begin(), t.end(), [](double v) { return !(v > 0.0); }))
        return std::nullopt;
    std::vector<double> logP(p.size());
    std::vector<double> logT(t.size());
    for (std::size_t i = 0; i < p.size(); ++i) {
        logP[i] = std::log(p[i]);
        logT[i] = std::log(t[i]);
    }
    const Line line = fitLine(logP, logT);
    PowerLawFit fit;
    fit.exponent = line.slope;
    fit.coefficient = std::exp(line.intercept);
    std::vector<double> predicted(p.size());
    for (std::size_t i = 0; i < p.size(); ++i)
        predicted[i] = line.intercept + line.slope * logP[i];
    fit.r2 = rSquared(logT, predicted);
    return fit;
}

} // namespace scope
