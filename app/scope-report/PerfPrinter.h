// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ProfilingResults.h"

#include <ostream>

namespace scope::report {

// scope-report --perf: per region and rank the perf counters and the ratios
// derived from them (IPC, cache-miss and branch-miss rates).
class PerfPrinter {
public:
    static void print(std::ostream& out, const ProfilingResults& results,
                      const RankSelection& ranks);
};

} // namespace scope::report
