// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace scope {

// How much memory a run's per-call data may take before it is read on demand
// (--memory-budget, the viewer's preference).
struct MemoryBudget {
    // "2G", "160M", "512K", "1.5G" or plain bytes; binary units (M = MiB),
    // case-insensitive, an optional trailing "B"/"iB". Throws
    // std::invalid_argument with a message for the user on anything else or 0.
    static std::uint64_t parse(std::string_view text);
    // Half of the machine's physical memory, as the issue asks for a default.
    static std::uint64_t defaultBytes();
    // What of `budget` a run's calls may take now: the budget counts the
    // whole process, so what it already holds (the window, other runs) is
    // taken off; at least a quarter of it (and a byte), since the process
    // may hold memory it will give back. 0 stays 0 (no limit).
    static std::uint64_t forData(std::uint64_t budget);
    // This process's resident memory (0 where unknown).
    static std::uint64_t residentBytes();
    // "160 MiB", "2 GiB", "1.5 GiB": what the status bar and --help show.
    static std::string format(std::uint64_t bytes);
};

} // namespace scope
