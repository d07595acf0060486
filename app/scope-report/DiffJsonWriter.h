// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "compare/RegionChange.h"

#include <string>

namespace scope::report {

// `scope-report --diff ... --json PATH`:
//   {"diff": {"baseline", "other", "statistic", "alpha", "threshold_percent",
//             "correction", "regions": [{"name", "renamed_from", "baseline",
//             "other", "change_percent", "ci_low_percent", "ci_high_percent",
//             "p_value", "verdict", "per_call_data", "explained": {"calls",
//             "per_call", "imbalance"}, "paths": [{"path", "share",
//             "delta_seconds"}], "imbalance_pattern", "repeats_for_1_percent"}]}}
// "baseline" and "other" are the file's path with one run on that side and
// an array of the paths with several (the values are then the mean over the
// runs). Unknown numbers are null; "explained" is in the statistic's unit.
class DiffJsonWriter {
public:
    static std::string json(const DiffReport& report);
};

} // namespace scope::report
