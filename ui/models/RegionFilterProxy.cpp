// SPDX-License-Identifier: GPL-3.0-or-later
#include "RegionFilterProxy.h"

#include "RegionTableModel.h"

#include <stdexcept>
#include <string>

RegionFilterProxy::RegionFilterProxy(QObject* parent) : QSortFilterProxyModel(parent) {
    setSortRole(RegionTableModel::SortRole);
    setDynamicSortFilter(true);
    collator_.setCaseSensitivity(Qt::CaseInsensitive);
}

bool RegionFilterProxy::setPattern(const QString& pattern) {
    error_.clear();
    filter_ = {};
    if (!pattern.isEmpty()) {
        try {
            filter_ = scope::RegionFilter({pattern.toStdString()}, {});
        } catch (const std::invalid_argument& error) {
            // "invalid regular expression 'PATTERN': CAUSE"; the box shows the pattern.
            const std::string what = error.what();
            const std::size_t cause = what.rfind("': ");
            error_ =
                QString::fromStdString(cause == std::string::npos ? what : what.substr(cause + 3));
        }
    }
    invalidateRowsFilter();
    return error_.isEmpty();
}

bool RegionFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const {
    if (filter_.isEmpty())
        return true;
    // The region's own name, not its display text (a marker, a short MPI name).
    const QString name = sourceModel()
                             ->index(sourceRow, RegionTableModel::Region, sourceParent)
                             .data(RegionTableModel::SortRole)
                             .toString();
    return filter_.matches(name.toStdString());
}

bool RegionFilterProxy::lessThan(const QModelIndex& left, const QModelIndex& right) const {
    if (left.column() != RegionTableModel::Region)
        return QSortFilterProxyModel::lessThan(left, right);
    const QString a = left.data(sortRole()).toString();
    const QString b = right.data(sortRole()).toString();
    const int order = collator_.compare(a, b);
    // "Solve" and "solve" are both regions: a fixed order between them.
    return order != 0 ? order < 0 : a < b;
}
