// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace scope {

using MetadataValue = std::variant<std::string, std::int64_t, double, std::vector<std::string>>;

struct MetadataEntry {
    std::string key;
    MetadataValue value;
};

// /metadata attributes in file order; unknown keys are kept.
class Metadata {
public:
    std::vector<MetadataEntry> entries;

    const MetadataValue* find(std::string_view key) const;
    std::optional<std::int64_t> integer(std::string_view key) const;
    std::optional<double> number(std::string_view key) const;
    std::optional<std::string> text(std::string_view key) const;
    // A value as a user reads it: lists comma-separated, floats in shortest form.
    static std::string display(const MetadataValue& value);
};

} // namespace scope
