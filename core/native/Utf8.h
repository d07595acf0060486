// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string_view>

namespace scope {

// Whether `text` is well-formed UTF-8 (no overlong forms, surrogates or code
// points past U+10FFFF): a native trace stores names as raw bytes, and a
// damaged one must not reach the exports as invalid JSON.
bool isValidUtf8(std::string_view text);

} // namespace scope
