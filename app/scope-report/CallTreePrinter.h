// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/CallTree.h"
#include "model/ProfilingResults.h"
#include "model/RegionFilter.h"

#include <ostream>

namespace scope::report {

// Prints `scope-report --call-tree`'s tree of one file below its region
// table: one line per listed call path, its region indented two spaces per
// level of nesting, with calls, inclusive and exclusive time and % of run in
// readable units. The filter picks the listed paths as in CallTreeJson.
class CallTreePrinter {
public:
    explicit CallTreePrinter(RegionFilter filter);

    void print(std::ostream& out, const CallTree& tree, const ProfilingResults& results) const;
    // What stands in its place for a file without per-call data.
    static void printUnavailable(std::ostream& out, const ProfilingResults& results);

private:
    RegionFilter filter_;
};

} // namespace scope::report
