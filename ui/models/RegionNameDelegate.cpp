// SPDX-License-Identifier: GPL-3.0-or-later
#include "RegionNameDelegate.h"

void RegionNameDelegate::initStyleOption(QStyleOptionViewItem* option,
                                         const QModelIndex& index) const {
    QStyledItemDelegate::initStyleOption(option, index);
    option->textElideMode = Qt::ElideLeft;
}
