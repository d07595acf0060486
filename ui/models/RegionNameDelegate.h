// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStyledItemDelegate>

// The region column's cells: dotted Python names differ at their end
// ("pkg.solvers.Krylov.step" vs "...Newton.step"), so a name too long for
// the column loses its start, not its end. The numbers keep the view's
// right elision.
class RegionNameDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    // Public so that a test can see how a cell is drawn.
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override;
};
