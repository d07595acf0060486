// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QRectF>
#include <QVector>

class QCPAxis;

// Keeps the tick labels of an axis from running together ("20 µs50 µs100 µs"):
// after each layout it gives the axis's ticker the largest tick count, up to
// `maxTicks`, whose labels, measured with the axis's font at their pixel
// positions, leave a gap between neighbours, and lays the plot out again when
// that count changed. Works with any ticker whose step follows tickCount()
// (QCPAxisTicker, the duration, time and log tickers); tickers are swapped
// freely, the next layout fits the new one. Exports lay the plot out too, so
// they get labels fitted to their own size.
class TickLabelFit : public QObject {
public:
    // Owned by the axis's plot.
    static TickLabelFit* attach(QCPAxis* axis, int maxTicks = 5);

    // Pixels between neighbouring labels side by side at the least; half
    // that between labels above each other.
    static constexpr int kGap = 8;

    // The axis's current tick labels as boxes in widget pixels (centred on
    // their ticks, along the axis), in tick order.
    static QVector<QRectF> labelBoxes(const QCPAxis* axis);

private:
    TickLabelFit(QCPAxis* axis, int maxTicks);
    // The largest count up to maxTicks_ whose labels fit along `length` pixels.
    int fittingCount(double length) const;
    void afterLayout();

    QCPAxis* axis_;
    int maxTicks_;
    bool fitting_ = false;
};
