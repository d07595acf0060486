// SPDX-License-Identifier: GPL-3.0-or-later
#include "DisplayWidth.h"

#include "base/Utf8.h"

#include <algorithm>
#include <array>
#include <utility>

namespace scope::report {

namespace {

using Range = std::pair<char32_t, char32_t>;

constexpr std::array<Range, 12> kZeroWidth = {{
    {0x0300, 0x036F}, // combining diacritical marks
    {0x0483, 0x0489},
    {0x0591, 0x05BD},
    {0x0610, 0x061A},
    {0x064B, 0x065F},
    {0x0E31, 0x0E3A},
    {0x1AB0, 0x1AFF},
    {0x1DC0, 0x1DFF},
    {0x200B, 0x200F}, // zero-width space, joiners, direction marks
    {0x20D0, 0x20FF},
    {0xFE00, 0xFE0F}, // variation selectors
    {0xFE20, 0xFE2F},
}};

constexpr std::array<Range, 13> kWide = {{
    {0x1100, 0x115F},
    {0x2E80, 0x303E},
    {0x3041, 0x33FF},
    {0x3400, 0x4DBF},
    {0x4E00, 0x9FFF},
    {0xA000, 0xA4CF},
    {0xAC00, 0xD7A3},
    {0xF900, 0xFAFF},
    {0xFE30, 0xFE4F},
    {0xFF00, 0xFF60},
    {0xFFE0, 0xFFE6},
    {0x1F300, 0x1FAFF}, // pictographs and emoji
    {0x20000, 0x3FFFD},
}};

template <std::size_t N> bool inRanges(const std::array<Range, N>& ranges, char32_t code) {
    return std::any_of(ranges.begin(), ranges.end(),
                       [code](const Range& r) { return code >= r.first && code <= r.second; });
}

} // namespace

std::size_t displayWidth(std::string_view utf8) {
    std::size_t width = 0;
    std::size_t pos = 0;
    while (pos < utf8.size()) {
        const char32_t code = utf8::decode(utf8, pos);
        if (code < 0x20 || (code >= 0x7F && code < 0xA0) || inRanges(kZeroWidth, code))
            continue;
        width += inRanges(kWide, code) ? 2 : 1;
    }
    return width;
}

std::string padRight(std::string_view text, std::size_t width) {
    std::string out(text);
    const std::size_t used = displayWidth(text);
    if (used < width)
        out.append(width - used, ' ');
    return out;
}

std::string padLeft(std::string_view text, std::size_t width) {
    const std::size_t used = displayWidth(text);
    std::string out(used < width ? width - used : 0, ' ');
    out += text;
    return out;
}

void printAligned(std::ostream& out, const std::vector<std::vector<std::string>>& rows) {
    std::vector<std::size_t> widths;
    for (const auto& row : rows) {
        widths.resize(std::max(widths.size(), row.size()), 0);
        for (std::size_t column = 0; column < row.size(); ++column)
            widths[column] = std::max(widths[column], displayWidth(row[column]));
    }
    for (const auto& row : rows) {
        if (row.empty())
            continue;
        std::string line = "  " + padRight(row[0], widths[0]);
        for (std::size_t column = 1; column < row.size(); ++column)
            line += "  " + padLeft(row[column], widths[column]);
        out << line << '\n';
    }
}

} // namespace scope::report
