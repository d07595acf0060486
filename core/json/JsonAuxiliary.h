// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "JsonValue.h"
#include "model/AuxiliaryData.h"
#include "model/CallSummary.h"
#include "model/LaneTables.h"
#include "model/Metadata.h"

#include <optional>
#include <vector>

namespace scope {

// The small parts of a JSON profile (threads-tasks-json.md §4), held whole
// and turned into the model's types as the HDF5 readers give them. A value of
// the wrong kind is a CorruptProfileError naming the member.
class JsonAuxiliary {
public:
    explicit JsonAuxiliary(const JsonTokenizer& in) : in_(in) {}

    // As AttributeReader gives /metadata: numbers, strings and string lists;
    // a one-number list is that number; null, objects and longer number
    // lists are left out, as HDF5 attributes of those kinds are.
    Metadata metadata(const JsonValue& object) const;
    // `{"<rank>": [row, ...]}`, appended.
    void threads(const JsonValue& byRank, std::vector<ThreadInfo>& out) const;
    void tasks(const JsonValue& byRank, std::vector<TaskInfo>& out) const;
    // `{"<rank>": {"<tag>": {...}}}`
    void likwid(const JsonValue& byRank, std::vector<LikwidRegion>& out) const;
    // `{"<rank>": [record, ...]}`
    void lineProfiles(const JsonValue& byRank, std::vector<LineProfile>& out) const;
    // A row's `aggregate`: aggregation mode (count, total, minimum, maximum)
    // or, with `summaryRow`, a summary-only export's 11 summary fields.
    CallSummary aggregate(const JsonValue& object, bool summaryRow,
                          std::optional<std::int64_t>& exclusive) const;

    std::uint32_t rankOf(std::string_view key, const char* what) const;

private:
    [[noreturn]] void wrong(const std::string& what, const JsonValue& value,
                            const char* expected) const;
    const JsonValue& member(const JsonValue& object, const char* key, const char* what) const;
    std::int64_t integer(const JsonValue& object, const char* key, const char* what,
                         std::optional<std::int64_t> fallback = std::nullopt) const;
    double number(const JsonValue& value, const std::string& what) const;
    std::string text(const JsonValue& object, const char* key, const char* what) const;
    std::vector<std::int64_t> integers(const JsonValue& object, const char* key,
                                       const char* what) const;
    std::vector<double> numbers(const JsonValue& object, const char* key, const char* what) const;
    std::vector<std::string> texts(const JsonValue& object, const char* key,
                                   const char* what) const;
    // A [rows][columns] list of lists, row-major.
    std::vector<double> matrix(const JsonValue& object, const char* key, std::size_t rows,
                               std::size_t columns, const char* what) const;

    const JsonTokenizer& in_;
};

} // namespace scope
