// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "RankAxisTicker.h"

// The timeline's band labels, kept inside the band area: a band cut by the
// top or bottom edge (ranks zoomed with Ctrl+wheel) is labelled in the middle
// of its visible part, or not at all when that part is lower than a label,
// so that no label lands on the legend above the plot or the time axis below.
class TimelineRankTicker : public RankAxisTicker {
public:
    explicit TimelineRankTicker(QCPAxis* axis);

protected:
    void generate(const QCPRange& range, const QLocale& locale, QChar formatChar, int precision,
                  QVector<double>& ticks, QVector<double>* subTicks,
                  QVector<QString>* tickLabels) override;

private:
    QCPAxis* axis_;
};
