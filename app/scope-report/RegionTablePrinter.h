// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ExportSelection.h"
#include "model/ProfilingResults.h"

#include <ostream>
#include <string>
#include <vector>

namespace scope::report {

// Prints one file as `scope-profiler inspect` does: a heading, every metadata
// key, then a table of the selected regions with statistics pooled over the
// selected ranks, durations in readable units; runs with GPU durations add
// GPU calls, GPU total and GPU avg.
class RegionTablePrinter {
public:
    explicit RegionTablePrinter(ExportSelection selection);

    void print(std::ostream& out, const ProfilingResults& results) const;

private:
    using Row = std::vector<std::string>;

    void printHeading(std::ostream& out, const ProfilingResults& results) const;
    static void printMetadata(std::ostream& out, const Metadata& metadata);
    std::vector<Row> tableRows(const ProfilingResults& results) const;
    static void printTable(std::ostream& out, const std::vector<Row>& rows);

    ExportSelection selection_;
};

} // namespace scope::report
