// SPDX-License-Identifier: GPL-3.0-or-later
#include "TaskTableModel.h"

#include "common/DurationText.h"

#include <limits>

TaskTableModel::TaskTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void TaskTableModel::setRows(std::vector<scope::TaskSummaryRow> rows) {
    beginResetModel();
    rows_ = std::move(rows);
    endResetModel();
}

const scope::TaskSummaryRow* TaskTableModel::rowData(int row) const {
    if (row < 0 || static_cast<std::size_t>(row) >= rows_.size())
        return nullptr;
    return &rows_[static_cast<std::size_t>(row)];
}

int TaskTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int TaskTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant TaskTableModel::display(const scope::TaskSummaryRow& row, int column) const {
    switch (column) {
    case Rank:
        return QString::number(row.rank);
    case Task:
        return QString::fromStdString(row.name);
    case Coroutine:
        return QString::fromStdString(row.coroName);
    case Kind:
        return QString::fromStdString(row.kind);
    case Thread:
        return QString::fromStdString(row.thread);
    case Steps:
        return QString::number(row.steps);
    case Running:
        return durationText(row.runningNs);
    case Awaiting:
        return durationText(row.suspendedNs);
    case Created:
        return durationText(row.createdNs);
    case Done:
        return row.doneNs ? durationText(*row.doneNs) : tr("unfinished");
    case Wall:
        return row.wallNs ? durationText(*row.wallNs) : tr("unfinished");
    default:
        return {};
    }
}

QVariant TaskTableModel::sortValue(const scope::TaskSummaryRow& row, int column) const {
    // Unfinished at the end: later and longer than any task that finished.
    constexpr double unfinished = std::numeric_limits<double>::infinity();
    switch (column) {
    case Rank:
        return static_cast<double>(row.rank);
    case Task:
    case Coroutine:
    case Kind:
    case Thread:
        return display(row, column);
    case Steps:
        return static_cast<double>(row.steps);
    case Running:
        return static_cast<double>(row.runningNs);
    case Awaiting:
        return static_cast<double>(row.suspendedNs);
    case Created:
        return static_cast<double>(row.createdNs);
    case Done:
        return row.doneNs ? static_cast<double>(*row.doneNs) : unfinished;
    case Wall:
        return row.wallNs ? static_cast<double>(*row.wallNs) : unfinished;
    default:
        return {};
    }
}

QVariant TaskTableModel::data(const QModelIndex& index, int role) const {
    const scope::TaskSummaryRow* row = rowData(index.row());
    if (row == nullptr || index.column() < 0 || index.column() >= ColumnCount)
        return {};
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return display(*row, column);
    case SortRole:
        return sortValue(*row, column);
    case Qt::ToolTipRole:
        if ((column == Done || column == Wall) && !row->doneNs)
            return tr("Not done when the run finished");
        return {};
    case Qt::TextAlignmentRole:
        return column >= Steps || column == Rank
                   ? QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter)
                   : QVariant();
    default:
        return {};
    }
}

QVariant TaskTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return {};
    static const char* const names[] = {"Rank",    "Task",  "Coroutine", "Kind",
                                        "Thread",  "Steps", "Running",   "Awaiting",
                                        "Created", "Done",  "Wall"};
    static const char* const tips[] = {"The MPI rank",
                                       "The task's or greenlet's name",
                                       "Its coroutine or target function",
                                       "An asyncio task or a greenlet",
                                       "The thread of its latest step",
                                       "Times it was resumed",
                                       "Summed time of its steps",
                                       "Summed gaps between its steps (suspended, awaiting)",
                                       "When it was created, after the rank's setup()",
                                       "When it finished, after the rank's setup()",
                                       "From its creation to its end"};
    switch (role) {
    case Qt::DisplayRole:
        return tr(names[section]);
    case Qt::ToolTipRole:
        return tr(tips[section]);
    default:
        return {};
    }
}
