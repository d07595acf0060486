// SPDX-License-Identifier: GPL-3.0-or-later
#include "DiffPrinter.h"

#include "DisplayWidth.h"

#include <algorithm>
#include <array>
#include <cstdio>

namespace scope::report {
namespace {

std::string printfG(const char* format, double v) {
    std::array<char, 64> buffer{};
    std::snprintf(buffer.data(), buffer.size(), format, v);
    return buffer.data();
}

std::string header(ComparisonMetric metric) {
    return metric == ComparisonMetric::Calls ? "calls" : std::string(metricName(metric)) + " [s]";
}

} // namespace

DiffPrinter::DiffPrinter(ComparisonMetric metric) : metric_(metric) {}

std::string DiffPrinter::value(const std::optional<double>& v) const {
    if (!v)
        return "-";
    if (metric_ == ComparisonMetric::Calls)
        return std::to_string(static_cast<long long>(*v));
    return printfG("%.6g", *v);
}

// The sign rule of scope-profiler diff: "+" before every value >= 0.
std::string DiffPrinter::signedValue(double v) const {
    const std::string sign = v >= 0 ? "+" : "";
    if (metric_ == ComparisonMetric::Calls)
        return sign + std::to_string(static_cast<long long>(v));
    return sign + printfG("%.6g", v);
}

std::string DiffPrinter::percent(const std::optional<double>& v) {
    if (!v)
        return "-";
    return (*v >= 0 ? "+" : "") + printfG("%.4g", *v) + "%";
}

void DiffPrinter::print(std::ostream& out, const std::string& baselinePath,
                        const std::string& otherPath,
                        const std::vector<ComparisonRow>& rows) const {
    const std::string rule(78, '=');
    out << rule << "\na: " << baselinePath << "\nb: " << otherPath << '\n' << rule << "\n\n";
    out << "Regions (" << rows.size() << ")\n";
    if (rows.empty()) {
        out << "  (no regions to compare)\n";
        return;
    }
    const std::string label = header(metric_);
    std::vector<std::array<std::string, 5>> table;
    table.push_back({"region", label + " (a)", label + " (b)", "delta", "delta [%]"});
    for (const ComparisonRow& row : rows)
        table.push_back({row.region, value(row.values[0]), value(row.values[1]),
                         signedValue(row.delta[1]), percent(row.percent[1])});
    std::array<std::size_t, 5> widths{};
    for (const auto& cells : table)
        for (std::size_t c = 0; c < cells.size(); ++c)
            widths[c] = std::max(widths[c], displayWidth(cells[c]));
    const auto render = [&widths](const std::array<std::string, 5>& cells) {
        std::string line = padRight(cells[0], widths[0]);
        for (std::size_t c = 1; c < cells.size(); ++c)
            line += "  " + padLeft(cells[c], widths[c]);
        line.erase(line.find_last_not_of(' ') + 1);
        return line;
    };
    const std::string heading = render(table.front());
    const std::string dashes(displayWidth(heading), '-');
    out << "  " << heading << "\n  " << dashes << '\n';
    for (std::size_t r = 1; r < table.size(); ++r)
        out << "  " << render(table[r]) << '\n';
    out << "  " << dashes << '\n';

    const auto namesWhere = [&rows](auto missing) {
        std::string names;
        for (const ComparisonRow& row : rows)
            if (missing(row))
                names += (names.empty() ? "" : ", ") + row.region;
        return names;
    };
    const std::string onlyA = namesWhere([](const ComparisonRow& r) { return !r.values[1]; });
    const std::string onlyB = namesWhere([](const ComparisonRow& r) { return !r.values[0]; });
    if (!onlyA.empty())
        out << "\n  Only in a: " << onlyA << '\n';
    if (!onlyB.empty())
        out << "  Only in b: " << onlyB << '\n';
    out << '\n';
}

} // namespace scope::report
