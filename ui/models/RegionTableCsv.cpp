// SPDX-License-Identifier: GPL-3.0-or-later
#include "RegionTableCsv.h"

#include "RegionTableModel.h"
#include "export/CsvWriter.h"
#include "export/PythonFloat.h"

#include <QHeaderView>
#include <QObject>

#include <charconv>
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
    return RegionTableCsv::number(value);
}

} // namespace

std::string RegionTableCsv::number(double value) {
    // Averages, percentiles and shares are computed in doubles, and their last
    // bit is noise ("5.470000000000001e-05"): rounded to the 15 significant
    // digits a double carries exactly, then written as Python's repr writes
    // that number. Nanosecond times need at most 15 digits up to 11 days.
    char buffer[32];
    const auto written =
        std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::general, 15);
    double rounded = value;
    if (written.ec == std::errc())
        std::from_chars(buffer, written.ptr, rounded);
    return scope::formatPythonFloat(rounded);
}

std::string RegionTableCsv::text(const QAbstractItemModel& table, const QHeaderView& headers) {
    // Every column, those hidden on screen too: a file is read elsewhere,
    // where the window's choice of columns is not known.
    std::vector<int> columns;
    for (int visual = 0; visual < headers.count(); ++visual)
        columns.push_back(headers.logicalIndex(visual));
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
