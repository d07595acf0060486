// SPDX-License-Identifier: GPL-3.0-or-later
#include "DurationFormat.h"

#include <algorithm>
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
    return (seconds < 0 ? "-" : "") + formatGrouped(value, decimalsFor(value)) + " " +
           kUnits[unit].name;
}

std::string formatGrouped(double value, int decimals) {
    const int length = std::snprintf(nullptr, 0, "%.*f", decimals, value);
    std::string text(static_cast<std::size_t>(std::max(length, 0)), '\0');
    std::snprintf(text.data(), text.size() + 1, "%.*f", decimals, value);
    const std::size_t sign = text.starts_with('-') ? 1 : 0;
    const std::size_t whole = std::min(text.find('.'), text.size()) - sign;
    if (whole < 5)
        return text;
    std::string grouped = text.substr(0, sign);
    for (std::size_t i = 0; i < whole; ++i) {
        if (i > 0 && (whole - i) % 3 == 0)
            grouped += "\u202f";
        grouped += text[sign + i];
    }
    grouped += text.substr(sign + whole);
    return grouped;
}

std::string formatDuration(std::optional<double> seconds) {
    return seconds ? formatDuration(*seconds) : std::string("n/a");
}

} // namespace scope
