// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace scope {

// Streams JSON text laid out exactly like Python's json.dumps(payload, indent=N)
// with its defaults (ensure_ascii=True, separators "," and ": "), so exports
// can be diffed against the files scope-profiler writes. Keys are written in
// the order they are given.
//
//     JsonWriter json;
//     json.beginObject().key("count").value(3).key("std").null().endObject();
//     std::string text = json.take();
class JsonWriter {
public:
    explicit JsonWriter(int indent = 2);

    JsonWriter& beginObject();
    JsonWriter& endObject();
    JsonWriter& beginArray();
    JsonWriter& endArray();
    JsonWriter& key(std::string_view name);

    JsonWriter& value(std::string_view text);
    JsonWriter& value(const char* text) { return value(std::string_view(text)); }
    JsonWriter& value(const std::string& text) { return value(std::string_view(text)); }
    // NaN and infinities become null: they are not JSON.
    JsonWriter& value(double number);
    JsonWriter& value(std::optional<double> number);
    JsonWriter& value(bool flag);
    template <std::integral T>
    requires(!std::same_as<T, bool>) JsonWriter& value(T number) {
        if constexpr (std::is_signed_v<T>)
            return signedInteger(static_cast<std::int64_t>(number));
        else
            return unsignedInteger(static_cast<std::uint64_t>(number));
    }
    JsonWriter& null();
    JsonWriter& stringArray(const std::vector<std::string>& items);

    const std::string& str() const { return out_; }
    std::string take() { return std::move(out_); }

    // A JSON string literal, quotes included, with every non-ASCII character
    // as \uXXXX (surrogate pairs beyond the BMP). Invalid UTF-8 becomes U+FFFD.
    static std::string quote(std::string_view utf8);

private:
    struct Level {
        bool object = false;
        std::size_t items = 0;
    };

    JsonWriter& signedInteger(std::int64_t number);
    JsonWriter& unsignedInteger(std::uint64_t number);
    JsonWriter& raw(std::string_view token);
    void beforeValue();
    void newline(std::size_t depth);
    JsonWriter& open(bool object);
    JsonWriter& close(bool object);

    std::string out_;
    std::vector<Level> levels_;
    int indent_;
    bool afterKey_ = false;
};

} // namespace scope
