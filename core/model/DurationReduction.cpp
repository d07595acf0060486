// SPDX-License-Identifier: GPL-3.0-or-later
#include "DurationReduction.h"

#include <algorithm>

namespace scope {

std::size_t DurationReduction::columnOf(double t) const {
    if (columns == 0 || !(t >= t0 && t <= t1))
        return columns;
    if (t1 <= t0)
        return 0;
    const auto c = static_cast<std::size_t>((t - t0) / (t1 - t0) * static_cast<double>(columns));
    return std::min(c, columns - 1);
}

double DurationReduction::columnStart(std::size_t column) const {
    return t0 + (t1 - t0) * static_cast<double>(column) / static_cast<double>(columns);
}

} // namespace scope
