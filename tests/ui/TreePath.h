// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Finding a call path's row in a tree model, for the call tree's tests.
#include <QAbstractItemModel>
#include <QStringList>

// The row reached by following region names (column 0) from the top; invalid
// when a name is missing.
inline QModelIndex indexOfPath(const QAbstractItemModel* model, const QStringList& path) {
    QModelIndex parent;
    for (const QString& name : path) {
        QModelIndex found;
        for (int row = 0; row < model->rowCount(parent) && !found.isValid(); ++row)
            if (model->index(row, 0, parent).data().toString() == name)
                found = model->index(row, 0, parent);
        if (!found.isValid())
            return {};
        parent = found;
    }
    return parent;
}
