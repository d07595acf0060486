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

bool ComparisonFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const {
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    const bool inAll = index.data(ComparisonTableModel::InAllRunsRole).toBool();
    if (inAll != (regions_ == Regions::InAllRuns))
        return false;
    const QVariant largest = index.data(ComparisonTableModel::LargestPercentRole);
    return !largest.isValid() || largest.toDouble() >= minimumPercent_;
}
