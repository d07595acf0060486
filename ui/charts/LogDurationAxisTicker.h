// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <qcustomplot.h>

// A logarithmic seconds axis labelled at powers of ten in the unit of each
// tick, "10 µs", "1 ms", "100 ms", so that regions a thousand times apart can
// be read on one chart without counting zeros (DurationAxisTicker does the same
// for linear axes, with one unit for the whole axis).
class LogDurationAxisTicker : public QCPAxisTickerLog {
public:
    LogDurationAxisTicker();

protected:
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar,
                         int precision) override;
};
