// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ExportSelection.h"
#include "model/ProfilingResults.h"

#include <ostream>

namespace scope::report {

// scope-report --imbalance: after the file's table, one line per kept region
// with its imbalance pattern over the selected ranks (ImbalancePattern),
// "unknown" lines left out; a note instead when the file has no per-call data.
class ImbalancePrinter {
public:
    static void print(std::ostream& out, const ProfilingResults& results,
                      const ExportSelection& selection);
};

} // namespace scope::report
