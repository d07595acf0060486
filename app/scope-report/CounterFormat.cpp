// SPDX-License-Identifier: GPL-3.0-or-later
#include "CounterFormat.h"

#include <cmath>
#include <cstdio>

namespace scope::report {

std::string formatCount(double value) {
    char text[64];
    if (std::isfinite(value) && value == std::floor(value) && std::abs(value) < 9.007e15)
        std::snprintf(text, sizeof text, "%.0f", value);
    else
        std::snprintf(text, sizeof text, "%.6g", value);
    return text;
}

} // namespace scope::report
