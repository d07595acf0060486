// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <qcustomplot.h>

#include <optional>

// Ticks for an axis in seconds, labelled in the unit that suits the visible
// range ("0 s, 0.5 s, 1.0 s", "120 µs"). Zoomed in far from zero, absolute
// labels would need a dozen digits ("1234.567890120 s"), so the labels become
// offsets ("+20 ns") from a round base that the axis label shows.
class TimeAxisTicker : public QCPAxisTicker {
public:
    // The base the labels of `range` are relative to, nullopt for absolute labels.
    static std::optional<double> offsetFor(const QCPRange& range);
    // "1234.567890 s": the base with as many decimals as its rounding has.
    static QString formatBase(const QCPRange& range);
    // A label for `seconds` when ticks are `step` apart in `range`.
    static QString label(double seconds, double step, const QCPRange& range);
    // `seconds` in the unit the labels of `range` use (seconds where they are
    // offsets from a base), with the decimals that tell apart times
    // `resolution` seconds apart, down to nanoseconds: "4.2296 ms".
    static QString formatTime(double seconds, const QCPRange& range, double resolution);

protected:
    void generate(const QCPRange& range, const QLocale& locale, QChar formatChar, int precision,
                  QVector<double>& ticks, QVector<double>* subTicks,
                  QVector<QString>* tickLabels) override;
    double getTickStep(const QCPRange& range) override;
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar,
                         int precision) override;

private:
    QCPRange range_;
    double step_ = 1.0;
};
