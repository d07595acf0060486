// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "base/DurationFormat.h"

#include <QString>

#include <cstdint>

// A duration in nanoseconds for people ("12.3 ms"), as formatDuration says.
inline QString durationText(std::int64_t ns) {
    return QString::fromStdString(scope::formatDuration(static_cast<double>(ns) * 1e-9));
}
