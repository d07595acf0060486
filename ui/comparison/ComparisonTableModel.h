// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "compare/RegionChange.h"
#include "compare/RunComparison.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

// The rows of RunComparison::compute as a table: the region, each run's value
// of the chosen metric, then for every run but the baseline its change against
// the baseline (Δ and Δ %), and the largest |Δ| of the row. Changes are red
// when the run is slower (more time) and green when faster; call counts are
// neither better nor worse, so they stay uncoloured. A region only one side
// has is "new" (the baseline lacks it) or "removed" (the run lacks it) in the
// change columns, uncoloured, rather than a change against 0 or a −100 %.
//
// With the significance of each run's changes (setReports), Δ % carries a
// marker (▲ slower, ▼ faster, ≈ the same within the threshold, n.s. not
// significant) and its tooltip the 95 %
// interval and p-value; only real changes are red or green, the others grey.
class ComparisonTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Role {
        SortRole = Qt::UserRole + 1, // double (region: name); invalid without a number
        InAllRunsRole,               // bool, any column
        // double: the largest |percent| of the row over the non-baseline runs;
        // invalid when no run has a percent (no baseline value)
        LargestPercentRole,
        // int, a scope::Verdict, on the Δ and Δ % cells: the report's verdict,
        // or new/removed without a report; invalid otherwise
        VerdictRole,
        // bool, any column: some run's region really changed, is new or was
        // removed; invalid while there are no reports
        ChangedRole,
    };

    explicit ComparisonTableModel(QObject* parent = nullptr);

    void setComparison(std::vector<scope::ComparisonRow> rows, const QStringList& labels,
                       int baseline, scope::ComparisonMetric metric);

    // Per run of the set (the baseline's entry and runs not yet computed
    // empty): which regions really changed. A report is used while its
    // statistic is the table's; whoever computes them replaces them when the
    // runs change.
    void setReports(std::vector<std::optional<scope::DiffReport>> perRun);
    // The report's entry for the region of a row against a run, if any.
    const scope::RegionChange* change(int row, int run) const;

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
    // Only one of the run and the baseline has the region.
    bool isRemoved(const scope::ComparisonRow& row, int run) const;
    bool isNew(const scope::ComparisonRow& row, int run) const;
    QVariant verdictColour(const scope::RegionChange& change, double delta) const;
    double thresholdOf(int run) const; // the report's threshold of "unchanged", percent
    QVariant newOrRemovedData(const scope::ComparisonRow& row, int run, int role) const;
    std::optional<double> largestPercent(const scope::ComparisonRow& row) const;
    // The largest |Δ| over the runs that have a change to show.
    std::optional<double> largestChange(const scope::ComparisonRow& row) const;

    std::vector<scope::ComparisonRow> rows_;
    QStringList labels_;
    int baseline_ = 0;
    scope::ComparisonMetric metric_ = scope::ComparisonMetric::Total;
    std::vector<std::optional<scope::DiffReport>> reports_;
    // Per run: region name -> index in its report's regions.
    std::vector<std::unordered_map<std::string, std::size_t>> reportIndex_;
};
