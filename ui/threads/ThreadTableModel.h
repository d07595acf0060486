// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/ThreadSummary.h"

#include <QAbstractTableModel>

#include <vector>

// One row per thread of the selected ranks (ThreadSummary): its name, OS id,
// wall and CPU time, calls and time in regions. Display text uses readable
// units; SortRole gives the raw number.
class ThreadTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Rank, Thread, NativeId, Daemon, Wall, Cpu, Calls, RegionTime, ColumnCount };
    enum Role { SortRole = Qt::UserRole + 1 };

    explicit ThreadTableModel(QObject* parent = nullptr);

    void setRows(std::vector<scope::ThreadSummaryRow> rows);
    const scope::ThreadSummaryRow* rowData(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QVariant display(const scope::ThreadSummaryRow& row, int column) const;
    QVariant sortValue(const scope::ThreadSummaryRow& row, int column) const;

    std::vector<scope::ThreadSummaryRow> rows_;
};
