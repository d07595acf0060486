// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

namespace scope::index_tool {

// A command line scope-index cannot run with; the message says what is wrong.
class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// The parsed command line of scope-index.
struct IndexOptions {
    // Arguments without the program name. Throws UsageError; --help and
    // --version need no FILE, everything else exactly one.
    static IndexOptions parse(std::span<const std::string_view> arguments);
    static std::string usage();

    std::string file;
    std::optional<std::string> output; // --output: this path, not where the viewer looks
    bool beside = false;               // --index-beside: FILE.scopeindex
    std::uint64_t memoryBudget = 0;    // 0 = half of the physical memory
    bool help = false;
    bool version = false;
};

} // namespace scope::index_tool
