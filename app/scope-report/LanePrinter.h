// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/LaneTable.h"
#include "model/ProfilingResults.h"

#include <ostream>

namespace scope::report {

// Prints `scope-report --lanes` below a file's table: one line per rank and
// thread/task lane with upstream's label, the rank, the lane key, calls, time
// in top-level calls and their await time.
class LanePrinter {
public:
    static void print(std::ostream& out, const LaneTable& lanes);
    // What stands in its place for a file without per-call data.
    static void printUnavailable(std::ostream& out, const ProfilingResults& results);
};

} // namespace scope::report
