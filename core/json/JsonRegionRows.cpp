// SPDX-License-Identifier: GPL-3.0-or-later
#include "JsonRegionRows.h"

#include "JsonValue.h"
#include "events/RowStatistics.h"
#include "model/RankLimit.h"

#include <algorithm>
#include <optional>

namespace scope {
namespace {

using Token = JsonTokenizer::Token;

// The optional event columns with their missing values (threads-tasks-json.md §1).
struct OptionalColumn {
    const char* key;
    std::int64_t missing;
};
constexpr std::array<OptionalColumn, 6> kColumns{{{"gpu_durations_ns", -1},
                                                  {"call_ids", -1},
                                                  {"parent_ids", -1},
                                                  {"thread_ids", -1},
                                                  {"task_ids", -1},
                                                  {"await_ns", 0}}};

std::string quoted(const std::string& name) {
    return "'" + name + "'";
}

} // namespace

struct JsonRegionRows::Row {
    std::size_t offset = 0;
    std::optional<std::string> name;
    std::optional<std::int64_t> rank;
    RowDetails details;
    std::optional<JsonValue> aggregate;
    bool eventDataAvailable = true;
    std::optional<std::int64_t> exclusive;
    bool starts = false;
    bool ends = false;
    std::vector<std::string> keys;
};

JsonRegionRows::JsonRegionRows(JsonTokenizer& in, ProfilingResults& results,
                               const ReadRequest& request)
    : in_(in), results_(results), request_(request), aux_(in), keepEvents_(!request.summaryOnly) {}

std::array<EventColumn*, JsonRegionRows::kOptional> JsonRegionRows::optionalColumns() {
    EventColumns& e = results_.events;
    return {&e.gpuDurations, &e.callIds, &e.parentIds, &e.threadIds, &e.taskIds, &e.awaitNs};
}

void JsonRegionRows::readAll() {
    std::size_t number = 0;
    for (Token t = in_.next(); t != Token::EndArray; t = in_.next()) {
        ++number;
        in_.setStep("reading row " + std::to_string(number) + " of \"regions\"");
        if (t != Token::BeginObject)
            in_.fail("a row of \"regions\" is not an object");
        readRow(number);
    }
    in_.setStep("reading the JSON profile");
}

void JsonRegionRows::readRow(std::size_t number) {
    Row row;
    row.offset = results_.events.starts.size();
    for (Token t = in_.next(); t != Token::EndObject; t = in_.next()) {
        std::string key = in_.text();
        if (std::find(row.keys.begin(), row.keys.end(), key) != row.keys.end())
            in_.fail("the row repeats the member \"" + key + "\"");
        row.keys.push_back(key);
        readMember(row, key, in_.next());
        if (row.name && row.rank && key != "name" && key != "rank")
            continue;
        if (row.name && row.rank)
            in_.setStep("reading region " + quoted(*row.name) + " of rank " +
                        std::to_string(*row.rank) + " (row " + std::to_string(number) +
                        " of \"regions\")");
    }
    endRow(row);
}

void JsonRegionRows::readMember(Row& row, const std::string& key, Token value) {
    auto text = [&](const char* what) {
        if (value == Token::Null)
            return std::string();
        if (value != Token::String)
            in_.fail(std::string("\"") + what + "\" is not a string");
        return in_.text();
    };
    if (key == "name") {
        if (value != Token::String)
            in_.fail("the region \"name\" is not a string");
        row.name = in_.text();
    } else if (key == "rank") {
        if (value != Token::Integer)
            in_.fail("\"rank\" is not an integer");
        if (in_.integer() < 0)
            in_.fail("negative rank " + std::to_string(in_.integer()));
        if (static_cast<std::uint64_t>(in_.integer()) >= kMaxRanks)
            in_.fail(rankPastLimit("rank", static_cast<std::uint64_t>(in_.integer())));
        row.rank = in_.integer();
    } else if (key == "source_file") {
        row.details.source.file = text("source_file");
    } else if (key == "source_text") {
        row.details.source.text = text("source_text");
    } else if (key == "source_lineno") {
        if (value == Token::Integer)
            row.details.source.line = in_.integer();
        else if (value != Token::Null)
            in_.fail("\"source_lineno\" is not an integer");
    } else if (key == "tags") {
        const JsonValue tags = JsonValue::read(in_, value);
        if (tags.kind != JsonValue::Kind::Array)
            in_.fail("\"tags\" is not a list");
        for (const JsonValue& tag : tags.items) {
            if (tag.kind != JsonValue::Kind::String)
                in_.fail("an item of \"tags\" is not a string");
            row.details.tags.push_back(tag.text);
        }
    } else if (key == "start_times_ns" || key == "end_times_ns") {
        if (value != Token::BeginArray)
            in_.fail("\"" + key + "\" is not a list");
        const bool starts = key == "start_times_ns";
        (starts ? row.starts : row.ends) = true;
        EventColumn& column = starts ? results_.events.starts : results_.events.ends;
        in_.readIntegers(column, key.c_str());
    } else if (key == "exclusive_total_ns") {
        if (value == Token::Integer) {
            if (in_.integer() >= 0)
                row.exclusive = in_.integer();
        } else if (value != Token::Null) {
            in_.fail("\"exclusive_total_ns\" is not an integer");
        }
    } else if (key == "aggregate") {
        row.aggregate = JsonValue::read(in_, value);
    } else if (key == "event_data_available") {
        if (value != Token::True && value != Token::False)
            in_.fail("\"event_data_available\" is not true or false");
        row.eventDataAvailable = value == Token::True;
    } else {
        for (std::size_t c = 0; c < kColumns.size(); ++c)
            if (key == kColumns[c].key) {
                if (value != Token::BeginArray)
                    in_.fail("\"" + key + "\" is not a list");
                readColumn(c, row.offset);
                return;
            }
        in_.skip(value); // unknown members are for newer readers
    }
}

void JsonRegionRows::readColumn(std::size_t c, std::size_t offset) {
    EventColumn& column = *optionalColumns()[c];
    // A column first given by a later row: the earlier rows did not record it.
    if (column.size() < offset)
        column.resize(offset, kColumns[c].missing);
    present_[c] = true;
    in_.readIntegers(column, kColumns[c].key);
}

void JsonRegionRows::endRow(Row& row) {
    if (!row.name)
        in_.fail("the row has no region \"name\"");
    if (!row.rank)
        in_.fail("the row has no \"rank\"");
    EventColumns& events = results_.events;
    const std::size_t calls = events.starts.size() - row.offset;
    if (events.ends.size() - row.offset != calls)
        in_.fail("\"end_times_ns\" has " + std::to_string(events.ends.size() - row.offset) +
                 " values for " + std::to_string(calls) + " start times");
    const bool hasEvents = row.starts || row.ends;
    const auto columns = optionalColumns();
    for (std::size_t c = 0; c < kOptional; ++c) {
        EventColumn& column = *columns[c];
        if (present_[c] && column.size() == row.offset)
            column.resize(row.offset + calls, kColumns[c].missing);
        if (present_[c] && column.size() != row.offset + calls)
            in_.fail(std::string("\"") + kColumns[c].key + "\" has " +
                     std::to_string(column.size() - row.offset) + " values for " +
                     std::to_string(calls) + " calls");
    }
    if (row.aggregate && hasEvents)
        in_.fail("the row has both event lists and an \"aggregate\"");

    const auto rank = static_cast<std::uint32_t>(*row.rank);
    RankRegion out;
    out.rank = rank;
    out.exclusiveNs = row.exclusive;
    if (row.aggregate) {
        const bool summary = !row.eventDataAvailable || row.aggregate->find("mean") != nullptr;
        (summary ? anySummary_ : anyAggregate_) = true;
        std::optional<std::int64_t> exclusive;
        out.summary = aux_.aggregate(*row.aggregate, summary, exclusive);
        if (exclusive)
            out.exclusiveNs = exclusive;
        if (!range_.addTotal(out.summary.total))
            in_.fail("the aggregate total is out of range (damaged)");
        if (const std::string problem = out.summary.impossibility(); !problem.empty())
            in_.fail("the aggregate of " + quoted(*row.name) + " on rank " + std::to_string(rank) +
                     " is impossible (" + problem + "; damaged)");
    } else if (calls > 0) {
        anyEventRows_ = true;
        const auto starts = std::span<const std::int64_t>(events.starts).subspan(row.offset, calls);
        const auto ends = std::span<const std::int64_t>(events.ends).subspan(row.offset, calls);
        std::span<const std::int64_t> gpu;
        if (present_[0])
            gpu = std::span<const std::int64_t>(events.gpuDurations).subspan(row.offset, calls);
        const RowStatistics statistics = RowStatistics::measure(starts, ends, gpu);
        if (!statistics.extent.fits || !range_.add(statistics.extent))
            in_.fail("the times of " + quoted(*row.name) + " on rank " + std::to_string(rank) +
                     " are out of range (damaged)");
        out.summary = statistics.summary;
        out.offset = row.offset;
    }
    if (!selected(row)) {
        truncate(row.offset);
        return;
    }
    const auto [it, added] =
        regionIndex_.try_emplace(*row.name, static_cast<std::uint32_t>(results_.regions.size()));
    if (added)
        results_.regions.push_back(*row.name);
    out.region = it->second;
    if (!seen_.emplace(out.region, rank).second)
        in_.fail("region " + quoted(*row.name) + " of rank " + std::to_string(rank) +
                 " appears in two rows");
    maxRank_ = std::max(maxRank_, rank);
    results_.setDetails(out, std::move(row.details));
    results_.rows.push_back(out);

    if (keepEvents_ && request_.memoryBudget > 0 && eventBytes() > request_.memoryBudget) {
        keepEvents_ = false;
        results_.warnings.push_back(
            results_.path +
            ": the events do not fit in the memory budget; only their statistics were kept "
            "(a JSON profile cannot be read on demand: convert it to HDF5 or raise the budget)");
        dropEvents();
    } else if (!keepEvents_) {
        truncate(0);
        results_.rows.back().offset = 0;
    }
}

bool JsonRegionRows::selected(const Row& row) const {
    if (!request_.summaryOnly)
        return true;
    const auto rank = static_cast<std::uint32_t>(*row.rank);
    if (!request_.ranks.empty() &&
        std::find(request_.ranks.begin(), request_.ranks.end(), rank) == request_.ranks.end())
        return false;
    return request_.regions.empty() || std::find(request_.regions.begin(), request_.regions.end(),
                                                 *row.name) != request_.regions.end();
}

std::uint64_t JsonRegionRows::eventBytes() const {
    const EventColumns& e = results_.events;
    std::uint64_t values = e.starts.size() + e.ends.size() + e.gpuDurations.size() +
                           e.callIds.size() + e.parentIds.size() + e.threadIds.size() +
                           e.taskIds.size() + e.awaitNs.size();
    // As eventBytesInMemory: one more value per call for the timeline's index.
    return (values + e.starts.size()) * sizeof(std::int64_t);
}

void JsonRegionRows::truncate(std::size_t length) {
    results_.events.starts.resize(std::min(results_.events.starts.size(), length));
    results_.events.ends.resize(std::min(results_.events.ends.size(), length));
    for (EventColumn* column : optionalColumns())
        column->resize(std::min(column->size(), length));
}

void JsonRegionRows::dropEvents() {
    // The statistics are in the rows; the calls themselves go.
    results_.events = EventColumns();
    for (RankRegion& row : results_.rows)
        row.offset = 0;
}

void JsonRegionRows::finish(bool documentHasEvents) {
    results_.layout = anyAggregate_ ? StorageLayout::Aggregate : StorageLayout::Columnar;
    results_.eventsRead = keepEvents_ && documentHasEvents && !anyAggregate_ && !anySummary_;
    // The statistics of a summary-only read came from the calls themselves.
    results_.summaryFallback = request_.summaryOnly && anyEventRows_;
    if (!results_.eventsRead)
        dropEvents();
}

} // namespace scope
