// SPDX-License-Identifier: GPL-3.0-or-later
#include "CsvWriter.h"

namespace scope {

std::string CsvWriter::quote(std::string_view field) {
    if (field.find_first_of(",\"\r\n") == std::string_view::npos)
        return std::string(field);
    std::string quoted = "\"";
    for (const char c : field) {
        if (c == '"')
            quoted += '"';
        quoted += c;
    }
    quoted += '"';
    return quoted;
}

void CsvWriter::appendField(std::string_view field, bool first) {
    if (!first)
        out_ += ',';
    out_ += quote(field);
}

void CsvWriter::writeRow(std::span<const std::string> fields) {
    bool first = true;
    for (const auto& field : fields) {
        appendField(field, first);
        first = false;
    }
    out_ += "\r\n";
}

void CsvWriter::writeRow(std::initializer_list<std::string_view> fields) {
    bool first = true;
    for (const auto field : fields) {
        appendField(field, first);
        first = false;
    }
    out_ += "\r\n";
}

} // namespace scope
