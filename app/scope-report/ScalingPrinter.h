// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "compare/ScalingModel.h"

#include <ostream>
#include <string>

namespace scope::report {

// `scope-report --scaling`: the runs along the axis, then one line per region
// with its serial fraction (strong scaling), power-law exponent and growth per
// doubling, the R² of both fits, the parallel efficiency at each run and the
// axis value at which the region would dominate.
class ScalingPrinter {
public:
    static void print(std::ostream& out, const ScalingStudy& study);
    // {"scaling": {"axis", "mode", "metric", "runs": [{"path", "value"}],
    //  "regions": [{"name", "serial_fraction", "t1", "exponent",
    //  "growth_per_doubling", "r2": {"amdahl", "power_law"}, "efficiency",
    //  "dominates_at"}]}}; null where a value is unknown.
    static std::string json(const ScalingStudy& study);
};

} // namespace scope::report
