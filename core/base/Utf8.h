// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace scope::utf8 {

// The code point at text[pos], advancing pos past it; empty for malformed
// input (stray continuation bytes, overlong forms, surrogates, code points
// past U+10FFFF, truncation), advancing one byte, so decoding always makes
// progress.
std::optional<char32_t> next(std::string_view text, std::size_t& pos);

// As next(), with U+FFFD for malformed input: what the exports write.
char32_t decode(std::string_view text, std::size_t& pos);

// Whether `text` is well-formed UTF-8: a native trace stores names as raw
// bytes, and a damaged one must not reach the exports as invalid JSON.
bool isValid(std::string_view text);

} // namespace scope::utf8
