// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <qcustomplot.h>

// Labels an axis in seconds with the unit of its visible range: "0", "20 ms",
// "40 ms" rather than "0.02" or "2e-05", so nobody counts zeros. The unit is the
// largest of ns, µs, ms and s not above the larger end of the range (seconds
// beyond 1000 s, as formatDuration does); the decimals are just enough to tell
// neighbouring ticks apart. Steps stay the base ticker's 1, 2, 2.5, 5 × 10^n s,
// which are round in every unit. Works for any seconds axis (bars, timeline).
class DurationAxisTicker : public QCPAxisTicker {
public:
    struct Unit {
        double seconds; // 1e-9, 1e-6, 1e-3 or 1
        QString name;   // "ns", "µs", "ms", "s"
    };
    // The unit for a range whose larger end (in absolute value) is `magnitude` seconds.
    static Unit unitFor(double magnitude);

    void generate(const QCPRange& range, const QLocale& locale, QChar formatChar, int precision,
                  QVector<double>& ticks, QVector<double>* subTicks,
                  QVector<QString>* tickLabels) override;

protected:
    double getTickStep(const QCPRange& range) override;
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar,
                         int precision) override;

private:
    Unit unit_{1.0, QStringLiteral("s")};
    double step_ = 1.0;
    int decimals_ = 0;
};
