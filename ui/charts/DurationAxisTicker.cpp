// SPDX-License-Identifier: GPL-3.0-or-later
#include "DurationAxisTicker.h"

#include "base/DurationFormat.h"

#include <algorithm>
#include <cmath>

namespace {

// Decimals that show `step` (in the label unit) exactly, e.g. 0.25 -> 2.
int decimalsFor(double step) {
    int decimals = 0;
    double scaled = step;
    while (decimals < 9 && std::abs(scaled - std::round(scaled)) > 1e-6 * std::max(1.0, scaled)) {
        scaled *= 10;
        ++decimals;
    }
    return decimals;
}

} // namespace

DurationAxisTicker::Unit DurationAxisTicker::unitFor(double magnitude) {
    magnitude = std::abs(magnitude);
    if (magnitude >= 1.0)
        return {1.0, QStringLiteral("s")};
    if (magnitude >= 1e-3)
        return {1e-3, QStringLiteral("ms")};
    if (magnitude >= 1e-6)
        return {1e-6, QStringLiteral("µs")};
    return {1e-9, QStringLiteral("ns")};
}

void DurationAxisTicker::generate(const QCPRange& range, const QLocale& locale, QChar formatChar,
                                  int precision, QVector<double>& ticks, QVector<double>* subTicks,
                                  QVector<QString>* tickLabels) {
    // The unit must be fixed before the base class asks for labels one tick at a
    // time, so that all labels of the axis share it.
    unit_ = unitFor(std::max(std::abs(range.lower), std::abs(range.upper)));
    QCPAxisTicker::generate(range, locale, formatChar, precision, ticks, subTicks, tickLabels);
}

double DurationAxisTicker::getTickStep(const QCPRange& range) {
    step_ = QCPAxisTicker::getTickStep(range);
    decimals_ = decimalsFor(step_ / unit_.seconds);
    return step_;
}

QString DurationAxisTicker::getTickLabel(double tick, const QLocale&, QChar, int) {
    // Accumulated rounding leaves ticks like 1e-19 where zero is meant.
    if (std::abs(tick) < step_ * 1e-6)
        return QStringLiteral("0");
    return QString::fromStdString(scope::formatGrouped(tick / unit_.seconds, decimals_)) +
           QLatin1Char(' ') + unit_.name;
}
