// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace scope::utf8 {

// Decodes the code point at text[pos] and advances pos past it. Malformed
// input (stray continuation bytes, overlong forms, surrogates, truncation)
// yields U+FFFD and advances one byte, so decoding always makes progress.
char32_t decode(std::string_view text, std::size_t& pos);

} // namespace scope::utf8
