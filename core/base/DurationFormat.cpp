// SPDX-License-Identifier: GPL-3.0-or-later
#include "DurationFormat.h"

#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace scope {

namespace {

struct Unit {
    double seconds;
    const char* name;
};

constexpr std::array<Unit, 4> kUnits = {{{1e-9, "ns"}, {1e-6, "µs"}, {1e-3, "ms"}, {1.0, "s"}}};

double roundToSignificant(double value, int digits) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.*e", digits - 1, value);
    return std::strtod(buffer, nullptr);
}

int decimalsFor(double value) {
    if (value >= 100)
        return 0;
    if (value >= 10)
        return 1;
    if (value >= 1)
        return 2;
    return 3;
}

} // namespace

std::string formatDuration(double seconds) {
    if (!std::isfinite(seconds))
        return "n/a";
    if (seconds == 0)
        return "0 s";
    const double magnitude = std::abs(seconds);
    std::size_t unit = 0;
    while (unit + 1 < kUnits.size() && magnitude >= kUnits[unit + 1].seconds)
        ++unit;
    double value = magnitude / kUnits[unit].seconds;
    const bool lastUnit = unit + 1 == kUnits.size();
    if (!lastUnit || value < 1000) {
        value = roundToSignificant(value, 3);
        // Rounding can carry into the next unit: 999.7 µs is "1.00 ms", not "1000 µs".
        if (!lastUnit && value >= 1000) {
            ++unit;
            value /= 1000;
        }
    }
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%s%.*f %s", seconds < 0 ? "-" : "", decimalsFor(value),
                  value, kUnits[unit].name);
    return buffer;
}

std::string formatDuration(std::optional<double> seconds) {
    return seconds ? formatDuration(*seconds) : std::string("n/a");
}

} // namespace scope
