// SPDX-License-Identifier: GPL-3.0-or-later
#include "HardwareJson.h"

#include "JsonWriter.h"
#include "analysis/PerfRatios.h"

#include <algorithm>

namespace scope {

namespace {

// {name: [value per cpu]} from a row-major [names][cpus] matrix; a short
// matrix (a damaged file) leaves the missing values out rather than inventing them.
void writeMatrix(JsonWriter& json, const std::vector<std::string>& names,
                 const std::vector<double>& values, std::size_t cpus) {
    json.beginObject();
    for (std::size_t row = 0; row < names.size(); ++row) {
        json.key(names[row]).beginArray();
        for (std::size_t cpu = 0; cpu < cpus; ++cpu) {
            const std::size_t at = row * cpus + cpu;
            if (at < values.size())
                json.value(values[at]);
        }
        json.endArray();
    }
    json.endObject();
}

template <typename T> void writeNumbers(JsonWriter& json, const std::vector<T>& values) {
    json.beginArray();
    for (const T value : values)
        json.value(value);
    json.endArray();
}

} // namespace

void HardwareJson::writeLikwid(JsonWriter& json, const ProfilingResults& file,
                               const RankSelection& ranks) {
    json.key("likwid").beginArray();
    for (const LikwidRegion& region : file.likwid) {
        if (!ranks.contains(region.rank))
            continue;
        json.beginObject();
        json.key("rank").value(region.rank);
        json.key("tag").value(region.tag);
        json.key("group_name").value(region.groupName);
        json.key("source").value(region.source);
        json.key("cpus");
        writeNumbers(json, region.cpus);
        json.key("times_seconds");
        writeNumbers(json, region.times);
        json.key("call_counts");
        writeNumbers(json, region.callCounts);
        json.key("metrics");
        writeMatrix(json, region.metricNames, region.metrics, region.cpus.size());
        json.key("events");
        writeMatrix(json, region.eventNames, region.events, region.cpus.size());
        json.endObject();
    }
    json.endArray();
}

void HardwareJson::writePerfEvents(JsonWriter& json, const ProfilingResults& file,
                                   const RankSelection& ranks) {
    json.key("perf_events").beginArray();
    for (const PerfEventSet& set : file.perfEvents) {
        if (!ranks.contains(set.rank))
            continue;
        json.beginObject();
        json.key("rank").value(set.rank);
        json.key("region").value(set.region);
        json.key("calls").value(set.calls);
        json.key("events").beginObject();
        for (std::size_t i = 0; i < set.eventNames.size() && i < set.values.size(); ++i)
            json.key(set.eventNames[i]).value(set.values[i]);
        json.endObject();
        json.key("ratios").beginObject();
        for (const PerfRatio& ratio : perfRatios(set))
            json.key(ratio.name).value(ratio.value);
        json.endObject();
        json.endObject();
    }
    json.endArray();
}

void HardwareJson::writeLineProfiles(JsonWriter& json, const ProfilingResults& file,
                                     const RankSelection& ranks) {
    json.key("line_profile").beginArray();
    for (const LineProfile& profile : file.lineProfiles) {
        if (!ranks.contains(profile.rank))
            continue;
        json.beginObject();
        json.key("rank").value(profile.rank);
        json.key("region").value(profile.region);
        json.key("filename").value(profile.filename);
        json.key("function").value(profile.function);
        json.key("lines").beginArray();
        const std::size_t lines =
            std::min({profile.lineNumbers.size(), profile.hits.size(), profile.times.size()});
        for (std::size_t i = 0; i < lines; ++i) {
            json.beginObject();
            json.key("line").value(profile.lineNumbers[i]);
            json.key("hits").value(profile.hits[i]);
            json.key("time_seconds").value(profile.times[i] * profile.unit);
            json.endObject();
        }
        json.endArray();
        json.endObject();
    }
    json.endArray();
}

} // namespace scope
