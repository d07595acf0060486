// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "compare/RegionChange.h"

#include <ostream>
#include <vector>

namespace scope::report {

// `scope-report --check`: the regions of a comparison that fail a CI gate.
// A region fails when its verdict is slower (significant after the
// correction, its interval beyond the threshold) and its change exceeds
// maxRegressionPercent; with failOnNew, a region new in the other side fails
// as well. Noise never fails it: an unchanged verdict passes, however large
// the change looks, and so does a region slower in its totals that no test
// could judge (too few calls, no per-call data): print lists those apart.
class RegressionCheck {
public:
    RegressionCheck(double maxRegressionPercent, bool failOnNew);

    std::vector<const RegionChange*> failures(const DiffReport& report) const;
    // Regions slower beyond the limit by their totals alone, without a test.
    std::vector<const RegionChange*> untested(const DiffReport& report) const;
    // Lists the failures (or says the check passed); true when it failed.
    bool print(std::ostream& out, const DiffReport& report) const;

private:
    double maxRegressionPercent_;
    bool failOnNew_;
};

} // namespace scope::report
