// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <qcustomplot.h>

#include <vector>

// A logarithmic seconds axis labelled in the unit of each tick, "10 µs",
// "1 ms", "100 ms", so that regions a thousand times apart can be read on one
// chart without counting zeros (DurationAxisTicker does the same for linear
// axes, with one unit for the whole axis). Ticks are at powers of ten; where
// tickCount() leaves room for more ticks than the range has decades, at
// 1-2-5 or 1-3 times them, so that a range of a decade or two still gets a
// few labels (TickLabelFit lowers the count when they would not fit).
class LogDurationAxisTicker : public QCPAxisTickerLog {
public:
    LogDurationAxisTicker();

protected:
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar,
                         int precision) override;
    QVector<double> createTickVector(double tickStep, const QCPRange& range) override;
    QVector<double> createSubTickVector(int subTickCount, const QVector<double>& ticks) override;

private:
    // The mantissas of the ticks within each decade; empty: the base ticker's.
    std::vector<double> mantissas_;
};
