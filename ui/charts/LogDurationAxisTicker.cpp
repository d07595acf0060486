// SPDX-License-Identifier: GPL-3.0-or-later
#include "LogDurationAxisTicker.h"

#include "DurationAxisTicker.h"

#include <cmath>

LogDurationAxisTicker::LogDurationAxisTicker() {
    setLogBase(10.0);
    setSubTickCount(8); // 2, 3, ... 9 between the powers of ten
}

QString LogDurationAxisTicker::getTickLabel(double tick, const QLocale&, QChar, int) {
    // Each label has its own unit: a log axis spans several of them. Ticks are
    // products of the log base, a hair off the power of ten (0.000999… s must
    // read 1 ms, not 1000 µs).
    const DurationAxisTicker::Unit unit = DurationAxisTicker::unitFor(tick * (1.0 + 1e-9));
    const double value = tick / unit.seconds;
    const int decimals = value >= 1.0 ? 0 : static_cast<int>(std::ceil(-std::log10(value)));
    return QString::number(value, 'f', decimals) + QLatin1Char(' ') + unit.name;
}
