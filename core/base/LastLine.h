// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <string_view>

namespace scope {

// The last line of what a process wrote, without the blanks after it: what
// an error quotes of ssh or of a command that failed.
inline std::string lastLine(std::string_view text) {
    const std::size_t end = text.find_last_not_of("\r\n \t");
    if (end == std::string_view::npos)
        return {};
    const std::size_t newline = text.rfind('\n', end);
    const std::size_t begin = newline == std::string_view::npos ? 0 : newline + 1;
    return std::string(text.substr(begin, end + 1 - begin));
}

} // namespace scope
