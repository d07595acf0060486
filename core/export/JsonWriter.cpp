#include "JsonWriter.h"

#include "PythonFloat.h"

#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace scope {

namespace {

constexpr char32_t kReplacement = 0xFFFD;

// Decodes one UTF-8 sequence at text[pos] and advances pos; malformed input
// (stray continuation bytes, overlong forms, surrogates) yields U+FFFD for one byte.
char32_t decodeUtf8(std::string_view text, std::size_t& pos) {
    const auto lead = static_cast<unsigned char>(text[pos]);
    std::size_t length = 0;
    char32_t code = 0;
    char32_t minimum = 0;
    if (lead < 0x80) {
        ++pos;
        return lead;
    } else if ((lead & 0xE0) == 0xC0) {
        length = 2;
        code = lead & 0x1F;
        minimum = 0x80;
    } else if ((lead & 0xF0) == 0xE0) {
        length = 3;
        code = lead & 0x0F;
        minimum = 0x800;
    } else if ((lead & 0xF8) == 0xF0) {
        length = 4;
        code = lead & 0x07;
        minimum = 0x10000;
    } else {
        ++pos;
        return kReplacement;
    }
    if (pos + length > text.size()) {
        ++pos;
        return kReplacement;
    }
    for (std::size_t i = 1; i < length; ++i) {
        const auto byte = static_cast<unsigned char>(text[pos + i]);
        if ((byte & 0xC0) != 0x80) {
            ++pos;
            return kReplacement;
        }
        code = (code << 6) | (byte & 0x3F);
    }
    if (code < minimum || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) {
        ++pos;
        return kReplacement;
    }
    pos += length;
    return code;
}

void appendUnicodeEscape(std::string& out, char32_t unit) {
    char buffer[8];
    std::snprintf(buffer, sizeof buffer, "\\u%04x", static_cast<unsigned>(unit));
    out += buffer;
}

} // namespace

JsonWriter::JsonWriter(int indent) : indent_(indent < 0 ? 0 : indent) {}

std::string JsonWriter::quote(std::string_view utf8) {
    std::string out;
    out.reserve(utf8.size() + 2);
    out += '"';
    std::size_t pos = 0;
    while (pos < utf8.size()) {
        const char32_t code = decodeUtf8(utf8, pos);
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
