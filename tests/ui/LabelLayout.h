// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Checks that a chart's texts are readable at the sizes it gets on screen:
// tick labels measured with the axis's font at their pixel positions.

#include <QFontMetricsF>
#include <QSize>
#include <QString>
#include <qcustomplot.h>

#include <algorithm>
#include <utility>
#include <vector>

namespace labellayout {

// The side pane's chart (below its options row) in the main window at
// 1280×800 and at 1024×700, measured under Xvfb with the default splitters.
inline const std::vector<QSize> kSidePaneSizes{QSize(368, 190), QSize(296, 190)};

// "" when every two neighbouring tick labels of `axis` leave `gap` pixels
// between them along the axis; else which two do not.
inline QString overlappingLabels(const QCPAxis* axis, double gap = 3.0) {
    const QFontMetricsF metrics(axis->tickLabelFont());
    const QVector<double> ticks = axis->tickVector();
    const QVector<QString> labels = axis->tickVectorLabels();
    const bool horizontal = axis->orientation() == Qt::Horizontal;
    std::vector<std::pair<std::pair<double, double>, QString>> spans;
    for (int i = 0; i < ticks.size() && i < labels.size(); ++i) {
        const QRectF box = metrics.boundingRect(QRectF(), Qt::AlignCenter, labels[i]);
        const double extent = horizontal ? box.width() : box.height();
        const double centre = axis->coordToPixel(ticks[i]);
        spans.push_back({{centre - extent / 2, centre + extent / 2}, labels[i]});
    }
    std::sort(spans.begin(), spans.end());
    for (std::size_t i = 1; i < spans.size(); ++i)
        if (spans[i].first.first - spans[i - 1].first.second < gap)
            return QStringLiteral("'%1' and '%2' run together")
                .arg(spans[i - 1].second, spans[i].second);
    return {};
}

} // namespace labellayout
