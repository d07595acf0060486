// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "compare/RunComparison.h"

#include <ostream>
#include <string>
#include <vector>

namespace scope::report {

// Prints `scope-report --diff` as `scope-profiler diff` prints its table: the
// two files, one line per region (baseline a, other b, delta, delta [%]),
// largest |delta| first, then the regions found in only one of the files.
class DiffPrinter {
public:
    explicit DiffPrinter(ComparisonMetric metric);

    void print(std::ostream& out, const std::string& baselinePath, const std::string& otherPath,
               const std::vector<ComparisonRow>& rows) const;

private:
    std::string value(const std::optional<double>& v) const;
    std::string signedValue(double v) const;
    static std::string percent(const std::optional<double>& v);

    ComparisonMetric metric_;
};

} // namespace scope::report
