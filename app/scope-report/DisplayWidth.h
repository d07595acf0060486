// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace scope::report {

// Terminal columns a UTF-8 string takes: combining marks and zero-width
// characters count 0, East Asian wide and fullwidth characters (CJK, most
// emoji) 2, everything else 1. An approximation of wcwidth() that needs no locale.
std::size_t displayWidth(std::string_view utf8);

// text followed (or, for right alignment, preceded) by spaces up to width columns.
std::string padRight(std::string_view text, std::size_t width);
std::string padLeft(std::string_view text, std::size_t width);

// Rows as a table indented by two spaces: the first column left-aligned, the
// others right-aligned, each as wide as its widest cell.
void printAligned(std::ostream& out, const std::vector<std::vector<std::string>>& rows);

} // namespace scope::report
