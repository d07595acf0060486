// SPDX-License-Identifier: GPL-3.0-or-later
#include "ChangeExplanation.h"

#include "RunComparison.h"
#include "model/ProfilingResults.h"

#include <cmath>

namespace scope {

std::optional<SideFactors> SideFactors::of(const ProfilingResults& run, std::size_t region,
                                           const RankSelection& ranks, ComparisonMetric statistic) {
    const RegionStats stats = run.pooled(region, ranks);
    if (stats.count == 0)
        return std::nullopt;
    SideFactors factors;
    factors.calls = static_cast<double>(stats.count);
    factors.totalSeconds = stats.total;
    factors.ranks = static_cast<double>(std::max<std::size_t>(1, run.rankCount(ranks)));
    factors.value = RunComparison::value(run, run.regions[region], statistic, ranks).value_or(0.0);
    return factors;
}

SideFactors SideFactors::mean(std::span<const SideFactors> runs) {
    SideFactors mean;
    mean.ranks = 0.0;
    if (runs.empty())
        return mean;
    for (const SideFactors& run : runs) {
        mean.calls += run.calls;
        mean.totalSeconds += run.totalSeconds;
        mean.ranks += run.ranks;
        mean.value += run.value;
    }
    const double n = static_cast<double>(runs.size());
    mean.calls /= n;
    mean.totalSeconds /= n;
    mean.ranks /= n;
    mean.value /= n;
    return mean;
}

double ChangeExplanation::logMean(double a, double b) {
    if (a <= 0.0 || b <= 0.0)
        return 0.0;
    // ln a - ln b loses every digit as a approaches b; L(a, a) = a.
    if (std::abs(a - b) <= 1e-12 * std::max(a, b))
        return 0.5 * (a + b);
    return (a - b) / (std::log(a) - std::log(b));
}

std::optional<double> ChangeExplanation::factorChange(double part, double baseline, double other) {
    const double mean = logMean(other, baseline);
    if (mean <= 0.0)
        return std::nullopt;
    return std::exp(part / mean) - 1.0;
}

namespace {

// The factors each statistic is the product of, per side.
struct Factors {
    double calls = 0.0;
    double perCall = 0.0;
    double imbalance = 1.0;
};

Factors factorsOf(ComparisonMetric statistic, const SideFactors& side) {
    Factors f;
    const double perRank = statistic == ComparisonMetric::Total ? 1.0 : side.ranks;
    f.calls = side.calls / perRank;
    f.perCall = side.calls > 0.0 ? side.totalSeconds / side.calls : 0.0;
    // Whatever the statistic holds beyond calls x time per call: for the
    // slowest rank, slowest / mean rank total; exactly 1 for the others (up
    // to rounding, which the per-call part absorbs).
    if (statistic == ComparisonMetric::SlowestRank && f.calls > 0.0 && f.perCall > 0.0)
        f.imbalance = side.value / (f.calls * f.perCall);
    return f;
}

} // namespace

ChangeSplit ChangeExplanation::split(ComparisonMetric statistic,
                                     const std::optional<SideFactors>& baseline,
                                     const std::optional<SideFactors>& other) {
    ChangeSplit split;
    if (!baseline && !other)
        return split;
    const double change = (other ? other->value : 0.0) - (baseline ? baseline->value : 0.0);
    if (!baseline || !other) {
        if (countsCalls(statistic) || statistic == ComparisonMetric::Calls)
            split.calls = change;
        return split;
    }
    switch (statistic) {
    case ComparisonMetric::Average:
    case ComparisonMetric::Min:
    case ComparisonMetric::Max:
        split.perCall = change;
        return split;
    case ComparisonMetric::Calls:
        split.calls = change;
        return split;
    case ComparisonMetric::Total:
    case ComparisonMetric::RankMean:
    case ComparisonMetric::SlowestRank:
        break;
    }
    const Factors b = factorsOf(statistic, *baseline);
    const Factors o = factorsOf(statistic, *other);
    const double weight = logMean(other->value, baseline->value);
    if (weight <= 0.0 || b.calls <= 0.0 || o.calls <= 0.0 || b.imbalance <= 0.0 ||
        o.imbalance <= 0.0) {
        // A zero total (calls of no measurable length) has no logarithm: the
        // time per call is all that can have moved it.
        split.perCall = change;
        return split;
    }
    split.calls = weight * std::log(o.calls / b.calls);
    if (statistic == ComparisonMetric::SlowestRank)
        split.imbalance = weight * std::log(o.imbalance / b.imbalance);
    // The remainder rather than its own logarithm, so that the three sum to
    // the change to the last bit.
    split.perCall = change - split.calls - split.imbalance;
    return split;
}

} // namespace scope
