// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ComparisonMetric.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace scope {

class ProfilingResults;
class RankSelection;

// The per-call durations (ns) of one region on the selected ranks of one run,
// rank by rank: the sample a significance test draws on.
struct RegionSample {
    std::vector<std::int64_t> durationsNs; // all calls, rank after rank
    std::vector<std::size_t> rankBegin;    // calls of rank i: [rankBegin[i], rankBegin[i+1])
    std::vector<std::uint32_t> ranks;      // the rank of each slice
    std::size_t selectedRanks = 0;         // ranks of the selection, those without calls included
    bool perCallData = false;              // false: the run holds no per-call data for it

    // Reads them from the run's event columns or, for a run read under a
    // memory budget, through its CallSource in bounded pieces (end - start of
    // each call); a run on another host asks its host (callsElsewhere). Only
    // ranks with calls get a slice (rankBegin has one entry more than ranks).
    // A summary-only or aggregate-layout run (neither events nor a CallSource
    // nor a host) gives perCallData false and no durations; selectedRanks is
    // run.rankCount(ranks) either way. Throws what the CallSource or the host
    // throws, and CorruptProfileError when the host's calls are not the
    // table's.
    static RegionSample of(const ProfilingResults& run, std::size_t region,
                           const RankSelection& ranks);
};

struct SignificanceOptions {
    ComparisonMetric statistic = ComparisonMetric::Total;
    std::size_t resamples = 2000; // bootstrap resamples (at least 1,000 are drawn)
    std::uint64_t seed = 0x5c09e; // fixed: the same runs give the same interval
    double confidence = 0.95;
    // Above this many calls on a side the bootstrap mean of that side is drawn
    // from its normal limit instead of by resampling every call, which bounds
    // the time of a region at resamples x 2 x resampleCap draws.
    std::size_t resampleCap = 20000;
    unsigned threads = 0; // 0: every core
};

// The uncorrected test of one region between two runs.
struct RegionSignificance {
    std::optional<double> pValue;       // two-sided; empty without per-call data
    std::optional<double> ciLowPercent; // of the statistic's relative change
    std::optional<double> ciHighPercent;
    bool exact = false; // exact U distribution (small samples), else normal with tie correction
    // The smallest p the test could give with these many calls
    // (MannWhitneyResult::smallestP); 0 for the tests across runs.
    double smallestP = 0.0;
};

// Significance of one region's change between two runs.
//
// test(): a two-sided Mann–Whitney U test between the sides' per-call
// durations. Exact (the null distribution of U counted by the recursion
// f(m, n, u) = f(m - 1, n, u - n) + f(m, n - 1, u)) when both sides have at
// most 20 calls and no two values tie; otherwise the normal approximation with
// the tie-corrected variance and a continuity correction of 1/2.
//
// The null hypothesis is "the chosen statistic is unchanged". For statistics
// that sum calls (countsCalls: Total, RankMean, SlowestRank) the other side's
// durations are multiplied by amount(other) / amount(base) before the test,
// the amount being the number of calls (Total), the calls per selected rank
// (RankMean) or the calls of the slowest rank (SlowestRank, whose sample is
// that rank's calls alone on each side): 20 % more calls at the same time per
// call is then a significant change of the total, and equal amounts give the
// plain test. Average, Min and Max test the durations unscaled. Calls is
// never tested: the count is exact, not a sample (empty p and interval).
//
// The interval: a percentile bootstrap of the statistic's relative change in
// percent, amount ratio x resampled mean(other) / resampled mean(base) - 1,
// each side resampled on its own with a fixed seed (the same runs give the
// same interval whatever the number of threads). Above resampleCap calls a
// side's resampled mean is drawn from N(mean, variance / n) instead: by the
// central limit theorem that is what resampling tens of thousands of calls
// gives, at a cost that does not grow with the calls. Min and Max get no
// interval: the bootstrap of an extreme is not consistent (a resample can
// never exceed the sample's extreme), so its percentiles would mislead.
class Significance {
public:
    // Empty p and interval when a side has no calls or no per-call data.
    static RegionSignificance test(const RegionSample& baseline, const RegionSample& other,
                                   const SignificanceOptions& options);
    // Several runs per side: the test across runs on the run-level values of
    // the statistic. With 3 runs against 3 the smallest two-sided exact
    // Mann–Whitney p is 2/20 = 0.1, so a rank test could never reach alpha =
    // 0.01; instead Welch's t-test on the logarithms of the values (the noise
    // of run times is multiplicative), and the interval of the ratio of their
    // geometric means from Welch's t with the Welch–Satterthwaite degrees of
    // freedom. Empty with fewer than 2 values on a side or a value <= 0.
    static RegionSignificance acrossRuns(std::span<const double> baseline,
                                         std::span<const double> other,
                                         const SignificanceOptions& options);
    // Runs per side that would detect a change of changePercent of the
    // statistic at the run-to-run noise of these values (two-sided alpha, 80 %
    // power), by the normal approximation n = 2 (z(1 - alpha/2) + z(0.8))^2
    // cv^2 / delta^2 rounded up and at least 2, cv the coefficient of
    // variation pooled over the sides (each side's sd / mean, weighted by its
    // degrees of freedom). Empty without a side of at least 2 values or with
    // a mean <= 0.
    static std::optional<std::size_t> repeatsFor(std::span<const double> baseline,
                                                 std::span<const double> other, double alpha,
                                                 double changePercent = 1.0);
    // Holm's step-down correction: the i-th smallest of m p-values becomes
    // max over j <= i of (m - j + 1) p_(j), capped at 1, so the adjusted values
    // keep the order of the raw ones. Empty entries stay empty and do not count
    // in m.
    static std::vector<std::optional<double>> holm(std::span<const std::optional<double>> p);
};

} // namespace scope
