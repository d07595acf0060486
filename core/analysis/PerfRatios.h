// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/AuxiliaryData.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace scope {

struct PerfRatio {
    std::string name;
    double value;
};

// IPC (instructions/cycles), cache-miss rate (cache-misses/cache-references),
// branch-miss rate (branch-misses/branches): those whose counters exist and are > 0.
// Event names are matched in perf's spellings and their variants: case, '_'
// for '-', a PERF_COUNT_HW_ prefix and the aliases cpu-cycles and
// branch-instructions.
std::vector<PerfRatio> perfRatios(const PerfEventSet& set);

// The value of a counter under any of its spellings, if the set has it.
std::optional<double> perfCounter(const PerfEventSet& set, std::string_view canonicalName);

} // namespace scope
