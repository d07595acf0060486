// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "RegionChange.h"

#include <cstddef>
#include <optional>
#include <span>

namespace scope {

class ProfilingResults;
class RankSelection;

// The quantities one side's statistic is a product of: its calls, their
// summed time, the ranks they are spread over and the statistic itself.
struct SideFactors {
    double calls = 0.0;
    double totalSeconds = 0.0;
    double ranks = 1.0;
    double value = 0.0; // the statistic

    // The region on the selected ranks of one run (empty when it made no calls).
    static std::optional<SideFactors> of(const ProfilingResults& run, std::size_t region,
                                         const RankSelection& ranks, ComparisonMetric statistic);
    // Several runs of one side: each quantity's mean over the runs.
    static SideFactors mean(std::span<const SideFactors> runs);
};

// Splits a region's change of the statistic into calls, time per call and
// imbalance with the log-mean Divisia index (LMDI): the statistic is a
// product of factors, V = x1 * x2 (* x3), and with the logarithmic mean
// L(a, b) = (a - b) / (ln a - ln b) the part of factor k is
// L(V_other, V_base) * ln(xk_other / xk_base). The logarithms of the factor
// ratios sum to ln(V_other / V_base), so the parts sum to the change exactly
// and do not depend on the order the factors are taken in.
//   Total:       calls * (total / calls)
//   RankMean:    (calls / ranks) * (total / calls)
//   SlowestRank: (calls / ranks) * (total / calls) * (slowest / (total / ranks))
// Average, Min, Max change only with the time per call; Calls only with the
// calls. A region that is new or removed changes only by its calls (from or
// to none) for the statistics that sum calls; the others are not split.
class ChangeExplanation {
public:
    static ChangeSplit split(ComparisonMetric statistic, const std::optional<SideFactors>& baseline,
                             const std::optional<SideFactors>& other);
    // L(a, b), a for a == b; 0 when either is not positive.
    static double logMean(double a, double b);
    // The relative change of one factor that produced `part` of the change
    // between these values of the statistic (the inverse of split's LMDI):
    // exp(part / L(other, baseline)) - 1. Empty when it is not defined.
    static std::optional<double> factorChange(double part, double baseline, double other);
};

} // namespace scope
