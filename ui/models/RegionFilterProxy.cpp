// SPDX-License-Identifier: GPL-3.0-or-later
#include "RegionFilterProxy.h"

#include "RegionTableModel.h"

RegionFilterProxy::RegionFilterProxy(QObject* parent) : QSortFilterProxyModel(parent) {
    setSortRole(RegionTableModel::SortRole);
    setDynamicSortFilter(true);
    collator_.setCaseSensitivity(Qt::CaseInsensitive);
}

bool RegionFilterProxy::setPattern(const QString& pattern) {
    QRegularExpression expression(pattern);
    const bool valid = pattern.isEmpty() || expression.isValid();
    error_ = valid ? QString() : expression.errorString();
    pattern_ = valid && !pattern.isEmpty() ? expression : QRegularExpression();
    invalidateRowsFilter();
    return valid;
}

bool RegionFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const {
    if (pattern_.pattern().isEmpty())
        return true;
    const QString name =
        sourceModel()->index(sourceRow, RegionTableModel::Region, sourceParent).data().toString();
    return pattern_
        .match(name, 0, QRegularExpression::NormalMatch,
               QRegularExpression::AnchorAtOffsetMatchOption)
        .hasMatch();
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
