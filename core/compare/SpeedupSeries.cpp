// SPDX-License-Identifier: GPL-3.0-or-later
#include "SpeedupSeries.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <optional>
#include <stdexcept>
#include <variant>

namespace scope {
namespace {

bool isScalingField(std::string_view field) {
    return field == "num_ranks" || field == "omp_num_threads" || field == "total_cores";
}

std::string axisLabel(std::string_view field) {
    if (field == "num_ranks")
        return "MPI ranks";
    if (field == "omp_num_threads")
        return "OpenMP threads";
    if (field == "total_cores")
        return "MPI ranks \xC3\x97 OpenMP threads";
    return std::string(field);
}

// Python's int(value) for the metadata types the writers store.
std::optional<std::int64_t> asInteger(const MetadataValue& value) {
    if (const auto* i = std::get_if<std::int64_t>(&value))
        return *i;
    if (const auto* d = std::get_if<double>(&value))
        return std::isfinite(*d) ? std::optional(static_cast<std::int64_t>(*d)) : std::nullopt;
    if (const auto* s = std::get_if<std::string>(&value)) {
        std::string_view text = *s;
        while (!text.empty() && text.front() == ' ')
            text.remove_prefix(1);
        while (!text.empty() && text.back() == ' ')
            text.remove_suffix(1);
        std::int64_t parsed = 0;
        const char* end = text.data() + text.size();
        auto [ptr, ec] = std::from_chars(text.data(), end, parsed);
        if (!text.empty() && ec == std::errc() && ptr == end)
            return parsed;
    }
    return std::nullopt;
}

std::int64_t ompThreads(const ProfilingResults& run) {
    const MetadataValue* value = run.metadata.find("omp_num_threads");
    const auto threads = value != nullptr ? asInteger(*value) : std::nullopt;
    if (!threads)
        throw std::invalid_argument("'omp_num_threads' not found in metadata for " + run.path);
    return *threads;
}

// The x value of one run: a number for scaling fields and numeric metadata,
// otherwise the metadata value as shown.
struct XValue {
    std::optional<double> number;
    std::string key;
};

XValue xValueOf(const ProfilingResults& run, std::string_view field) {
    if (field == "num_ranks")
        return {static_cast<double>(run.numRanks), std::to_string(run.numRanks)};
    if (field == "omp_num_threads") {
        const std::int64_t threads = ompThreads(run);
        return {static_cast<double>(threads), std::to_string(threads)};
    }
    if (field == "total_cores") {
        const std::int64_t cores = static_cast<std::int64_t>(run.numRanks) * ompThreads(run);
        return {static_cast<double>(cores), std::to_string(cores)};
    }
    const MetadataValue* value = run.metadata.find(field);
    if (value == nullptr) {
        std::string available;
        for (const MetadataEntry& entry : run.metadata.entries)
            available += (available.empty() ? "" : ", ") + entry.key;
        throw std::invalid_argument("metadata field '" + std::string(field) + "' not found for " +
                                    run.path + " (available: " + available + ")");
    }
    XValue x{std::nullopt, Metadata::display(*value)};
    if (const auto* i = std::get_if<std::int64_t>(value))
        x.number = static_cast<double>(*i);
    else if (const auto* d = std::get_if<double>(value))
        x.number = *d;
    return x;
}

double meanOf(const std::vector<double>& samples) {
    double sum = 0.0;
    for (const double s : samples)
        sum += s;
    return sum / static_cast<double>(samples.size());
}

} // namespace

SpeedupSeries SpeedupSeries::compute(std::span<const ProfilingResults* const> runs,
                                     std::string_view xField, const ExportSelection& selection) {
    if (runs.size() < 2)
        throw std::invalid_argument("a speedup chart needs at least two runs");
    SpeedupSeries series;
    series.xField = std::string(xField);
    series.xLabel = axisLabel(xField);

    std::vector<XValue> xs;
    for (const ProfilingResults* run : runs)
        xs.push_back(xValueOf(*run, xField));
    series.numeric =
        isScalingField(xField) || std::all_of(xs.begin(), xs.end(), [](const XValue& x) {
            return x.number && std::isfinite(*x.number);
        });

    // Axis order: numeric fields ascending (the baseline is the smallest x),
    // categories in the order the runs were given, as pproc does.
    std::vector<std::size_t> keyOfRun(runs.size());
    for (std::size_t i = 0; i < xs.size(); ++i) {
        const auto found = std::find(series.xKeys.begin(), series.xKeys.end(), xs[i].key);
        if (found == series.xKeys.end()) {
            series.xKeys.push_back(xs[i].key);
            series.xPositions.push_back(series.numeric ? *xs[i].number : 0.0);
        }
    }
    if (series.numeric) {
        std::vector<std::size_t> order(series.xKeys.size());
        for (std::size_t i = 0; i < order.size(); ++i)
            order[i] = i;
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
            return series.xPositions[a] < series.xPositions[b];
        });
        std::vector<std::string> keys;
        std::vector<double> positions;
        for (const std::size_t i : order) {
            keys.push_back(series.xKeys[i]);
            positions.push_back(series.xPositions[i]);
        }
        series.xKeys = std::move(keys);
        series.xPositions = std::move(positions);
    } else {
        for (std::size_t i = 0; i < series.xPositions.size(); ++i)
            series.xPositions[i] = static_cast<double>(i);
    }
    for (std::size_t i = 0; i < xs.size(); ++i)
        keyOfRun[i] = static_cast<std::size_t>(
            std::find(series.xKeys.begin(), series.xKeys.end(), xs[i].key) - series.xKeys.begin());
    series.baselineKey = series.xKeys.front();

    for (const std::string& region : selection.commonRegions(runs)) {
        // Mean call duration (pooled over the selected ranks) of each run,
        // grouped by the run's x; runs sharing an x are averaged.
        std::vector<std::vector<double>> samples(series.xKeys.size());
        for (std::size_t i = 0; i < runs.size(); ++i) {
            const auto index = runs[i]->regionIndex(region);
            if (!index)
                continue;
            const RegionStats stats = runs[i]->pooled(*index, selection.ranks());
            if (stats.count > 0 && std::isfinite(stats.average) && stats.average > 0)
                samples[keyOfRun[i]].push_back(stats.average);
        }
        if (samples.front().empty())
            continue;
        const double baseline = meanOf(samples.front());
        SpeedupCurve curve;
        curve.region = region;
        for (std::size_t k = 0; k < samples.size(); ++k) {
            if (samples[k].empty())
                continue;
            const double mean = meanOf(samples[k]);
            curve.x.push_back(series.xPositions[k]);
            curve.keys.push_back(series.xKeys[k]);
            curve.speedup.push_back(baseline / mean);
            curve.meanDuration.push_back(mean);
        }
        series.curves.push_back(std::move(curve));
    }

    if (series.numeric && series.xPositions.front() != 0.0) {
        for (const double x : series.xPositions) {
            series.idealX.push_back(x);
            series.idealY.push_back(x / series.xPositions.front());
        }
    }
    return series;
}

