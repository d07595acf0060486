// SPDX-License-Identifier: GPL-3.0-or-later
#include "ScalingModel.h"

#include "RunComparison.h"
#include "SpeedupSeries.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <variant>

namespace scope {
namespace {

std::optional<double> numberOf(const MetadataValue& value) {
    if (const auto* i = std::get_if<std::int64_t>(&value))
        return static_cast<double>(*i);
    if (const auto* d = std::get_if<double>(&value))
        return *d;
    if (const auto* s = std::get_if<std::string>(&value)) {
        // Some writers store the thread count as text.
        double parsed = 0.0;
        const char* end = s->data() + s->size();
        auto [ptr, ec] = std::from_chars(s->data(), end, parsed);
        if (!s->empty() && ec == std::errc() && ptr == end)
            return parsed;
    }
    return std::nullopt;
}

std::optional<double> metadataNumber(const ProfilingResults& run, std::string_view field) {
    const MetadataValue* value = run.metadata.find(field);
    return value != nullptr ? numberOf(*value) : std::nullopt;
}

// The region's exclusive time in the run, as the metric counts time over the
// ranks; the metric's own value where a rank lacks exclusive times.
double exclusiveTime(const ProfilingResults& run, std::size_t region, double metricValue,
                     const ScalingOptions& options) {
    const RankSelection& ranks = options.selection.ranks();
    double slowest = 0.0;
    for (const RankRegion& row : run.rowsOf(region)) {
        if (!ranks.contains(row.rank))
            continue;
        if (!row.exclusiveNs)
            return metricValue;
        slowest = std::max(slowest, static_cast<double>(*row.exclusiveNs) / 1e9);
    }
    switch (options.metric) {
    case ComparisonMetric::SlowestRank:
        return slowest;
    case ComparisonMetric::Total:
        return run.pooled(region, ranks).exclusive.value_or(metricValue);
    case ComparisonMetric::RankMean:
        return run.pooled(region, ranks).exclusive.value_or(metricValue) /
               static_cast<double>(std::max<std::size_t>(1, run.rankCount(ranks)));
    default:
        return metricValue;
    }
}

// The p at which dominance is tested: the measured values and the powers of
// two up to 2^20, none below the smallest measured value.
std::vector<double> candidatePoints(const std::vector<ScalingRun>& runs) {
    std::vector<double> points;
    for (const ScalingRun& run : runs)
        points.push_back(run.value);
    const double smallest = runs.front().value;
    for (int k = 0; k <= 20; ++k)
        if (std::ldexp(1.0, k) >= smallest)
            points.push_back(std::ldexp(1.0, k));
    std::sort(points.begin(), points.end());
    points.erase(std::unique(points.begin(), points.end()), points.end());
    return points;
}

// A half that equals the rest up to rounding is no more than half.
constexpr double kTie = 1e-9;

double squaredResiduals(std::span<const double> p, std::span<const double> t, auto model) {
    double sum = 0.0;
    for (std::size_t i = 0; i < p.size(); ++i)
        sum += (t[i] - model(p[i])) * (t[i] - model(p[i]));
    return sum;
}

// The region's exclusive time at each candidate p. Strong scaling: Amdahl's
// law, which keeps the serial part that makes a region dominate, unless the
// power law fits the measured times closer (a time that grows with p, such as
// communication, has no Amdahl model). Weak scaling: the power law.
std::vector<double> predictExclusive(std::span<const double> p, std::span<const double> exclusive,
                                     ScalingMode mode, const std::vector<double>& candidates) {
    std::vector<double> curve(candidates.size(), 0.0);
    const std::optional<PowerLawFit> power = ScalingFit::powerLaw(p, exclusive);
    bool usePower = power.has_value();
    std::optional<AmdahlFit> amdahl;
    if (mode == ScalingMode::Strong) {
        amdahl = ScalingFit::amdahl(p, exclusive);
        usePower =
            power && squaredResiduals(p, exclusive, [&](double x) { return power->predict(x); }) <
                         squaredResiduals(
                             p, exclusive, [&](double x) { return amdahl->predict(x); });
    }
    for (std::size_t c = 0; c < candidates.size(); ++c) {
        if (usePower)
            curve[c] = power->predict(candidates[c]);
        else if (amdahl)
            curve[c] = amdahl->predict(candidates[c]);
    }
    return curve;
}

} // namespace

double ScalingModel::axisValue(const ProfilingResults& run, std::string_view axis) {
    std::optional<double> value;
    if (axis == "ranks" || axis == "num_ranks") {
        value = static_cast<double>(run.numRanks);
    } else if (axis == "threads" || axis == "omp_num_threads") {
        value = metadataNumber(run, "omp_num_threads");
    } else if (axis == "total_cores") {
        if (const auto threads = metadataNumber(run, "omp_num_threads"))
            value = *threads * static_cast<double>(run.numRanks);
    } else {
        value = metadataNumber(run, axis);
    }
    if (!value || !std::isfinite(*value) || *value <= 0.0)
        throw std::invalid_argument("scaling: " + run.path + " has no positive number for '" +
                                    std::string(axis) + "'");
    return *value;
}

ScalingStudy ScalingModel::compute(std::span<const ProfilingResults* const> runs,
                                   const ScalingOptions& options) {
    if (runs.size() < 3)
        throw std::invalid_argument("scaling needs three or more runs, got " +
                                    std::to_string(runs.size()));
    ScalingStudy study;
    study.axis = options.axis;
    study.mode = options.mode;
    study.metric = options.metric;
    for (std::size_t i = 0; i < runs.size(); ++i)
        study.runs.push_back({i, runs[i]->path, axisValue(*runs[i], options.axis)});
    std::stable_sort(study.runs.begin(), study.runs.end(),
                     [](const ScalingRun& a, const ScalingRun& b) { return a.value < b.value; });
    if (study.runs.front().value == study.runs.back().value)
        throw std::invalid_argument("scaling: every run has " + options.axis + " = " +
                                    Metadata::display(study.runs.front().value) +
                                    "; the runs must differ along the axis");

    std::vector<double> p;
    for (const ScalingRun& run : study.runs)
        p.push_back(run.value);
    const std::size_t atSmallest =
        static_cast<std::size_t>(std::count(p.begin(), p.end(), p.front()));
    const std::vector<double> candidates = candidatePoints(study.runs);
    // Predicted exclusive time of each region at each candidate p.
    std::vector<std::vector<double>> predicted;

    std::vector<const ProfilingResults*> ordered;
    for (const ScalingRun& run : study.runs)
        ordered.push_back(runs[run.input]);
    for (const std::string& name : options.selection.commonRegions(ordered)) {
        RegionScaling region;
        region.region = name;
        std::vector<double> exclusive;
        bool timed = true;
        for (const ProfilingResults* run : ordered) {
            const auto value =
                RunComparison::value(*run, name, options.metric, options.selection.ranks());
            if (!value) {
                timed = false; // no calls on the selected ranks of this run
                break;
            }
            region.times.push_back(*value);
            exclusive.push_back(exclusiveTime(*run, *run->regionIndex(name), *value, options));
        }
        if (!timed)
            continue;
        region.powerLaw = ScalingFit::powerLaw(p, region.times);
        if (options.mode == ScalingMode::Strong)
            region.amdahl = ScalingFit::amdahl(p, region.times);

        const double base =
            std::accumulate(region.times.begin(), region.times.begin() + atSmallest, 0.0) /
            static_cast<double>(atSmallest);
        for (std::size_t i = 0; i < p.size(); ++i) {
            const double scale = options.mode == ScalingMode::Strong ? p.front() / p[i] : 1.0;
            region.efficiency.push_back(region.times[i] > 0.0
                                            ? base * scale / region.times[i]
                                            : std::numeric_limits<double>::quiet_NaN());
        }

        predicted.push_back(predictExclusive(p, exclusive, options.mode, candidates));
        study.regions.push_back(std::move(region));
    }

    for (std::size_t c = 0; c < candidates.size(); ++c) {
        double all = 0.0;
        for (const std::vector<double>& curve : predicted)
            all += curve[c];
        for (std::size_t r = 0; r < study.regions.size(); ++r)
            if (!study.regions[r].dominatesAt && predicted[r][c] > 0.5 * all * (1.0 + kTie))
                study.regions[r].dominatesAt = candidates[c];
    }
    return study;
}

std::vector<std::string>
ScalingModel::availableAxes(std::span<const ProfilingResults* const> runs) {
    std::vector<std::string> axes;
    if (runs.size() < 3)
        return axes;
    for (const std::string& field : SpeedupSeries::availableFields(runs)) {
        const std::string axis = field == "num_ranks"         ? "ranks"
                                 : field == "omp_num_threads" ? "threads"
                                                              : field;
        // The fits take logarithms and 1/p: every value must be positive.
        const bool positive = std::all_of(runs.begin(), runs.end(), [&](const auto* run) {
            try {
                axisValue(*run, axis);
                return true;
            } catch (const std::invalid_argument&) {
                return false;
            }
        });
        if (positive)
            axes.push_back(axis);
    }
    return axes;
}

std::string_view ScalingModel::modeName(ScalingMode mode) {
    return mode == ScalingMode::Strong ? "strong" : "weak";
}

std::optional<ScalingMode> ScalingModel::parseMode(std::string_view name) {
    if (name == "strong")
        return ScalingMode::Strong;
    if (name == "weak")
        return ScalingMode::Weak;
    return std::nullopt;
}

} // namespace scope
