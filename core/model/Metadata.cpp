// SPDX-License-Identifier: GPL-3.0-or-later
#include "Metadata.h"

#include <charconv>

namespace scope {

const MetadataValue* Metadata::find(std::string_view key) const {
    for (const MetadataEntry& entry : entries)
        if (entry.key == key)
            return &entry.value;
    return nullptr;
}

std::optional<std::int64_t> Metadata::integer(std::string_view key) const {
    const MetadataValue* v = find(key);
    if (v != nullptr && std::holds_alternative<std::int64_t>(*v))
        return std::get<std::int64_t>(*v);
    return std::nullopt;
}

std::optional<double> Metadata::number(std::string_view key) const {
    const MetadataValue* v = find(key);
    if (v == nullptr)
        return std::nullopt;
    if (std::holds_alternative<std::int64_t>(*v))
        return static_cast<double>(std::get<std::int64_t>(*v));
    if (std::holds_alternative<double>(*v))
        return std::get<double>(*v);
    return std::nullopt;
}

std::optional<std::string> Metadata::text(std::string_view key) const {
    const MetadataValue* v = find(key);
    if (v != nullptr && std::holds_alternative<std::string>(*v))
        return std::get<std::string>(*v);
    return std::nullopt;
}

std::string Metadata::display(const MetadataValue& value) {
    if (const auto* s = std::get_if<std::string>(&value))
        return *s;
    if (const auto* i = std::get_if<std::int64_t>(&value))
        return std::to_string(*i);
    if (const auto* d = std::get_if<double>(&value)) {
        char buffer[64];
        auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, *d);
        return ec == std::errc() ? std::string(buffer, end) : std::string("nan");
    }
    std::string joined;
    for (const std::string& item : std::get<std::vector<std::string>>(value)) {
        if (!joined.empty())
            joined += ", ";
        joined += item;
    }
    return joined;
}

} // namespace scope
