// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ScalingFit.h"
#include "model/ComparisonMetric.h"
#include "model/ExportSelection.h"
#include "model/ProfilingResults.h"

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace scope {

// Strong scaling: the same total work spread over more units, so the ideal
// time falls as 1/p. Weak scaling: the work grows with p, so the ideal time
// stays the same. The files do not record which one a study is, so the
// caller says so; strong is the default.
enum class ScalingMode { Strong, Weak };

struct ScalingOptions {
    // "ranks" (the run's rank count), "threads" (omp_num_threads),
    // "total_cores" (ranks x threads) or any metadata field holding a number.
    std::string axis = "ranks";
    ScalingMode mode = ScalingMode::Strong;
    // The run's time of a region: the slowest rank's total, the wall time it
    // holds the run up for.
    ComparisonMetric metric = ComparisonMetric::SlowestRank;
    ExportSelection selection;
};

struct ScalingRun {
    std::size_t input = 0; // index into the runs given to compute()
    std::string path;
    double value = 0.0; // on the axis
};

// One region's models over the study.
struct RegionScaling {
    std::string region;
    std::vector<double> times; // per ScalingStudy::runs, seconds (the metric)
    // Strong scaling only; empty in weak mode, where Amdahl's law does not apply.
    std::optional<AmdahlFit> amdahl;
    std::optional<PowerLawFit> powerLaw; // empty when a time is 0
    // Per ScalingStudy::runs. Strong: t(p0) p0 / (t(p) p); weak: t(p0) / t(p),
    // with p0 the smallest axis value and t(p0) the mean of the runs there.
    std::vector<double> efficiency;
    // The smallest p (the measured values and the powers of two up to 2^20,
    // from the smallest measured value on) at which the region's predicted
    // exclusive time is more than half of all regions' predicted exclusive
    // time together; empty when it never is. Exclusive times are the slowest
    // rank's where the run has them, else the totals (and then a region that
    // holds the others, like main, counts their time too). Predicted in
    // strong scaling by Amdahl's law, or the power law where that fits the
    // measured exclusive times closer (least squared residuals); in weak
    // scaling by the power law.
    std::optional<double> dominatesAt;
};

struct ScalingStudy {
    std::string axis;
    ScalingMode mode = ScalingMode::Strong;
    ComparisonMetric metric = ComparisonMetric::SlowestRank;
    std::vector<ScalingRun> runs; // ordered by axis value, ties in the order given
    // The regions every run has calls of, in the first run's order.
    std::vector<RegionScaling> regions;
};

// Scaling models per region over three or more runs that differ along one axis.
class ScalingModel {
public:
    // Throws std::invalid_argument for fewer than three runs, a run without a
    // positive number on the axis (naming it), or runs that all share one
    // axis value. Runs sharing a value are fitted as separate points.
    static ScalingStudy compute(std::span<const ProfilingResults* const> runs,
                                const ScalingOptions& options = {});

    // The axes the runs differ along, as compute() names them: "ranks",
    // "threads", "total_cores", then numeric metadata fields. Empty for fewer
    // than three runs.
    static std::vector<std::string> availableAxes(std::span<const ProfilingResults* const> runs);

    // The axis value of one run; throws std::invalid_argument when it has none.
    static double axisValue(const ProfilingResults& run, std::string_view axis);

    // "strong", "weak"
    static std::string_view modeName(ScalingMode mode);
    static std::optional<ScalingMode> parseMode(std::string_view name);
};

} // namespace scope
