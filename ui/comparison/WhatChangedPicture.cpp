// SPDX-License-Identifier: GPL-3.0-or-later
#include "WhatChangedPicture.h"

#include "common/ColorContrast.h"

#include <QFontMetrics>
#include <QImage>
#include <QPainter>

namespace {

constexpr int kMargin = 16;
constexpr int kMarkerWidth = 24; // the marker and the gap to its text
constexpr int kLineGap = 6;
constexpr int kHeaderGap = 8;

} // namespace

WhatChangedPicture::WhatChangedPicture(QString title, QString method, QString message,
                                       std::vector<Line> lines, QFont font)
    : title_(std::move(title)), method_(std::move(method)), message_(std::move(message)),
      lines_(std::move(lines)), font_(std::move(font)) {}

int WhatChangedPicture::height(int width) const {
    const QFontMetrics metrics(font_);
    int height = kMargin + 2 * metrics.lineSpacing() + kHeaderGap;
    if (!message_.isEmpty())
        return height + 3 * metrics.height() + kMargin;
    // Wrapped as render() wraps them: on a painter of this font.
    QImage probe(1, 1, QImage::Format_ARGB32);
    QPainter painter(&probe);
    painter.setFont(font_);
    const int textWidth = width - 2 * kMargin - kMarkerWidth;
    for (const Line& line : lines_)
        height += painter.boundingRect(QRect(0, 0, textWidth, 100000), Qt::TextWordWrap, line.text)
                      .height() +
                  kLineGap;
    return height + kMargin;
}

void WhatChangedPicture::render(QPainter* painter, QSize size) const {
    const QColor background = Qt::white;
    painter->fillRect(QRect(QPoint(0, 0), size), background);
    const QFontMetrics metrics(font_);
    const int width = size.width() - 2 * kMargin;
    int y = kMargin;
    QFont bold = font_;
    bold.setBold(true);
    painter->setFont(bold);
    painter->setPen(Qt::black);
    painter->drawText(QRect(kMargin, y, width, metrics.height()), Qt::AlignLeft | Qt::AlignVCenter,
                      painter->fontMetrics().elidedText(title_, Qt::ElideRight, width));
    y += metrics.lineSpacing();
    painter->setFont(font_);
    painter->setPen(ColorContrast::readable(QColor(0x75, 0x75, 0x75), background));
    painter->drawText(QRect(kMargin, y, width, metrics.height()), Qt::AlignLeft | Qt::AlignVCenter,
                      metrics.elidedText(method_, Qt::ElideRight, width));
    y += metrics.lineSpacing() + kHeaderGap;
    if (!message_.isEmpty()) {
        painter->setPen(Qt::black);
        painter->drawText(QRect(kMargin, y, width, 3 * metrics.height()), Qt::AlignCenter,
                          message_);
        return;
    }
    const int textLeft = kMargin + kMarkerWidth;
    const int textWidth = size.width() - textLeft - kMargin;
    for (const Line& line : lines_) {
        if (y >= size.height())
            break;
        const QRect bounds = painter->boundingRect(QRect(textLeft, y, textWidth, 100000),
                                                   Qt::TextWordWrap, line.text);
        line.marker.paint(painter, QRect(kMargin, y + (metrics.height() - 16) / 2, 16, 16));
        painter->setPen(ColorContrast::readable(line.color, background));
        painter->drawText(bounds, Qt::TextWordWrap, line.text);
        y += bounds.height() + kLineGap;
    }
}
