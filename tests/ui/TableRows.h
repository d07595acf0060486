// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QAbstractItemModel>
#include <QString>

// The row whose first column (the region's name in the region and
// comparison tables) reads `region`; -1 when none does.
inline int rowOf(const QAbstractItemModel& model, const QString& region) {
    for (int row = 0; row < model.rowCount(); ++row)
        // A recursive region's name carries a marker (RegionTableModel).
        if (const QString text = model.index(row, 0).data().toString();
            text == region || text == region + QStringLiteral(" ↻"))
            return row;
    return -1;
}
