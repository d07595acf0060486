// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <algorithm>
#include <cctype>
#include <string>
#include <string_view>

namespace scope {

// The last line of what a process wrote that says something (a letter or a
// digit: not the rules of dashes mpirun draws around its messages), without
// the blanks around it: what an error quotes of ssh or of a command that failed.
inline std::string lastLine(std::string_view text) {
    const auto says = [](std::string_view line) {
        return std::any_of(line.begin(), line.end(),
                           [](char c) { return std::isalnum(static_cast<unsigned char>(c)); });
    };
    while (!text.empty()) {
        const std::size_t newline = text.rfind('\n');
        const std::size_t begin = newline == std::string_view::npos ? 0 : newline + 1;
        std::string_view line = text.substr(begin);
        text = text.substr(0, newline == std::string_view::npos ? 0 : newline);
        const std::size_t first = line.find_first_not_of("\r \t");
        const std::size_t last = line.find_last_not_of("\r \t");
        if (first != std::string_view::npos && says(line))
            return std::string(line.substr(first, last + 1 - first));
    }
    return {};
}

} // namespace scope
