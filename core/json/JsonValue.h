// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "JsonTokenizer.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace scope {

// One small JSON value held whole: the metadata, a thread or task row, a
// LIKWID entry, a line-profile record, an aggregate. Event arrays never
// become one (JsonProfileReader streams them into columns).
struct JsonMember;

struct JsonValue {
    enum class Kind { Null, Boolean, Integer, Float, String, Array, Object };

    Kind kind = Kind::Null;
    bool boolean = false;
    std::int64_t integer = 0;
    double number = 0.0;     // Integer and Float
    bool bigInteger = false; // a Float written as an integer past int64
    std::string text;
    std::vector<JsonValue> items;
    // In document order. Not pairs: clang 14 (the fuzz build) wants a
    // pair's types complete where the vector is declared.
    std::vector<JsonMember> members;

    // The value whose first token `first` the tokenizer just returned.
    static JsonValue read(JsonTokenizer& in, JsonTokenizer::Token first);

    // The member `key` of an object; nullptr when absent or not an object.
    const JsonValue* find(std::string_view key) const;
    bool isNumber() const { return kind == Kind::Integer || kind == Kind::Float; }
    const char* kindName() const;
};

// A member of a JSON object.
struct JsonMember {
    std::string key;
    JsonValue value;
};

} // namespace scope
