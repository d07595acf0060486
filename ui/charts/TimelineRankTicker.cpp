// SPDX-License-Identifier: GPL-3.0-or-later
#include "TimelineRankTicker.h"

#include <QFontMetrics>

#include <algorithm>
#include <cmath>

TimelineRankTicker::TimelineRankTicker(QCPAxis* axis) : RankAxisTicker(axis), axis_(axis) {}

void TimelineRankTicker::generate(const QCPRange& range, const QLocale& locale, QChar formatChar,
                                  int precision, QVector<double>& ticks, QVector<double>* subTicks,
                                  QVector<QString>* tickLabels) {
    RankAxisTicker::generate(range, locale, formatChar, precision, ticks, subTicks, tickLabels);
    if (range.size() <= 0)
        return;
    // The axis rect's height as the base class measures it, before this layout pass.
    const QMargins margins = axis_->axisRect()->margins();
    const double height =
        std::max(1, axis_->parentPlot()->viewport().height() - margins.top() - margins.bottom());
    const double perBand = height / range.size();
    const double labelHeight = QFontMetrics(axis_->tickLabelFont()).height();
    QVector<double> kept;
    QVector<QString> keptLabels;
    for (qsizetype i = 0; i < ticks.size(); ++i) {
        const double band = std::floor(ticks[i]);
        const double top = std::max(band, range.lower);
        const double bottom = std::min(band + 1, range.upper);
        if ((bottom - top) * perBand < labelHeight)
            continue;
        kept.push_back((top + bottom) / 2);
        if (tickLabels != nullptr)
            keptLabels.push_back(tickLabels->at(i));
    }
    ticks = kept;
    if (tickLabels != nullptr)
        *tickLabels = keptLabels;
}
