// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "compare/RunComparison.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <optional>
#include <vector>

// The rows of RunComparison::compute as a table: the region, each run's value
// of the chosen metric, then for every run but the baseline its change against
// the baseline (Δ and Δ %), and the largest |Δ| of the row. Changes are red
// when the run is slower (more time) and green when faster; call counts are
// neither better nor worse, so they stay uncoloured. A run without a region
// the baseline has shows "missing", uncoloured, rather than a −100 % change.
class ComparisonTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Role {
        SortRole = Qt::UserRole + 1, // double (region: name); invalid without a number
        InAllRunsRole,               // bool, any column
        // double: the largest |percent| of the row over the non-baseline runs;
        // invalid when no run has a percent (no baseline value)
        LargestPercentRole,
    };

    explicit ComparisonTableModel(QObject* parent = nullptr);

    void setComparison(std::vector<scope::ComparisonRow> rows, const QStringList& labels,
                       int baseline, scope::ComparisonMetric metric);

    const std::vector<scope::ComparisonRow>& rows() const { return rows_; }
    int baseline() const { return baseline_; }
    scope::ComparisonMetric metric() const { return metric_; }
    // Columns: 0 region, 1..n values, then Δ and Δ % per non-baseline run, then |Δ| max.
    int valueColumn(int run) const { return 1 + run; }
    int deltaColumn(int run) const;   // -1 for the baseline
    int percentColumn(int run) const; // -1 for the baseline
    int largestChangeColumn() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    struct Column {
        enum Kind { Region, Value, Delta, Percent, LargestChange } kind;
        int run = -1;
    };
    Column column(int section) const;
    int runCount() const { return static_cast<int>(labels_.size()); }
    QString formatValue(double value) const;
    QString formatDelta(double delta) const;
    QVariant changeColour(double delta) const;
    // The run has no value where the baseline has one: its change is "missing".
    bool isMissing(const scope::ComparisonRow& row, int run) const;
    std::optional<double> largestPercent(const scope::ComparisonRow& row) const;
    // The largest |Δ| over the runs that have a change to show.
    std::optional<double> largestChange(const scope::ComparisonRow& row) const;

    std::vector<scope::ComparisonRow> rows_;
    QStringList labels_;
    int baseline_ = 0;
    scope::ComparisonMetric metric_ = scope::ComparisonMetric::Total;
};
