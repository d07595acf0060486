// SPDX-License-Identifier: GPL-3.0-or-later
#include "TimeAxisTicker.h"

#include "base/DurationFormat.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace {

// Beyond this ratio of position to visible width, absolute labels would need
// more than about six significant digits.
constexpr double kOffsetRatio = 1e4;

struct Unit {
    double seconds;
    const char* name;
};

constexpr std::array<Unit, 4> kUnits = {
    {{1.0, "s"}, {1e-3, "ms"}, {1e-6, "\u00b5s"}, {1e-9, "ns"}}};

// The largest unit in which `magnitude` is at least 1.
Unit unitFor(double magnitude) {
    for (const Unit& unit : kUnits)
        if (magnitude >= unit.seconds * (1 - 1e-9))
            return unit;
    return kUnits.back();
}

// Decimals that show every multiple of `step` exactly (2.5 needs one, 0.25 two).
int decimalsFor(double step) {
    for (int decimals = 0; decimals < 9; ++decimals) {
        const double scaled = step * std::pow(10.0, decimals);
        if (std::abs(scaled - std::round(scaled)) < 1e-6 * std::max(1.0, scaled))
            return decimals;
    }
    return 9;
}

// The power of ten at or above the range's width: labels stay below 10x it.
double baseStep(const QCPRange& range) {
    return std::pow(10.0, std::ceil(std::log10(std::max(range.size(), 1e-12))));
}

} // namespace

std::optional<double> TimeAxisTicker::offsetFor(const QCPRange& range) {
    const double magnitude = std::max(std::abs(range.lower), std::abs(range.upper));
    if (range.size() <= 0 || magnitude / range.size() < kOffsetRatio)
        return std::nullopt;
    const double step = baseStep(range);
    return std::floor(range.lower / step) * step;
}

QString TimeAxisTicker::formatBase(const QCPRange& range) {
    const auto base = offsetFor(range);
    if (!base)
        return {};
    const int decimals = std::max(0, -static_cast<int>(std::lround(std::log10(baseStep(range)))));
    return QString::fromStdString(scope::formatGrouped(*base, decimals)) + QStringLiteral(" s");
}

QString TimeAxisTicker::label(double seconds, double step, const QCPRange& range) {
    const auto base = offsetFor(range);
    double value = seconds - base.value_or(0.0);
    if (std::abs(value) < step * 1e-6)
        value = 0.0; // not "-0"
    const double magnitude =
        base ? range.upper - *base : std::max(std::abs(range.lower), std::abs(range.upper));
    const Unit unit = unitFor(magnitude);
    // One number of decimals along the axis ("1.00 ms, 1.05 ms, 1.10 ms"), but a plain "0 s".
    const QString number = value == 0.0
                               ? QStringLiteral("0")
                               : QString::fromStdString(scope::formatGrouped(
                                     value / unit.seconds, decimalsFor(step / unit.seconds)));
    const QString sign = base && value >= 0 ? QStringLiteral("+") : QString();
    return sign + number + QLatin1Char(' ') + QString::fromUtf8(unit.name);
}

QString TimeAxisTicker::formatTime(double seconds, const QCPRange& range, double resolution) {
    const Unit unit = offsetFor(range)
                          ? kUnits.front()
                          : unitFor(std::max(std::abs(range.lower), std::abs(range.upper)));
    // Times are whole nanoseconds: more decimals would only show noise.
    const int nanoseconds = static_cast<int>(std::lround(std::log10(unit.seconds / 1e-9)));
    const int decimals =
        resolution > 0
            ? std::clamp(static_cast<int>(std::ceil(std::log10(unit.seconds / resolution) - 1e-9)),
                         0, nanoseconds)
            : nanoseconds;
    return QString::fromStdString(scope::formatGrouped(seconds / unit.seconds, decimals)) +
           QLatin1Char(' ') + QString::fromUtf8(unit.name);
}

void TimeAxisTicker::generate(const QCPRange& range, const QLocale& locale, QChar formatChar,
                              int precision, QVector<double>& ticks, QVector<double>* subTicks,
                              QVector<QString>* tickLabels) {
    range_ = range;
    QCPAxisTicker::generate(range, locale, formatChar, precision, ticks, subTicks, tickLabels);
}

double TimeAxisTicker::getTickStep(const QCPRange& range) {
    step_ = QCPAxisTicker::getTickStep(range);
    return step_;
}

QString TimeAxisTicker::getTickLabel(double tick, const QLocale&, QChar, int) {
    return label(tick, step_, range_);
}
