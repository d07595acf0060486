// SPDX-License-Identifier: GPL-3.0-or-later
#include "ChartMessage.h"

#include <QFontMetricsF>

#include <algorithm>

namespace {
constexpr int kMargin = 12; // pixels kept free on either side of the text
}

ChartMessage::ChartMessage(QCustomPlot* plot) : QCPItemText(plot) {
    // The whole plot: without axes the message may use all of its width.
    setClipToAxisRect(false);
}

QRectF ChartMessage::wrappedRect(double width) const {
    const QFontMetricsF metrics(font());
    QRectF box = metrics.boundingRect(QRectF(0, 0, std::max(1.0, width), 1e6),
                                      Qt::AlignHCenter | Qt::TextWordWrap, text());
    box.moveCenter(QPointF(0, 0));
    return box;
}

void ChartMessage::draw(QCPPainter* painter) {
    const QRect viewport = parentPlot()->viewport();
    const double width = viewport.width() - 2 * kMargin;
    QRectF box = wrappedRect(width);
    box.moveCenter(position->pixelPosition());
    // A tall message in a short pane starts at the top rather than above it.
    if (box.top() < viewport.top())
        box.moveTop(viewport.top());
    box.moveLeft(std::clamp(
        box.left(), viewport.left() + static_cast<double>(kMargin),
        std::max<double>(viewport.left() + kMargin, viewport.right() - kMargin - box.width())));
    drawn_ = box;
    painter->setFont(font());
    painter->setPen(QPen(color()));
    painter->drawText(box, Qt::AlignHCenter | Qt::TextWordWrap, text());
}
