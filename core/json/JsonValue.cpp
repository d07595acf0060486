// SPDX-License-Identifier: GPL-3.0-or-later
#include "JsonValue.h"

namespace scope {

JsonValue JsonValue::read(JsonTokenizer& in, JsonTokenizer::Token first) {
    using Token = JsonTokenizer::Token;
    JsonValue v;
    switch (first) {
    case Token::BeginObject:
        v.kind = Kind::Object;
        for (Token t = in.next(); t != Token::EndObject; t = in.next()) {
            std::string key = in.text();
            JsonValue member = read(in, in.next());
            v.members.push_back({std::move(key), std::move(member)});
        }
        break;
    case Token::BeginArray:
        v.kind = Kind::Array;
        for (Token t = in.next(); t != Token::EndArray; t = in.next())
            v.items.push_back(read(in, t));
        break;
    case Token::String:
        v.kind = Kind::String;
        v.text = in.text();
        break;
    case Token::Integer:
        v.kind = Kind::Integer;
        v.integer = in.integer();
        v.number = static_cast<double>(v.integer);
        break;
    case Token::Float:
        v.kind = Kind::Float;
        v.number = in.number();
        v.bigInteger = in.bigInteger();
        break;
    case Token::True:
    case Token::False:
        v.kind = Kind::Boolean;
        v.boolean = first == Token::True;
        break;
    case Token::Null:
        break;
    default:
        in.fail("expected a value");
    }
    return v;
}

const JsonValue* JsonValue::find(std::string_view key) const {
    for (const auto& [name, value] : members)
        if (name == key)
            return &value;
    return nullptr;
}

const char* JsonValue::kindName() const {
    switch (kind) {
    case Kind::Null:
        return "null";
    case Kind::Boolean:
        return "a boolean";
    case Kind::Integer:
        return "an integer";
    case Kind::Float:
        return "a float";
    case Kind::String:
        return "a string";
    case Kind::Array:
        return "an array";
    case Kind::Object:
        return "an object";
    }
    return "a value";
}

} // namespace scope
