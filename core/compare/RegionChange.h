// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ComparisonMetric.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace scope {

// What became of a region between the baseline side and the other side.
enum class Verdict { Slower, Faster, Unchanged, New, Removed };
std::string_view verdictName(Verdict verdict); // "slower", "faster", "unchanged", "new", "removed"

// How much of a region's change of the statistic (other - baseline, in the
// statistic's unit) comes from each cause; the three sum to the change.
struct ChangeSplit {
    double calls = 0.0;     // the number of calls (per rank for the per-rank statistics)
    double perCall = 0.0;   // the mean time per call
    double imbalance = 0.0; // the slowest rank against the mean (SlowestRank only)
};

// One call path below (and including) the region whose exclusive time moved:
// "solve > rhs.eval". Share is its part of the change of the region's total
// time; the shares of a region's paths sum to 1.
struct PathShare {
    std::string path;
    double share = 0.0;
    double deltaSeconds = 0.0;
};

// One region of a comparison: the statistic on both sides, its relative
// change with a 95 % confidence interval, the corrected p-value and the
// verdict, and why it changed.
struct RegionChange {
    std::string name;
    // Set when the region was matched to a differently named one of the
    // baseline by its source file and line: the baseline's name.
    std::optional<std::string> renamedFrom;
    std::optional<double> baseline; // the statistic; empty when the side lacks the region
    std::optional<double> other;
    std::optional<double> changePercent; // (other - baseline) / baseline * 100
    std::optional<double> ciLowPercent;  // bootstrap 95 % interval of changePercent
    std::optional<double> ciHighPercent;
    std::optional<double> pValue; // corrected across regions (DiffReport::correction)
    Verdict verdict = Verdict::Unchanged;
    // False when either side was read without per-call data (summary-only,
    // aggregate layout): the verdict then comes from the totals alone.
    bool perCallData = true;
    // True when the sides have so few calls that no test could reach alpha
    // (MannWhitneyResult::smallestP): the verdict then comes from the totals
    // alone, and pValue is empty.
    bool tooFewCalls = false;
    ChangeSplit explained;
    std::vector<PathShare> paths; // largest |share| first
    // imbalance pattern of the other side, ImbalancePattern's name; "" unknown
    std::string imbalancePattern;
    // Several runs per side: how many runs per side would detect a 1 % change
    // at the run-to-run noise seen (empty with one run per side).
    std::optional<std::size_t> repeatsFor1Percent;
};

struct DiffReport {
    std::vector<std::string> baselineFiles;
    std::vector<std::string> otherFiles;
    ComparisonMetric statistic = ComparisonMetric::Total;
    double alpha = 0.01;
    double thresholdPercent = 1.0;
    std::string correction = "holm"; // how the p-values were corrected across regions
    // Changed regions first (by |change of the statistic|, largest first), then
    // new and removed, then unchanged; ties by name.
    std::vector<RegionChange> regions;
};

} // namespace scope
