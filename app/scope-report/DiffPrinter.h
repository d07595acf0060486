// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "compare/RegionChange.h"

#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace scope::report {

// Prints `scope-report --diff` as `scope-profiler diff` prints its table: the
// two sides' files, one line per region (baseline a, other b, delta,
// delta [%]), largest |delta| first, then the regions found on one side only.
// Beyond scope-profiler: each region's verdict, the 95 % interval of its
// change and its corrected p-value, renamed regions, and the findings as
// sentences after the table.
class DiffPrinter {
public:
    explicit DiffPrinter(ComparisonMetric metric);

    // Regions whose |change| is below `hidePercent` are left out of the table
    // (regions without a percentage are always listed).
    void print(std::ostream& out, const DiffReport& report,
               std::optional<double> hidePercent = {}) const;

private:
    std::string value(const std::optional<double>& v) const;
    std::string signedValue(double v) const;
    static std::string percent(const std::optional<double>& v);
    static std::string interval(const RegionChange& change);
    static std::string pValue(const RegionChange& change);

    ComparisonMetric metric_;
};

} // namespace scope::report
