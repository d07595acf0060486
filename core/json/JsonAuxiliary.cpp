// SPDX-License-Identifier: GPL-3.0-or-later
#include "JsonAuxiliary.h"

#include "model/RankLimit.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

namespace scope {

void JsonAuxiliary::wrong(const std::string& what, const JsonValue& value,
                          const char* expected) const {
    in_.fail(what + " is " + value.kindName() + ", not " + expected);
}

std::uint32_t JsonAuxiliary::rankOf(std::string_view key, const char* what) const {
    std::uint64_t rank = 0;
    const auto [end, error] = std::from_chars(key.data(), key.data() + key.size(), rank);
    if (key.empty() || error != std::errc{} || end != key.data() + key.size())
        in_.fail(std::string(what) + " has a member \"" + std::string(key) +
                 "\" that is not a rank number");
    if (rank >= kMaxRanks)
        in_.fail(std::string(what) + ": " + rankPastLimit("rank", rank));
    return static_cast<std::uint32_t>(rank);
}

const JsonValue& JsonAuxiliary::member(const JsonValue& object, const char* key,
                                       const char* what) const {
    const JsonValue* value = object.find(key);
    if (value == nullptr)
        in_.fail(std::string(what) + " has no \"" + key + "\"");
    return *value;
}

std::int64_t JsonAuxiliary::integer(const JsonValue& object, const char* key, const char* what,
                                    std::optional<std::int64_t> fallback) const {
    const JsonValue* value = object.find(key);
    if ((value == nullptr || value->kind == JsonValue::Kind::Null) && fallback)
        return *fallback;
    const JsonValue& v = value != nullptr ? *value : member(object, key, what);
    if (v.kind == JsonValue::Kind::Boolean)
        return v.boolean ? 1 : 0;
    if (v.bigInteger)
        in_.fail(std::string(what) + " \"" + key + "\" is out of the range of a 64-bit integer");
    if (v.kind != JsonValue::Kind::Integer)
        wrong(std::string(what) + " \"" + key + "\"", v, "an integer");
    return v.integer;
}

double JsonAuxiliary::number(const JsonValue& value, const std::string& what) const {
    if (value.kind == JsonValue::Kind::Null)
        return std::numeric_limits<double>::quiet_NaN(); // the writer's non-finite value
    if (!value.isNumber())
        wrong(what, value, "a number");
    return value.number;
}

std::string JsonAuxiliary::text(const JsonValue& object, const char* key, const char* what) const {
    const JsonValue* value = object.find(key);
    if (value == nullptr || value->kind == JsonValue::Kind::Null)
        return {};
    if (value->kind != JsonValue::Kind::String)
        wrong(std::string(what) + " \"" + key + "\"", *value, "a string");
    return value->text;
}

std::vector<std::int64_t> JsonAuxiliary::integers(const JsonValue& object, const char* key,
                                                  const char* what) const {
    std::vector<std::int64_t> out;
    const JsonValue* value = object.find(key);
    if (value == nullptr)
        return out;
    if (value->kind != JsonValue::Kind::Array)
        wrong(std::string(what) + " \"" + key + "\"", *value, "a list");
    for (const JsonValue& item : value->items) {
        if (item.kind != JsonValue::Kind::Integer)
            wrong(std::string("an item of ") + what + " \"" + key + "\"", item, "an integer");
        out.push_back(item.integer);
    }
    return out;
}

std::vector<double> JsonAuxiliary::numbers(const JsonValue& object, const char* key,
                                           const char* what) const {
    std::vector<double> out;
    const JsonValue* value = object.find(key);
    if (value == nullptr)
        return out;
    if (value->kind != JsonValue::Kind::Array)
        wrong(std::string(what) + " \"" + key + "\"", *value, "a list");
    for (const JsonValue& item : value->items)
        out.push_back(number(item, std::string("an item of ") + what + " \"" + key + "\""));
    return out;
}

std::vector<std::string> JsonAuxiliary::texts(const JsonValue& object, const char* key,
                                              const char* what) const {
    std::vector<std::string> out;
    const JsonValue* value = object.find(key);
    if (value == nullptr || value->kind == JsonValue::Kind::Null)
        return out;
    if (value->kind != JsonValue::Kind::Array)
        wrong(std::string(what) + " \"" + key + "\"", *value, "a list");
    for (const JsonValue& item : value->items) {
        if (item.kind != JsonValue::Kind::String)
            wrong(std::string("an item of ") + what + " \"" + key + "\"", item, "a string");
        out.push_back(item.text);
    }
    return out;
}

std::vector<double> JsonAuxiliary::matrix(const JsonValue& object, const char* key,
                                          std::size_t rows, std::size_t columns,
                                          const char* what) const {
    std::vector<double> out;
    const JsonValue* value = object.find(key);
    if (value == nullptr || (value->kind == JsonValue::Kind::Array && value->items.empty()))
        return out; // 0 x 0
    if (value->kind != JsonValue::Kind::Array || value->items.size() != rows)
        in_.fail(std::string(what) + " \"" + key + "\" is not a list of " + std::to_string(rows) +
                 " rows");
    for (const JsonValue& row : value->items) {
        if (row.kind != JsonValue::Kind::Array || row.items.size() != columns)
            in_.fail(std::string(what) + " \"" + key + "\" has a row that is not " +
                     std::to_string(columns) + " numbers");
        for (const JsonValue& item : row.items)
            out.push_back(number(item, std::string("an item of ") + what + " \"" + key + "\""));
    }
    return out;
}

Metadata JsonAuxiliary::metadata(const JsonValue& object) const {
    Metadata metadata;
    if (object.kind != JsonValue::Kind::Object)
        wrong("\"metadata\"", object, "an object");
    for (const auto& [key, value] : object.members) {
        const JsonValue* v = &value;
        if (v->kind == JsonValue::Kind::Array && v->items.size() == 1 && v->items[0].isNumber())
            v = &v->items[0];
        switch (v->kind) {
        case JsonValue::Kind::String:
            metadata.entries.push_back({key, v->text});
            break;
        case JsonValue::Kind::Integer:
            metadata.entries.push_back({key, v->integer});
            break;
        case JsonValue::Kind::Boolean:
            metadata.entries.push_back({key, std::int64_t{v->boolean ? 1 : 0}});
            break;
        case JsonValue::Kind::Float:
            metadata.entries.push_back({key, v->number});
            break;
        case JsonValue::Kind::Array:
            if (std::all_of(v->items.begin(), v->items.end(), [](const JsonValue& item) {
                    return item.kind == JsonValue::Kind::String;
                })) {
                std::vector<std::string> list;
                for (const JsonValue& item : v->items)
                    list.push_back(item.text);
                metadata.entries.push_back({key, std::move(list)});
            }
            break;
        default:
            break;
        }
    }
    return metadata;
}

void JsonAuxiliary::threads(const JsonValue& byRank, std::vector<ThreadInfo>& out) const {
    constexpr const char* what = "a \"threads\" row";
    if (byRank.kind != JsonValue::Kind::Object)
        wrong("\"threads\"", byRank, "an object");
    for (const auto& [key, rows] : byRank.members) {
        const std::uint32_t rank = rankOf(key, "\"threads\"");
        if (rows.kind != JsonValue::Kind::Array)
            wrong("\"threads\" of rank " + key, rows, "a list");
        for (const JsonValue& row : rows.items) {
            if (row.kind != JsonValue::Kind::Object)
                wrong(what, row, "an object");
            ThreadInfo t;
            t.rank = rank;
            t.index = integer(row, "index", what);
            t.name = text(row, "name", what);
            t.ident = integer(row, "ident", what, 0);
            t.nativeId = integer(row, "native_id", what, 0);
            t.daemon = integer(row, "daemon", what, 0) != 0;
            t.startNs = integer(row, "start_ns", what, 0);
            t.endNs = integer(row, "end_ns", what, -1);
            t.cpuNs = integer(row, "cpu_ns", what, 0);
            out.push_back(std::move(t));
        }
    }
}

void JsonAuxiliary::tasks(const JsonValue& byRank, std::vector<TaskInfo>& out) const {
    constexpr const char* what = "a \"tasks\" row";
    if (byRank.kind != JsonValue::Kind::Object)
        wrong("\"tasks\"", byRank, "an object");
    for (const auto& [key, rows] : byRank.members) {
        const std::uint32_t rank = rankOf(key, "\"tasks\"");
        if (rows.kind != JsonValue::Kind::Array)
            wrong("\"tasks\" of rank " + key, rows, "a list");
        for (const JsonValue& row : rows.items) {
            if (row.kind != JsonValue::Kind::Object)
                wrong(what, row, "an object");
            TaskInfo t;
            t.rank = rank;
            t.index = integer(row, "index", what);
            t.kind = text(row, "kind", what);
            t.name = text(row, "name", what);
            t.coroName = text(row, "coro_name", what);
            t.threadIndex = integer(row, "thread_index", what, -1);
            t.createdNs = integer(row, "created_ns", what, 0);
            t.doneNs = integer(row, "done_ns", what, -1);
            t.steps = integer(row, "steps", what, 0);
            t.runningNs = integer(row, "running_ns", what, 0);
            t.suspendedNs = integer(row, "suspended_ns", what, 0);
            out.push_back(std::move(t));
        }
    }
}

void JsonAuxiliary::likwid(const JsonValue& byRank, std::vector<LikwidRegion>& out) const {
    constexpr const char* what = "a \"likwid\" entry";
    if (byRank.kind != JsonValue::Kind::Object)
        wrong("\"likwid\"", byRank, "an object");
    for (const auto& [key, tags] : byRank.members) {
        const std::uint32_t rank = rankOf(key, "\"likwid\"");
        if (tags.kind != JsonValue::Kind::Object)
            wrong("\"likwid\" of rank " + key, tags, "an object");
        for (const auto& [tag, entry] : tags.members) {
            if (entry.kind != JsonValue::Kind::Object)
                wrong(what, entry, "an object");
            LikwidRegion r;
            r.rank = rank;
            r.tag = entry.find("tag") != nullptr ? text(entry, "tag", what) : tag;
            r.groupId = integer(entry, "group_id", what, -1);
            r.groupName = text(entry, "group_name", what);
            r.source = text(entry, "source", what);
            r.cpus = integers(entry, "cpus", what);
            r.times = numbers(entry, "times", what);
            r.callCounts = integers(entry, "call_counts", what);
            r.eventNames = texts(entry, "event_names", what);
            r.counterNames = texts(entry, "counter_names", what);
            r.metricNames = texts(entry, "metric_names", what);
            r.events = matrix(entry, "events", r.eventNames.size(), r.cpus.size(), what);
            r.metrics = matrix(entry, "metrics", r.metricNames.size(), r.cpus.size(), what);
            out.push_back(std::move(r));
        }
    }
}

void JsonAuxiliary::lineProfiles(const JsonValue& byRank, std::vector<LineProfile>& out) const {
    constexpr const char* what = "a \"line_profile\" record";
    if (byRank.kind != JsonValue::Kind::Object)
        wrong("\"line_profile\"", byRank, "an object");
    for (const auto& [key, records] : byRank.members) {
        const std::uint32_t rank = rankOf(key, "\"line_profile\"");
        if (records.kind != JsonValue::Kind::Array)
            wrong("\"line_profile\" of rank " + key, records, "a list");
        for (const JsonValue& record : records.items) {
            if (record.kind != JsonValue::Kind::Object)
                wrong(what, record, "an object");
            LineProfile p;
            p.rank = rank;
            p.region = text(record, "region", what);
            p.filename = text(record, "filename", what);
            p.function = text(record, "function", what);
            p.firstLine = integer(record, "first_lineno", what, 0);
            if (const JsonValue* unit = record.find("unit"))
                p.unit = number(*unit, std::string(what) + " \"unit\"");
            p.lineNumbers = integers(record, "line_numbers", what);
            p.hits = integers(record, "hits", what);
            p.times = numbers(record, "times", what);
            if (p.hits.size() != p.lineNumbers.size() || p.times.size() != p.lineNumbers.size())
                in_.fail(std::string(what) + " of '" + p.function +
                         "' has line_numbers, hits and times of different lengths");
            out.push_back(std::move(p));
        }
    }
}

CallSummary JsonAuxiliary::aggregate(const JsonValue& object, bool summaryRow,
                                     std::optional<std::int64_t>& exclusive) const {
    constexpr const char* what = "an \"aggregate\"";
    if (object.kind != JsonValue::Kind::Object)
        wrong(what, object, "an object");
    CallSummary s;
    const std::int64_t count = integer(object, "count", what);
    if (count < 0)
        in_.fail("an \"aggregate\" holds a negative count");
    s.count = static_cast<std::uint64_t>(count);
    s.total = integer(object, "total", what, 0);
    s.minimum = integer(object, "minimum", what, 0);
    s.maximum = integer(object, "maximum", what, 0);
    if (const std::int64_t e = integer(object, "exclusive", what, -1); e >= 0)
        exclusive = e;
    if (!summaryRow) {
        s.mean = s.count > 0 ? static_cast<double>(s.total) / static_cast<double>(s.count) : 0.0;
        s.hasSpread = false;
        s.hasTimes = false;
        return s;
    }
    s.first = integer(object, "first", what, 0);
    s.last = integer(object, "last", what, 0);
    s.startMinimum = integer(object, "start_minimum", what, 0);
    s.endMaximum = integer(object, "end_maximum", what, 0);
    const std::int64_t gpuCount = integer(object, "gpu_count", what, 0);
    s.gpuCount = gpuCount < 0 ? 0 : static_cast<std::uint64_t>(gpuCount);
    s.gpuTotal = integer(object, "gpu_total", what, 0);
    if (const JsonValue* mean = object.find("mean"))
        s.mean = number(*mean, "an \"aggregate\" \"mean\"");
    if (const JsonValue* m2 = object.find("m2"))
        s.m2 = number(*m2, "an \"aggregate\" \"m2\"");
    return s;
}

} // namespace scope
