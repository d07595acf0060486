// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ProfilingResults.h"

#include <ostream>

namespace scope::report {

// scope-report --likwid: per LIKWID region of the selected ranks, a table of
// time, calls, metrics and events with one column per CPU.
class LikwidPrinter {
public:
    static void print(std::ostream& out, const ProfilingResults& results,
                      const RankSelection& ranks);
};

} // namespace scope::report
