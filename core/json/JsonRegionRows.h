// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "JsonAuxiliary.h"
#include "JsonTokenizer.h"
#include "events/TimeRangeCheck.h"
#include "format/ReadRequest.h"
#include "model/ProfilingResults.h"

#include <array>
#include <set>
#include <unordered_map>

namespace scope {

// The "regions" array of a JSON profile (threads-tasks-json.md §4), streamed
// row by row: each row's event arrays are appended to the results' columns,
// measured as the HDF5 path measures them (RowStatistics), and dropped again
// when the request wants no events or they outgrow its memory budget (there is
// nothing to read them from on demand). Aggregation-mode and summary-only
// rows give their stored statistics.
class JsonRegionRows {
public:
    JsonRegionRows(JsonTokenizer& in, ProfilingResults& results, const ReadRequest& request);

    // The array whose BeginArray was just read, up to its EndArray.
    void readAll();
    // Sets the layout, eventsRead and clears the columns of a run without events.
    // `documentHasEvents`: the top-level "event_data_available".
    void finish(bool documentHasEvents);
    // max(rank) + 1 over the rows read, 0 without rows.
    std::uint32_t rankLimit() const { return results_.rows.empty() ? 0 : maxRank_ + 1; }

private:
    static constexpr std::size_t kOptional = 6;
    struct Row;

    void readRow(std::size_t number);
    void readMember(Row& row, const std::string& key, JsonTokenizer::Token value);
    void readColumn(std::size_t column, std::size_t offset);
    void endRow(Row& row);
    std::uint64_t eventBytes() const;
    void dropEvents();
    void truncate(std::size_t length);
    bool selected(const Row& row) const;
    std::array<EventColumn*, kOptional> optionalColumns();

    JsonTokenizer& in_;
    ProfilingResults& results_;
    const ReadRequest& request_;
    JsonAuxiliary aux_;
    std::unordered_map<std::string, std::uint32_t> regionIndex_;
    std::set<std::pair<std::uint32_t, std::uint32_t>> seen_;
    std::array<bool, kOptional> present_{};
    TimeRangeCheck range_;
    bool keepEvents_;
    bool anyAggregate_ = false;
    bool anySummary_ = false;
    bool anyEventRows_ = false;
    std::uint32_t maxRank_ = 0;
};

} // namespace scope
