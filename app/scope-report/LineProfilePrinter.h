// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ProfilingResults.h"

#include <ostream>

namespace scope::report {

// scope-report --line-profile: per profiled function the hits and time of
// each line (× the group's unit), its time per hit and share of the function.
class LineProfilePrinter {
public:
    static void print(std::ostream& out, const ProfilingResults& results,
                      const RankSelection& ranks);
};

} // namespace scope::report
