// SPDX-License-Identifier: GPL-3.0-or-later
#include "RankAxisTicker.h"

#include <QFontMetrics>

#include <algorithm>
#include <cmath>

RankAxisTicker::RankAxisTicker(QCPAxis* axis) : axis_(axis) {}

int RankAxisTicker::strideFor(double pixelsPerBand, double labelHeight) {
    int stride = 1;
    while (stride * pixelsPerBand < labelHeight && stride < (1 << 30)) {
        int decade = 1;
        while (stride >= 10 * decade)
            decade *= 10;
        const int leading = stride / decade;
        stride = (leading == 1 ? 2 : leading == 2 ? 5 : 10) * decade;
    }
    return stride;
}

void RankAxisTicker::generate(const QCPRange& range, const QLocale&, QChar, int,
                              QVector<double>& ticks, QVector<double>* subTicks,
                              QVector<QString>* tickLabels) {
    ticks.clear();
    if (subTicks != nullptr)
        subTicks->clear();
    if (tickLabels != nullptr)
        tickLabels->clear();
    const int bands = static_cast<int>(labels_.size());
    if (bands == 0 || range.size() <= 0)
        return;
    const QMargins margins = axis_->axisRect()->margins();
    const double height =
        std::max(1, axis_->parentPlot()->viewport().height() - margins.top() - margins.bottom());
    const double labelHeight = QFontMetrics(axis_->tickLabelFont()).height() * 1.2;
    const int stride = strideFor(height / range.size(), labelHeight);
    const int first = std::max(0, static_cast<int>(std::floor(range.lower)));
    const int last = std::min(bands - 1, static_cast<int>(std::ceil(range.upper)));
    for (int band = first - first % stride; band <= last; band += stride) {
        ticks.push_back(band + 0.5);
        if (tickLabels != nullptr)
            tickLabels->push_back(labels_[band]);
    }
}