std::vector<std::string>
SpeedupSeries::availableFields(std::span<const ProfilingResults* const> runs) {
    std::vector<std::string> fields;
    if (runs.size() < 2)
        return fields;
    // A field is offered when it is a number in every run (a host name or a
    // time stamp makes no x axis) and not the same number everywhere (a single
    // point shows no scaling).
    const auto offer = [&](const std::string& field, auto numberOf) {
        std::optional<double> first;
        bool differs = false;
        for (const ProfilingResults* run : runs) {
            const std::optional<double> number = numberOf(*run);
            if (!number || !std::isfinite(*number))
                return;
            differs = differs || (first && *first != *number);
            first = first.value_or(*number);
        }
        if (differs)
            fields.push_back(field);
    };
    const auto threads = [](const ProfilingResults& run) -> std::optional<std::int64_t> {
        const MetadataValue* value = run.metadata.find("omp_num_threads");
        return value != nullptr ? asInteger(*value) : std::nullopt;
    };
    offer("num_ranks", [](const ProfilingResults& run) {
        return std::optional(static_cast<double>(run.numRanks));
    });
    offer("omp_num_threads", [&](const ProfilingResults& run) -> std::optional<double> {
        const auto count = threads(run);
        return count ? std::optional(static_cast<double>(*count)) : std::nullopt;
    });
    offer("total_cores", [&](const ProfilingResults& run) -> std::optional<double> {
        const auto count = threads(run);
        return count ? std::optional(static_cast<double>(*count) * run.numRanks) : std::nullopt;
    });
    for (const MetadataEntry& entry : runs.front()->metadata.entries) {
        if (isScalingField(entry.key))
            continue;
        // The numbers compute() places at their values; text stays out even
        // when it reads as a number, as compute() would make it a category.
        offer(entry.key, [&](const ProfilingResults& run) -> std::optional<double> {
            const MetadataValue* value = run.metadata.find(entry.key);
            if (value == nullptr)
                return std::nullopt;
            if (const auto* i = std::get_if<std::int64_t>(value))
                return static_cast<double>(*i);
            if (const auto* d = std::get_if<double>(value))
                return *d;
            return std::nullopt;
        });
    }
    return fields;
}

} // namespace scope
