// SPDX-License-Identifier: GPL-3.0-or-later
#include "JsonWriter.h"

#include "PythonFloat.h"
#include "base/Utf8.h"

#include <cmath>
#include <stdexcept>

namespace scope {

namespace {

void appendUnicodeEscape(std::string& out, char32_t unit) {
    // Lower-case hex, as Python writes it.
    static constexpr char kHex[] = "0123456789abcdef";
    out += "\\u";
    for (int shift = 12; shift >= 0; shift -= 4)
        out += kHex[(unit >> shift) & 0xF];
}

} // namespace

JsonWriter::JsonWriter(int indent) : indent_(indent < 0 ? 0 : indent) {}

std::string JsonWriter::quote(std::string_view utf8) {
    std::string out;
    out.reserve(utf8.size() + 2);
    out += '"';
    std::size_t pos = 0;
    while (pos < utf8.size()) {
        const char32_t code = utf8::decode(utf8, pos);
        switch (code) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        case '\b':
            out += "\\b";
            break;
        case '\f':
            out += "\\f";
            break;
        default:
            if (code >= 0x20 && code < 0x7F) {
                out += static_cast<char>(code);
            } else if (code < 0x10000) {
                appendUnicodeEscape(out, code);
            } else {
                const char32_t offset = code - 0x10000;
                appendUnicodeEscape(out, 0xD800 + (offset >> 10));
                appendUnicodeEscape(out, 0xDC00 + (offset & 0x3FF));
            }
        }
    }
    out += '"';
    return out;
}

void JsonWriter::newline(std::size_t depth) {
    out_ += '\n';
    out_.append(depth * static_cast<std::size_t>(indent_), ' ');
}

void JsonWriter::beforeValue() {
    if (afterKey_) {
        afterKey_ = false;
        return;
    }
    if (levels_.empty()) {
        if (!out_.empty())
            throw std::logic_error("JsonWriter: a second top-level value");
        return;
    }
    Level& level = levels_.back();
    if (level.object)
        throw std::logic_error("JsonWriter: a value in an object needs a key");
    if (level.items++ > 0)
        out_ += ',';
    newline(levels_.size());
}

JsonWriter& JsonWriter::key(std::string_view name) {
    if (levels_.empty() || !levels_.back().object || afterKey_)
        throw std::logic_error("JsonWriter: a key outside an object");
    Level& level = levels_.back();
    if (level.items++ > 0)
        out_ += ',';
    newline(levels_.size());
    out_ += quote(name);
    out_ += ": ";
    afterKey_ = true;
    return *this;
}

JsonWriter& JsonWriter::open(bool object) {
    beforeValue();
    out_ += object ? '{' : '[';
    levels_.push_back({object, 0});
    return *this;
}

JsonWriter& JsonWriter::close(bool object) {
    if (levels_.empty() || levels_.back().object != object || afterKey_)
        throw std::logic_error("JsonWriter: unbalanced end of object or array");
    const bool empty = levels_.back().items == 0;
    levels_.pop_back();
    // Python writes empty containers as "{}" and "[]" even when indenting.
    if (!empty)
        newline(levels_.size());
    out_ += object ? '}' : ']';
    return *this;
}

JsonWriter& JsonWriter::beginObject() {
    return open(true);
}
JsonWriter& JsonWriter::endObject() {
    return close(true);
}
JsonWriter& JsonWriter::beginArray() {
    return open(false);
}
JsonWriter& JsonWriter::endArray() {
    return close(false);
}

JsonWriter& JsonWriter::raw(std::string_view token) {
    beforeValue();
    out_ += token;
    return *this;
}

JsonWriter& JsonWriter::value(std::string_view text) {
    return raw(quote(text));
}

JsonWriter& JsonWriter::value(double number) {
    if (!std::isfinite(number))
        return null();
    return raw(formatPythonFloat(number));
}

JsonWriter& JsonWriter::value(std::optional<double> number) {
    return number ? value(*number) : null();
}

JsonWriter& JsonWriter::value(bool flag) {
    return raw(flag ? "true" : "false");
}

JsonWriter& JsonWriter::signedInteger(std::int64_t number) {
    return raw(std::to_string(number));
}

JsonWriter& JsonWriter::unsignedInteger(std::uint64_t number) {
    return raw(std::to_string(number));
}

JsonWriter& JsonWriter::null() {
    return raw("null");
}

JsonWriter& JsonWriter::stringArray(const std::vector<std::string>& items) {
    beginArray();
    for (const auto& item : items)
        value(item);
    return endArray();
}

} // namespace scope
