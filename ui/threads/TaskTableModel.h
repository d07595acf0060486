// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/ThreadSummary.h"

#include <QAbstractTableModel>

#include <vector>

// One row per asyncio task or greenlet of the selected ranks (ThreadSummary):
// its steps, running and awaiting time, when it was created and done. Display
// text uses readable units; SortRole gives the raw number.
class TaskTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Rank,
        Task,
        Coroutine,
        Kind,
        Thread,
        Steps,
        Running,
        Awaiting,
        Created,
        Done,
        Wall,
        ColumnCount
    };
    enum Role { SortRole = Qt::UserRole + 1 };

    explicit TaskTableModel(QObject* parent = nullptr);

    void setRows(std::vector<scope::TaskSummaryRow> rows);
    const scope::TaskSummaryRow* rowData(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QVariant display(const scope::TaskSummaryRow& row, int column) const;
    QVariant sortValue(const scope::TaskSummaryRow& row, int column) const;

    std::vector<scope::TaskSummaryRow> rows_;
};
