// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <initializer_list>
#include <span>
#include <string>
#include <string_view>

namespace scope {

// RFC 4180 CSV: CRLF line ends; a field holding a comma, quote, CR or LF is
// quoted, with its quotes doubled. Fields are UTF-8 and written unchanged.
class CsvWriter {
public:
    void writeRow(std::span<const std::string> fields);
    void writeRow(std::initializer_list<std::string_view> fields);

    const std::string& str() const { return out_; }
    std::string take() { return std::move(out_); }

    static std::string quote(std::string_view field);

private:
    void appendField(std::string_view field, bool first);

    std::string out_;
};

} // namespace scope
