// SPDX-License-Identifier: GPL-3.0-or-later
#include "CallTreePrinter.h"

#include "DisplayWidth.h"
#include "base/DurationFormat.h"
#include "export/CallTreeJson.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

namespace scope::report {

namespace {

using Row = std::vector<std::string>;

std::string percentOfRun(std::int64_t ns, std::int64_t runNs) {
    if (runNs <= 0)
        return "n/a";
    char text[32];
    std::snprintf(text, sizeof text, "%.1f%%",
                  100.0 * static_cast<double>(ns) / static_cast<double>(runNs));
    return text;
}

std::string seconds(std::int64_t ns) {
    return formatDuration(static_cast<double>(ns) / 1e9);
}

} // namespace

CallTreePrinter::CallTreePrinter(RegionFilter filter) : filter_(std::move(filter)) {}

void CallTreePrinter::print(std::ostream& out, const CallTree& tree,
                            const ProfilingResults& results) const {
    out << "\n  call tree:\n";
    const auto nodes = CallTreeJson(filter_).listedNodes(tree, results);
    if (nodes.empty()) {
        out << "  no call paths match\n";
        return;
    }
    std::vector<Row> rows;
    rows.push_back({"call path", "calls", "inclusive", "exclusive", "% of run"});
    for (const std::uint32_t node : nodes) {
        const auto region = static_cast<std::size_t>(tree.region[node]);
        rows.push_back({std::string(2 * (tree.depth[node] - 1), ' ') + results.regions[region] +
                            (CallTreeJson::isFolded(tree, node) ? " (and deeper calls)" : ""),
                        std::to_string(tree.calls[node]), seconds(tree.inclusiveNs[node]),
                        seconds(CallTreeJson::listedExclusiveNs(tree, node)),
                        percentOfRun(tree.inclusiveNs[node], tree.runNs)});
    }
    printAligned(out, rows);
}

void CallTreePrinter::printUnavailable(std::ostream& out, const ProfilingResults& results) {
    out << "\n  call tree: not available, "
        << (results.layout == StorageLayout::Aggregate
                ? "the aggregate layout stores no per-call data"
                : "per-call events not read")
        << '\n';
}

} // namespace scope::report
