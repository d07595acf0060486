// SPDX-License-Identifier: GPL-3.0-or-later
#include "LogDurationAxisTicker.h"

#include "DurationAxisTicker.h"

#include "base/DurationFormat.h"

#include <algorithm>
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
    // Four significant digits drop that hair and keep 12.5 or 0.2 exact. From
    // 1000 s on a tick is whole, and 'g' would write 10 000 s as "1e+04".
    const double value = tick / unit.seconds;
    const QString number = value >= 1000 ? QString::fromStdString(scope::formatGrouped(value, 0))
                                         : QString::number(value, 'g', 4);
    return number + QLatin1Char(' ') + unit.name;
}

QVector<double> LogDurationAxisTicker::createTickVector(double tickStep, const QCPRange& range) {
    mantissas_.clear();
    if (range.lower > 0 && range.upper > range.lower) {
        const double decades = std::log10(range.upper / range.lower);
        for (const std::vector<double>& mantissas :
             {std::vector<double>{1, 2, 5}, std::vector<double>{1, 3}, std::vector<double>{1}}) {
            // Powers of ten alone also below two decades, where the base
            // ticker would switch to linear steps with one label or none.
            const bool decadesOnly = mantissas.size() == 1 && decades < 2.0;
            if (!decadesOnly && decades * static_cast<double>(mantissas.size()) > tickCount())
                continue;
            QVector<double> ticks;
            int inside = 0;
            const int first = static_cast<int>(std::floor(std::log10(range.lower)));
            const int last = static_cast<int>(std::ceil(std::log10(range.upper)));
            for (int power = first; power <= last; ++power)
                for (const double mantissa : mantissas) {
                    const double tick = mantissa * std::pow(10.0, power);
                    ticks.push_back(tick);
                    inside += range.contains(tick) ? 1 : 0;
                }
            if (inside >= 2) {
                mantissas_ = mantissas;
                return ticks;
            }
        }
    }
    return QCPAxisTickerLog::createTickVector(tickStep, range);
}

QVector<double> LogDurationAxisTicker::createSubTickVector(int subTickCount,
                                                           const QVector<double>& ticks) {
    if (mantissas_.empty())
        return QCPAxisTickerLog::createSubTickVector(subTickCount, ticks);
    // The whole multiples of each decade that carry no label.
    QVector<double> result;
    if (ticks.isEmpty())
        return result;
    const int first = static_cast<int>(std::floor(std::log10(ticks.front()) + 1e-9));
    const int last = static_cast<int>(std::floor(std::log10(ticks.back()) + 1e-9));
    for (int power = first; power <= last; ++power)
        for (int multiple = 2; multiple <= 9; ++multiple)
            if (std::find(mantissas_.begin(), mantissas_.end(), multiple) == mantissas_.end())
                result.push_back(multiple * std::pow(10.0, power));
    return result;
}
