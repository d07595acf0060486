// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ProfilingResults.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <memory>
#include <vector>

// perf counters per region: one row per region, its calls and counter
// totals over the selected ranks (one rank: that rank's counts), then the
// ratios derived from them (IPC, miss rates) where the counters exist.
class PerfEventsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    // The raw number behind a cell, for sorting and tests; NaN where a
    // region lacks a counter or ratio.
    static constexpr int ValueRole = Qt::UserRole + 1;

    explicit PerfEventsModel(QObject* parent = nullptr);

    void setRun(std::shared_ptr<const scope::ProfilingResults> results);
    // The ranks summed; empty = every rank with perf data.
    void setRanks(std::vector<std::uint32_t> ranks);
    // The ranks with perf data, ascending.
    std::vector<std::uint32_t> ranks() const;
    // Column of a counter or ratio by name, -1 if absent.
    int column(const QString& name) const;
    int row(const QString& region) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    struct Row {
        // Summed over the ranks, in the shape perfRatios() takes.
        scope::PerfEventSet set;
        std::vector<double> counters; // per counter column; NaN: not measured
        std::vector<double> ratios;   // per ratio column; NaN: counters missing
    };
    void rebuild();
    void addRatio(Row& row, const std::string& name, double value);

    std::shared_ptr<const scope::ProfilingResults> results_;
    std::vector<std::uint32_t> ranks_;
    QStringList counterNames_;
    QStringList ratioNames_;
    std::vector<Row> rows_;
};
