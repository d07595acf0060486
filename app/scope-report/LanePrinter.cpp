// SPDX-License-Identifier: GPL-3.0-or-later
#include "LanePrinter.h"

#include "DisplayWidth.h"
#include "base/DurationFormat.h"

#include <string>
#include <vector>

namespace scope::report {

namespace {

std::string seconds(std::int64_t ns) {
    return formatDuration(static_cast<double>(ns) / 1e9);
}

} // namespace

void LanePrinter::print(std::ostream& out, const LaneTable& lanes) {
    out << "\n  thread/task lanes:\n";
    if (lanes.empty()) {
        out << "  none recorded (the run did not track threads: one stack per rank)\n";
        return;
    }
    std::vector<std::vector<std::string>> rows;
    rows.push_back({"lane", "rank", "key", "calls", "top-level", "await"});
    for (const LaneSummary& lane : lanes.lanes())
        rows.push_back({lane.label, std::to_string(lane.rank), std::to_string(lane.lane),
                        std::to_string(lane.calls), seconds(lane.rootNs), seconds(lane.awaitNs)});
    printAligned(out, rows);
}

void LanePrinter::printUnavailable(std::ostream& out, const ProfilingResults& results) {
    out << "\n  thread/task lanes: not available, "
        << (results.layout == StorageLayout::Aggregate
                ? "the aggregate layout stores no per-call data"
                : "per-call events not read")
        << '\n';
}

} // namespace scope::report
