// SPDX-License-Identifier: GPL-3.0-or-later
#include "RegionTableCsv.h"

#include "RegionTableModel.h"
#include "export/CsvWriter.h"
#include "export/PythonFloat.h"

#include <QHeaderView>
#include <QObject>

#include <vector>

namespace {

std::string header(const QAbstractItemModel& model, int column) {
    if (column == RegionTableModel::Share)
        return QObject::tr("Share of run (fraction)").toStdString();
    // The full name: the header shows an abbreviation to fit the window.
    const QString name =
        model.headerData(column, Qt::Horizontal, Qt::AccessibleTextRole).toString();
    const QString id =
        model.headerData(column, Qt::Horizontal, RegionTableModel::ColumnIdRole).toString();
    return (RegionTableModel::isTime(id) ? QObject::tr("%1 (s)").arg(name) : name).toStdString();
}

// The raw number behind a cell: Python's repr round-trips every double.
std::string field(const QModelIndex& index) {
    if (index.column() == RegionTableModel::Region)
        return index.data(RegionTableModel::SortRole).toString().toStdString();
    if (!index.data(RegionTableModel::AvailableRole).toBool())
        return {};
    const double value = index.data(RegionTableModel::SortRole).toDouble();
    const QString id =
        index.model()
            ->headerData(index.column(), Qt::Horizontal, RegionTableModel::ColumnIdRole)
            .toString();
    if (id == QLatin1String("calls") || id == QLatin1String("gpu_calls"))
        return std::to_string(static_cast<unsigned long long>(value));
    return scope::formatPythonFloat(value);
}

} // namespace

std::string RegionTableCsv::text(const QAbstractItemModel& table, const QHeaderView& headers) {
    std::vector<int> columns;
    for (int visual = 0; visual < headers.count(); ++visual) {
        const int logical = headers.logicalIndex(visual);
        if (!headers.isSectionHidden(logical))
            columns.push_back(logical);
    }
    scope::CsvWriter csv;
    std::vector<std::string> fields;
    for (int column : columns)
        fields.push_back(header(table, column));
    csv.writeRow(fields);
    for (int row = 0; row < table.rowCount(); ++row) {
        fields.clear();
        for (int column : columns)
            fields.push_back(field(table.index(row, column)));
        csv.writeRow(fields);
    }
    return csv.take();
}
