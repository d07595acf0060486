// SPDX-License-Identifier: GPL-3.0-or-later
#include "ThreadTableModel.h"

#include "common/DurationText.h"

#include <QLocale>

#include <limits>

ThreadTableModel::ThreadTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void ThreadTableModel::setRows(std::vector<scope::ThreadSummaryRow> rows) {
    beginResetModel();
    rows_ = std::move(rows);
    endResetModel();
}

const scope::ThreadSummaryRow* ThreadTableModel::rowData(int row) const {
    if (row < 0 || static_cast<std::size_t>(row) >= rows_.size())
        return nullptr;
    return &rows_[static_cast<std::size_t>(row)];
}

int ThreadTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int ThreadTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ThreadTableModel::display(const scope::ThreadSummaryRow& row, int column) const {
    switch (column) {
    case Rank:
        return QString::number(row.rank);
    case Thread:
        return QString::fromStdString(row.name);
    case NativeId:
        return QString::number(row.nativeId);
    case Daemon:
        return row.daemon ? tr("yes") : tr("no");
    case Wall:
        return row.wallNs ? durationText(*row.wallNs) : tr("alive");
    case Cpu:
        return durationText(row.cpuNs);
    case Calls:
        return row.calls ? QLocale().toString(static_cast<qulonglong>(*row.calls))
                         : QStringLiteral("n/a");
    case RegionTime:
        return row.regionNs ? durationText(*row.regionNs) : QStringLiteral("n/a");
    default:
        return {};
    }
}

QVariant ThreadTableModel::sortValue(const scope::ThreadSummaryRow& row, int column) const {
    constexpr double unknown = -std::numeric_limits<double>::infinity();
    switch (column) {
    case Rank:
        return static_cast<double>(row.rank);
    case Thread:
        return QString::fromStdString(row.name);
    case NativeId:
        return static_cast<double>(row.nativeId);
    case Daemon:
        return row.daemon ? 1.0 : 0.0;
    case Wall:
        // Alive at the end: it ran longer than any thread that ended.
        return row.wallNs ? static_cast<double>(*row.wallNs)
                          : std::numeric_limits<double>::infinity();
    case Cpu:
        return static_cast<double>(row.cpuNs);
    case Calls:
        return row.calls ? static_cast<double>(*row.calls) : unknown;
    case RegionTime:
        return row.regionNs ? static_cast<double>(*row.regionNs) : unknown;
    default:
        return {};
    }
}

QVariant ThreadTableModel::data(const QModelIndex& index, int role) const {
    const scope::ThreadSummaryRow* row = rowData(index.row());
    if (row == nullptr || index.column() < 0 || index.column() >= ColumnCount)
        return {};
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return display(*row, column);
    case SortRole:
        return sortValue(*row, column);
    case Qt::ToolTipRole:
        if (column == Wall && !row->wallNs)
            return tr("Alive when the run finished");
        if (column == Cpu)
            return row->wallNs ? tr("CPU time of the thread")
                               : tr("CPU time sampled while the thread was alive: a lower bound");
        if ((column == Calls || column == RegionTime) && !row->calls)
            return tr("Needs the calls in memory");
        if (column == RegionTime)
            return tr("Summed outermost calls on the thread and in the tasks it ran last; CPU "
                      "time outside regions is the gap");
        return {};
    case Qt::TextAlignmentRole:
        return column == Thread ? QVariant()
                                : QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant ThreadTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return {};
    static const char* const names[] = {"Rank", "Thread", "OS id", "Daemon",
                                        "Wall", "CPU",    "Calls", "In regions"};
    static const char* const tips[] = {
        "The MPI rank",
        "The thread's name",
        "The operating system's thread id (native_id)",
        "Whether it is a daemon thread",
        "From its first bytecode to its end",
        "CPU time it used",
        "Calls of regions made on it",
        "Summed outermost region calls on it and in the tasks whose latest step ran on it"};
    switch (role) {
    case Qt::DisplayRole:
        return tr(names[section]);
    case Qt::ToolTipRole:
        return tr(tips[section]);
    default:
        return {};
    }
}
