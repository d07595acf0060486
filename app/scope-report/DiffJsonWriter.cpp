// SPDX-License-Identifier: GPL-3.0-or-later
#include "DiffJsonWriter.h"

#include "export/JsonWriter.h"

namespace scope::report {
namespace {

void side(JsonWriter& json, const char* name, const std::vector<std::string>& files) {
    json.key(name);
    if (files.size() == 1)
        json.value(files.front());
    else
        json.stringArray(files);
}

void optionalText(JsonWriter& json, const char* name, const std::optional<std::string>& text) {
    json.key(name);
    if (text)
        json.value(*text);
    else
        json.null();
}

} // namespace

std::string DiffJsonWriter::json(const DiffReport& report) {
    JsonWriter json;
    json.beginObject().key("diff").beginObject();
    side(json, "baseline", report.baselineFiles);
    side(json, "other", report.otherFiles);
    json.key("statistic").value(metricName(report.statistic));
    json.key("alpha").value(report.alpha);
    json.key("threshold_percent").value(report.thresholdPercent);
    json.key("correction").value(report.correction);
    json.key("regions").beginArray();
    for (const RegionChange& region : report.regions) {
        json.beginObject().key("name").value(region.name);
        optionalText(json, "renamed_from", region.renamedFrom);
        json.key("baseline").value(region.baseline);
        json.key("other").value(region.other);
        json.key("change_percent").value(region.changePercent);
        json.key("ci_low_percent").value(region.ciLowPercent);
        json.key("ci_high_percent").value(region.ciHighPercent);
        json.key("p_value").value(region.pValue);
        json.key("verdict").value(verdictName(region.verdict));
        json.key("per_call_data").value(region.perCallData);
        json.key("too_few_calls").value(region.tooFewCalls);
        json.key("explained").beginObject();
        json.key("calls").value(region.explained.calls);
        json.key("per_call").value(region.explained.perCall);
        json.key("imbalance").value(region.explained.imbalance);
        json.endObject();
        json.key("paths").beginArray();
        for (const PathShare& path : region.paths)
            json.beginObject()
                .key("path")
                .value(path.path)
                .key("share")
                .value(path.share)
                .key("delta_seconds")
                .value(path.deltaSeconds)
                .endObject();
        json.endArray();
        optionalText(json, "imbalance_pattern",
                     region.imbalancePattern.empty() ? std::nullopt
                                                     : std::optional(region.imbalancePattern));
        json.key("repeats_for_1_percent");
        if (region.repeatsFor1Percent)
            json.value(*region.repeatsFor1Percent);
        else
            json.null();
        json.endObject();
    }
    json.endArray();
    json.endObject().endObject();
    return json.take();
}

} // namespace scope::report
