// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <qcustomplot.h>

// Ticks on whole numbers only (ranks, call counts) with steps of 1, 2 or 5 × 10^n.
// Given its axis, the step also keeps neighbouring ticks at least
// `minimumSpacing` pixels apart and wider than the widest label, so that an
// axis of 4096 ranks never shows overlapping labels at any widget size.
//
// Ticks are generated before the layout pass that sizes the axis rect, so the
// ticker measures the axis as laid out by the previous pass; when that turns
// out to give another step it queues one more replot. Exports to another size
// should lay the plot out at that size first (ChartExporter does).
class IntegerAxisTicker : public QCPAxisTicker {
public:
    // Without an axis the step follows tickCount() like the base ticker.
    explicit IntegerAxisTicker(QCPAxis* axis = nullptr, int minimumSpacing = 40);
    ~IntegerAxisTicker() override;
    IntegerAxisTicker(const IntegerAxisTicker&) = delete;
    IntegerAxisTicker& operator=(const IntegerAxisTicker&) = delete;

    // The smallest of 1, 2, 5, 10, 20, 50, ... that is >= `step`.
    static double niceStep(double step);

protected:
    double getTickStep(const QCPRange& range) override;
    int getSubTickCount(double tickStep) override;
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar,
                         int precision) override;

private:
    double stepFor(const QCPRange& range, double axisLength) const;
    double axisLength() const;
    void checkLayout();

    QCPAxis* axis_;
    int minimumSpacing_;
    QCPRange lastRange_;
    double lastStep_ = 0.0;
    QMetaObject::Connection afterLayout_;
};
