// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSortFilterProxyModel>

// One of the comparison tables: the regions every run has, or those that only
// some runs have, with the rows whose largest |Δ %| is below a threshold
// hidden (rows without any percentage are always kept, as scope-profiler diff
// keeps them), and with "changed only" the rows no run really changed in
// (ComparisonTableModel::ChangedRole; all rows stay while there are no
// reports). Sorts on ComparisonTableModel::SortRole, i.e. on the numbers,
// cells without a number last in either direction.
class ComparisonFilterProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    enum class Regions { InAllRuns, NotInAllRuns };

    explicit ComparisonFilterProxy(Regions regions, QObject* parent = nullptr);

    void setMinimumPercent(double percent);
    double minimumPercent() const { return minimumPercent_; }
    void setChangedOnly(bool on);
    bool changedOnly() const { return changedOnly_; }
    Regions regions() const { return regions_; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;

private:
    Regions regions_;
    double minimumPercent_ = 0.0;
    bool changedOnly_ = false;
};
