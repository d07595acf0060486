// SPDX-License-Identifier: GPL-3.0-or-later
#include "ShareBarDelegate.h"

#include "RegionTableModel.h"

#include <QPainter>

#include <algorithm>

void ShareBarDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option,
                             const QModelIndex& index) const {
    const QVariant share = index.data(RegionTableModel::ShareRole);
    if (share.isValid()) {
        const double fraction = std::clamp(share.toDouble(), 0.0, 1.0);
        QRectF bar = QRectF(option.rect).adjusted(2, 3, -2, -3);
        bar.setWidth(bar.width() * fraction);
        painter->save();
        painter->setPen(Qt::NoPen);
        painter->setBrush(QColor(0xf0, 0x8c, 0x3c, 110));
        painter->drawRect(bar);
        painter->restore();
    }
    QStyledItemDelegate::paint(painter, option, index);
}
