// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/RegionTable.h"
#include "common/ImbalanceLines.h"
#include "common/RunData.h"

#include <QAbstractTableModel>

#include <memory>
#include <vector>

// One row per region: calls, total, share of the run, avg/min/max/std,
// percentiles (with events only), exclusive time and load imbalance, for the
// current rank selection; runs with GPU durations add GPU calls, total and avg, runs whose tasks
// awaited inside calls (never GPU runs: track_threads excludes GPU) add Await. Display text uses
// readable units; SortRole gives the raw number and ToolTipRole the full precision. Header texts
// are compact; the header's Qt::AccessibleTextRole gives each column's full name.
class RegionTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Region,
        Calls,
        Total,
        Share,
        Average,
        Min,
        Max,
        Std,
        P50,
        P90,
        P99,
        Exclusive,
        Imbalance,
        Wall,        // hidden by default (RegionTableView)
        ColumnCount, // the columns of every run
        // Last, and only in runs with GPU data (RegionTable::hasGpuData):
        // columnCount() is ColumnCount otherwise.
        GpuCalls = ColumnCount,
        GpuTotal,
        GpuAverage,
        ColumnCountWithGpu,
        // Last, and only in runs with await times (RegionTable::hasAwaitData)
        // and no GPU data: lane runs never have GPU data.
        Await = ColumnCount,
        ColumnCountWithAwait
    };
    enum Role {
        SortRole = Qt::UserRole + 1, // double; unavailable values sort first
        ShareRole,                   // double in [0, 1], for the in-cell bar
        RegionIndexRole,             // int, index into ProfilingResults::regions
        AvailableRole,               // bool: false where the value is unknown
        ColumnIdRole                 // header: the column's id (columnIds)
    };

    explicit RegionTableModel(QObject* parent = nullptr);

    // Whether the column of this id holds durations (seconds), not counts or
    // ratios; an id from columnIds or the header's ColumnIdRole.
    static bool isTime(const QString& id);

    // Stable names of the columns, for settings (e.g. the hidden ones); with
    // `gpu` also those of the GPU columns, else with `await` that of Await.
    static QStringList columnIds(bool gpu = false, bool await = false);
    // The ids of this model's columns now.
    QStringList shownColumnIds() const { return columnIds(hasGpu_, hasAwait_); }

    // Rows computed on a worker thread by RegionTable::compute for `run`.
    // percentilesPending: the percentile columns say "…" until setPercentiles;
    // exclusivePending: so do the unknown exclusive times, until setExclusive.
    void setRows(std::shared_ptr<const RunData> run, std::vector<scope::RegionTableRow> rows,
                 bool percentilesPending = false, bool exclusivePending = false);
    // The percentiles of the same rows, computed after them: the rest of the
    // table stays as it is (selection, sorting).
    void setPercentiles(const std::vector<scope::RegionTableRow>& rows);
    bool percentilesPending() const { return percentilesPending_; }
    // The same rows of `run`, the complete results of the run shown, now with
    // the exclusive times computed: only that column changes (selection and
    // sorting stay), and run() becomes `run`. False, and nothing changes,
    // when the rows are not those shown.
    bool setExclusive(std::shared_ptr<const RunData> run,
                      const std::vector<scope::RegionTableRow>& rows);
    bool exclusivePending() const { return exclusivePending_; }
    // The rank selection the rows are for (RunView sets it before setRows):
    // the tooltips' imbalance pattern is computed over it.
    void setRanks(const scope::RankSelection& ranks) { ranks_ = ranks; }
    // The regions' imbalance patterns, a line of the Region and Imbalance
    // tooltips, computed for the hovered row only.
    ImbalanceLines* imbalance() const { return imbalance_; }
    void clear();
    std::shared_ptr<const RunData> run() const { return run_; }
    const scope::RegionTableRow* rowData(int row) const;
    // Whether the GPU columns are there: the run stores GPU durations.
    bool hasGpuColumns() const { return hasGpu_; }
    // Whether the Await column is there: some call's task awaited inside it.
    bool hasAwaitColumn() const { return hasAwait_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    std::optional<double> value(const scope::RegionTableRow& row, int column) const;
    QString unavailableReason(const scope::RegionTableRow& row, int column) const;
    // `tip` and the region's imbalance line (ImbalanceLines).
    QString withImbalance(const QString& tip, std::size_t region) const;

    std::shared_ptr<const RunData> run_;
    std::vector<scope::RegionTableRow> rows_;
    bool percentilesPending_ = false;
    bool exclusivePending_ = false;
    bool hasGpu_ = false;
    bool hasAwait_ = false;
    scope::RankSelection ranks_;
    ImbalanceLines* imbalance_;
};
