// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/RegionFilter.h"

#include <QCollator>
#include <QSortFilterProxyModel>

// Sorts the region table on raw numbers, region names as a person would
// (locale-aware, ignoring case: "alpha", "Beta", "gamma"), and filters region
// names with a regular expression matched at the start of the name, as
// `scope-profiler pproc --include` and `scope-report --include` do (the same
// RegionFilter, so a name from a hostile file cannot make it backtrack).
class RegionFilterProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit RegionFilterProxy(QObject* parent = nullptr);

    // An invalid pattern keeps every row and returns false, so the filter box
    // can show the error instead of hiding the table.
    bool setPattern(const QString& pattern);
    QString errorString() const { return error_; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;

private:
    QCollator collator_;
    scope::RegionFilter filter_;
    QString error_;
};
