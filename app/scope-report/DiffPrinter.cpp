// SPDX-License-Identifier: GPL-3.0-or-later
#include "DiffPrinter.h"

#include "DisplayWidth.h"
#include "compare/WhatChanged.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

namespace scope::report {
namespace {

constexpr std::size_t kColumns = 8;
using Cells = std::array<std::string, kColumns>;

std::string printfG(const char* format, double v) {
    std::array<char, 64> buffer{};
    std::snprintf(buffer.data(), buffer.size(), format, v);
    return buffer.data();
}

std::string header(ComparisonMetric metric) {
    return metric == ComparisonMetric::Calls ? "calls" : std::string(metricName(metric)) + " [s]";
}

std::string files(const std::vector<std::string>& paths) {
    std::string text;
    for (const std::string& path : paths)
        text += (text.empty() ? "" : ", ") + path;
    if (paths.size() > 1)
        text += " (" + std::to_string(paths.size()) + " runs, their mean)";
    return text;
}

double delta(const RegionChange& change) {
    // A side without the region counts as 0, as in scope-profiler diff.
    return change.other.value_or(0.0) - change.baseline.value_or(0.0);
}

} // namespace

DiffPrinter::DiffPrinter(ComparisonMetric metric) : metric_(metric) {}

std::string DiffPrinter::value(const std::optional<double>& v) const {
    if (!v)
        return "-";
    if (metric_ == ComparisonMetric::Calls)
        return std::to_string(static_cast<long long>(std::llround(*v)));
    return printfG("%.6g", *v);
}

// The sign rule of scope-profiler diff: "+" before every value >= 0.
std::string DiffPrinter::signedValue(double v) const {
    const std::string sign = v >= 0 ? "+" : "";
    if (metric_ == ComparisonMetric::Calls)
        return sign + std::to_string(static_cast<long long>(std::llround(v)));
    return sign + printfG("%.6g", v);
}

std::string DiffPrinter::percent(const std::optional<double>& v) {
    if (!v)
        return "-";
    return (*v >= 0 ? "+" : "") + printfG("%.4g", *v) + "%";
}

std::string DiffPrinter::interval(const RegionChange& change) {
    if (!change.ciLowPercent || !change.ciHighPercent)
        return "-";
    // A bound that rounds to zero from below is no change.
    const auto bound = [](double v) {
        const std::string text = printfG("%+.1f", v);
        return text == "-0.0" ? std::string("+0.0") : text;
    };
    return "[" + bound(*change.ciLowPercent) + ", " + bound(*change.ciHighPercent) + "]%";
}

std::string DiffPrinter::pValue(const RegionChange& change) {
    if (!change.pValue)
        return "-";
    return *change.pValue < 0.001 ? "<0.001" : printfG("%.3f", *change.pValue);
}

void DiffPrinter::print(std::ostream& out, const DiffReport& report,
                        std::optional<double> hidePercent) const {
    std::vector<const RegionChange*> rows;
    for (const RegionChange& change : report.regions)
        if (!hidePercent || !change.changePercent ||
            std::abs(*change.changePercent) >= *hidePercent)
            rows.push_back(&change);
    std::sort(rows.begin(), rows.end(),
              [](const RegionChange* x, const RegionChange* y) { return x->name < y->name; });
    std::stable_sort(rows.begin(), rows.end(), [](const RegionChange* x, const RegionChange* y) {
        return std::abs(delta(*x)) > std::abs(delta(*y));
    });

    const std::string rule(78, '=');
    out << rule << "\na: " << files(report.baselineFiles) << "\nb: " << files(report.otherFiles)
        << '\n'
        << rule << "\n\n";
    out << "Regions (" << rows.size() << ")\n";
    if (rows.empty()) {
        out << "  (no regions to compare)\n";
        return;
    }
    const std::string label = header(metric_);
    std::vector<Cells> table;
    table.push_back({"region", label + " (a)", label + " (b)", "delta", "delta [%]", "verdict",
                     "95% interval", "p"});
    bool summaryOnly = false;
    bool tooFewCalls = false;
    for (const RegionChange* row : rows) {
        std::string verdict(verdictName(row->verdict));
        if (!row->perCallData) {
            verdict += "*";
            summaryOnly = true;
        } else if (row->tooFewCalls) {
            verdict += "+";
            tooFewCalls = true;
        }
        const std::string name =
            row->renamedFrom ? row->name + " (was " + *row->renamedFrom + ")" : row->name;
        table.push_back({name, value(row->baseline), value(row->other), signedValue(delta(*row)),
                         percent(row->changePercent), verdict, interval(*row), pValue(*row)});
    }
    std::array<std::size_t, kColumns> widths{};
    for (const auto& cells : table)
        for (std::size_t c = 0; c < cells.size(); ++c)
            widths[c] = std::max(widths[c], displayWidth(cells[c]));
    const auto render = [&widths](const Cells& cells) {
        std::string line = padRight(cells[0], widths[0]);
        for (std::size_t c = 1; c < cells.size(); ++c)
            line += "  " + (c == 5 ? padRight(cells[c], widths[c]) : padLeft(cells[c], widths[c]));
        line.erase(line.find_last_not_of(' ') + 1);
        return line;
    };
    const std::string heading = render(table.front());
    const std::string dashes(displayWidth(heading), '-');
    out << "  " << heading << "\n  " << dashes << '\n';
    for (std::size_t r = 1; r < table.size(); ++r)
        out << "  " << render(table[r]) << '\n';
    out << "  " << dashes << '\n';
    out << "  verdict on " << metricName(report.statistic) << ": p of Mann-Whitney U"
        << (report.baselineFiles.size() > 1 || report.otherFiles.size() > 1
                ? " (across runs: Welch's t)"
                : "")
        << ", " << report.correction << "-corrected over the regions; slower or faster when p < "
        << printfG("%g", report.alpha) << " and the change exceeds "
        << printfG("%g", report.thresholdPercent) << " %\n";
    if (summaryOnly)
        out << "  * no per-call data: the verdict comes from the totals alone\n";
    if (tooFewCalls)
        out << "  + too few calls for a test to reach alpha: the verdict comes from the totals "
               "alone\n";

    const auto namesWhere = [&rows](auto wanted) {
        std::string names;
        for (const RegionChange* row : rows)
            if (wanted(*row))
                names += (names.empty() ? "" : ", ") + row->name;
        return names;
    };
    const std::string onlyA = namesWhere([](const RegionChange& r) { return !r.other; });
    const std::string onlyB = namesWhere([](const RegionChange& r) { return !r.baseline; });
    if (!onlyA.empty())
        out << "\n  Only in a: " << onlyA << '\n';
    if (!onlyB.empty())
        out << "  Only in b: " << onlyB << '\n';
    for (const RegionChange* row : rows)
        if (row->renamedFrom)
            out << "  Renamed: " << *row->renamedFrom << " -> " << row->name
                << " (same source line)\n";

    const std::vector<std::string> findings = WhatChanged::findings(report);
    if (!findings.empty()) {
        out << "\nWhat changed\n";
        for (const std::string& finding : findings)
            out << "  - " << finding << '\n';
    }
    out << '\n';
}

} // namespace scope::report
