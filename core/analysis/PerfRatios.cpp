// SPDX-License-Identifier: GPL-3.0-or-later
#include "PerfRatios.h"

#include <cctype>

namespace scope {

namespace {

// One spelling per counter, so "CPU_CYCLES", "cpu-cycles" and "cycles" count alike.
std::string canonical(std::string_view name) {
    std::string text;
    for (const char c : name)
        text += c == '_' ? '-' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    constexpr std::string_view kHwPrefix = "perf-count-hw-";
    if (text.starts_with(kHwPrefix))
        text.erase(0, kHwPrefix.size());
    if (text == "cpu-cycles")
        return "cycles";
    if (text == "branch-instructions")
        return "branches";
    return text;
}

} // namespace

std::optional<double> perfCounter(const PerfEventSet& set, std::string_view canonicalName) {
    const std::string wanted = canonical(canonicalName);
    for (std::size_t i = 0; i < set.eventNames.size() && i < set.values.size(); ++i)
        if (canonical(set.eventNames[i]) == wanted)
            return static_cast<double>(set.values[i]);
    return std::nullopt;
}

std::vector<PerfRatio> perfRatios(const PerfEventSet& set) {
    struct Definition {
        const char* name;
        const char* numerator;
        const char* denominator;
    };
    static constexpr Definition kRatios[] = {
        {"IPC", "instructions", "cycles"},
        {"cache-miss rate", "cache-misses", "cache-references"},
        {"branch-miss rate", "branch-misses", "branches"},
    };
    std::vector<PerfRatio> ratios;
    for (const Definition& ratio : kRatios) {
        const auto numerator = perfCounter(set, ratio.numerator);
        const auto denominator = perfCounter(set, ratio.denominator);
        if (numerator && denominator && *numerator > 0 && *denominator > 0)
            ratios.push_back({ratio.name, *numerator / *denominator});
    }
    return ratios;
}

} // namespace scope
