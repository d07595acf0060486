// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "H5File.h"
#include "model/Metadata.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace scope::h5 {

// Reads attributes of any kind the writers use: scalar strings (fixed or
// variable length), integers of any width, floats, and 1-D string arrays.
class AttributeReader {
public:
    AttributeReader(const H5File& file, hid_t object, std::string step);

    bool has(std::string_view name) const;
    // nullopt when absent or of a kind we do not understand (e.g. compound).
    std::optional<MetadataValue> value(std::string_view name) const;
    std::optional<std::string> text(std::string_view name) const;
    std::optional<std::int64_t> integer(std::string_view name) const;
    std::optional<double> number(std::string_view name) const;
    std::vector<std::string> texts(std::string_view name) const; // [] when absent
    // Every attribute of the object, in name order; unreadable ones are skipped.
    std::vector<MetadataEntry> all() const;

private:
    std::optional<MetadataValue> read(hid_t attribute) const;

    const H5File& file_;
    hid_t object_;
    std::string step_;
};

} // namespace scope::h5
