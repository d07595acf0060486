// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "RegionChange.h"

#include <cstddef>
#include <string>
#include <vector>

namespace scope {

// WhatChanged's findings as sentences for people.
class ChangeFindings {
public:
    // One sentence per region that is slower, faster, new, removed or
    // renamed, in the report's order; at most `most` of them.
    static std::vector<std::string> sentences(const DiffReport& report, std::size_t most);
    // The sentence of one region ("" for a region that is unchanged and kept its name).
    static std::string sentence(const RegionChange& change, ComparisonMetric statistic);
    // "+5.1 %", "-0.3 %": one decimal, a sign always.
    static std::string signedPercent(double percent);
    // "p < 0.001", "p = 0.004".
    static std::string pValueText(double p);
};

} // namespace scope
