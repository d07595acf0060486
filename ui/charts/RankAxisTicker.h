// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <qcustomplot.h>

#include <cstdint>
#include <vector>

// Labels the bands of the timeline (its label at the centre of band b, which
// covers [b, b + 1)), every k-th band with k in 1, 2, 5, 10, 20, ... so that
// hundreds of ranks never print on top of each other. Ticks are generated
// before the layout pass that sizes the axis rect, so the ticker takes the
// viewport it is laid out in (the widget, or an export's size) less the
// margins of the previous pass.
class RankAxisTicker : public QCPAxisTicker {
public:
    explicit RankAxisTicker(QCPAxis* axis);

    // The label of each band ("rank 3", or a thread/task lane "3 · worker-1").
    void setLabels(QStringList labels) { labels_ = std::move(labels); }
    const QStringList& labels() const { return labels_; }
    // Bands between two labels for a band height in pixels.
    static int strideFor(double pixelsPerBand, double labelHeight);

protected:
    void generate(const QCPRange& range, const QLocale& locale, QChar formatChar, int precision,
                  QVector<double>& ticks, QVector<double>* subTicks,
                  QVector<QString>* tickLabels) override;

private:
    QCPAxis* axis_;
    QStringList labels_;
};
