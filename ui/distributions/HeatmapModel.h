// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/RankRegionHeatmap.h"
#include "common/ImbalanceLines.h"
#include "model/ProfilingResults.h"

#include <QAbstractTableModel>

#include <memory>

// The rank x region heatmap as a table: one row per rank, one column per
// region (costliest first), each cell the rank's statistic relative to the
// region's mean over ranks. Recomputed on the UI thread: it reads only the
// per-row summaries, a few hundred thousand numbers at 1,024 ranks.
class HeatmapModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Role {
        RatioRole = Qt::UserRole + 1, // double; NaN where the rank does not call the region
        ValueRole,                    // double, seconds; NaN likewise
        RankRole,                     // uint: the row's rank
        RegionRole,                   // int: the column's index into ProfilingResults::regions
    };

    explicit HeatmapModel(QObject* parent = nullptr);

    void setRun(std::shared_ptr<const scope::ProfilingResults> results);
    void setRanks(const scope::RankSelection& ranks);
    void setStatistic(scope::HeatmapStatistic statistic);

    std::shared_ptr<const scope::ProfilingResults> run() const { return results_; }
    scope::HeatmapStatistic statistic() const { return statistic_; }
    const scope::RankRegionHeatmap& heatmap() const { return heatmap_; }
    QString regionName(int column) const;
    // "Total", "Average" or "Max" as the combo box and titles say it.
    static QString statisticName(scope::HeatmapStatistic statistic);
    // The regions' imbalance patterns, whose line ends each cell's tooltip.
    ImbalanceLines* imbalance() const { return imbalance_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    void recompute();
    QString toolTip(std::size_t row, std::size_t column) const;

    std::shared_ptr<const scope::ProfilingResults> results_;
    scope::RankSelection ranks_;
    scope::HeatmapStatistic statistic_ = scope::HeatmapStatistic::Total;
    scope::RankRegionHeatmap heatmap_;
    ImbalanceLines* imbalance_;
};
