// SPDX-License-Identifier: GPL-3.0-or-later
#include "ScalingPrinter.h"

#include "DisplayWidth.h"
#include "export/JsonWriter.h"

#include <array>
#include <cmath>
#include <cstdio>
#include <vector>

namespace scope::report {
namespace {

std::string printf1(const char* format, double v) {
    std::array<char, 64> buffer{};
    std::snprintf(buffer.data(), buffer.size(), format, v);
    return buffer.data();
}

std::string optionalNumber(const std::optional<double>& v, const char* format) {
    return v && std::isfinite(*v) ? printf1(format, *v) : "-";
}

// Axis values as a user gave them: 16, not 16.000.
std::string axisValue(double v) {
    return printf1("%g", v);
}

std::string percent(double v) {
    return std::isfinite(v) ? printf1("%.1f%%", v * 100.0) : "-";
}

} // namespace

void ScalingPrinter::print(std::ostream& out, const ScalingStudy& study) {
    const std::string rule(78, '=');
    out << rule << "\nScaling along " << study.axis << " (" << ScalingModel::modeName(study.mode)
        << " scaling, " << metricName(study.metric) << ")\n";
    for (const ScalingRun& run : study.runs)
        out << "  " << study.axis << " = " << axisValue(run.value) << ": " << run.path << '\n';
    out << rule << "\n\nRegions (" << study.regions.size() << ")\n";
    if (study.regions.empty()) {
        out << "  (no region has calls in every run)\n\n";
        return;
    }
    std::vector<std::vector<std::string>> rows;
    std::vector<std::string> heading = {"region",    "serial",    "exponent",
                                        "growth/2x", "R2 amdahl", "R2 power"};
    for (const ScalingRun& run : study.runs)
        heading.push_back("E(" + axisValue(run.value) + ")");
    heading.push_back("dominates at");
    rows.push_back(std::move(heading));
    for (const RegionScaling& region : study.regions) {
        std::vector<std::string> cells = {region.region};
        cells.push_back(region.amdahl ? printf1("%.3f", region.amdahl->serialFraction) : "-");
        cells.push_back(region.powerLaw ? printf1("%.3f", region.powerLaw->exponent) : "-");
        cells.push_back(region.powerLaw
                            ? printf1("%+.1f%%", region.powerLaw->growthPerDoubling() * 100.0)
                            : "-");
        cells.push_back(optionalNumber(region.amdahl ? region.amdahl->r2 : std::nullopt, "%.3f"));
        cells.push_back(
            optionalNumber(region.powerLaw ? region.powerLaw->r2 : std::nullopt, "%.3f"));
        for (const double e : region.efficiency)
            cells.push_back(percent(e));
        cells.push_back(region.dominatesAt ? axisValue(*region.dominatesAt) : "never");
        rows.push_back(std::move(cells));
    }
    printAligned(out, rows);
    out << "\n  serial: Amdahl's serial fraction s of t(p) = t1 (s + (1 - s)/p); exponent: a of "
           "t ~ p^a;\n  growth/2x: time change per doubling; E(p): parallel efficiency; "
           "dominates at: the\n  smallest "
        << study.axis << " at which the region's predicted exclusive time is over half\n"
        << "  of all regions' (never: not up to 2^20)\n\n";
}

std::string ScalingPrinter::json(const ScalingStudy& study) {
    JsonWriter json;
    json.beginObject().key("scaling").beginObject();
    json.key("axis").value(study.axis);
    json.key("mode").value(ScalingModel::modeName(study.mode));
    json.key("metric").value(metricName(study.metric));
    json.key("runs").beginArray();
    for (const ScalingRun& run : study.runs)
        json.beginObject().key("path").value(run.path).key("value").value(run.value).endObject();
    json.endArray();
    json.key("regions").beginArray();
    for (const RegionScaling& region : study.regions) {
        json.beginObject().key("name").value(region.region);
        const auto number = [&](const char* name, std::optional<double> v) {
            json.key(name).value(v);
        };
        number("serial_fraction",
               region.amdahl ? std::optional(region.amdahl->serialFraction) : std::nullopt);
        number("t1", region.amdahl ? std::optional(region.amdahl->t1) : std::nullopt);
        number("exponent",
               region.powerLaw ? std::optional(region.powerLaw->exponent) : std::nullopt);
        number("growth_per_doubling", region.powerLaw
                                          ? std::optional(region.powerLaw->growthPerDoubling())
                                          : std::nullopt);
        json.key("r2").beginObject();
        number("amdahl", region.amdahl ? region.amdahl->r2 : std::nullopt);
        number("power_law", region.powerLaw ? region.powerLaw->r2 : std::nullopt);
        json.endObject();
        json.key("efficiency").beginArray();
        for (const double e : region.efficiency)
            json.value(e);
        json.endArray();
        number("dominates_at", region.dominatesAt);
        json.endObject();
    }
    json.endArray();
    json.endObject().endObject();
    return json.take();
}

} // namespace scope::report
