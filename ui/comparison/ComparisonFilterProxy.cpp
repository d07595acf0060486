// SPDX-License-Identifier: GPL-3.0-or-later
#include "ComparisonFilterProxy.h"

#include "ComparisonTableModel.h"

ComparisonFilterProxy::ComparisonFilterProxy(Regions regions, QObject* parent)
    : QSortFilterProxyModel(parent), regions_(regions) {
    setSortRole(ComparisonTableModel::SortRole);
}

void ComparisonFilterProxy::setMinimumPercent(double percent) {
    if (percent == minimumPercent_)
        return;
    minimumPercent_ = percent;
    invalidateFilter();
}

void ComparisonFilterProxy::setChangedOnly(bool on) {
    if (on == changedOnly_)
        return;
    changedOnly_ = on;
    invalidateFilter();
}

bool ComparisonFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const {
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    const bool inAll = index.data(ComparisonTableModel::InAllRunsRole).toBool();
    if (inAll != (regions_ == Regions::InAllRuns))
        return false;
    if (changedOnly_) {
        const QVariant changed = index.data(ComparisonTableModel::ChangedRole);
        if (changed.isValid() && !changed.toBool())
            return false;
    }
    const QVariant largest = index.data(ComparisonTableModel::LargestPercentRole);
    return !largest.isValid() || largest.toDouble() >= minimumPercent_;
}

bool ComparisonFilterProxy::lessThan(const QModelIndex& left, const QModelIndex& right) const {
    const QVariant a = left.data(sortRole());
    const QVariant b = right.data(sortRole());
    // Cells without a number ("—", "new", "removed", "n/a") go below the numbers in
    // both directions, so that the first rows are always real changes. Qt
    // sorts descending by asking lessThan(right, left), hence the order test.
    if (a.isValid() != b.isValid())
        return sortOrder() == Qt::AscendingOrder ? a.isValid() : !a.isValid();
    if (!a.isValid())
        return false;
    return QSortFilterProxyModel::lessThan(left, right);
}
