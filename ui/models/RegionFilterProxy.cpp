#include "RegionFilterProxy.h"

#include "RegionTableModel.h"

RegionFilterProxy::RegionFilterProxy(QObject* parent) : QSortFilterProxyModel(parent) {
    setSortRole(RegionTableModel::SortRole);
    setDynamicSortFilter(true);
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
