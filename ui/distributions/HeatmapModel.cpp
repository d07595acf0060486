// SPDX-License-Identifier: GPL-3.0-or-later
#include "HeatmapModel.h"

#include "base/DurationFormat.h"

#include <cmath>

namespace {

QString duration(double seconds) {
    return QString::fromStdString(scope::formatDuration(seconds));
}

} // namespace

HeatmapModel::HeatmapModel(QObject* parent)
    : QAbstractTableModel(parent), imbalance_(new ImbalanceLines(this)) {}

void HeatmapModel::setRun(std::shared_ptr<const scope::ProfilingResults> results) {
    results_ = std::move(results);
    recompute();
}

void HeatmapModel::setRanks(const scope::RankSelection& ranks) {
    ranks_ = ranks;
    recompute();
}

void HeatmapModel::setStatistic(scope::HeatmapStatistic statistic) {
    statistic_ = statistic;
    recompute();
}

void HeatmapModel::recompute() {
    beginResetModel();
    imbalance_->setRun(results_, ranks_);
    heatmap_ = results_ ? scope::RankRegionHeatmap::compute(*results_, ranks_, statistic_)
                        : scope::RankRegionHeatmap();
    endResetModel();
}

QString HeatmapModel::statisticName(scope::HeatmapStatistic statistic) {
    switch (statistic) {
    case scope::HeatmapStatistic::Average:
        return tr("Average");
    case scope::HeatmapStatistic::Max:
        return tr("Max");
    case scope::HeatmapStatistic::Total:
        break;
    }
    return tr("Total");
}

QString HeatmapModel::regionName(int column) const {
    if (!results_ || column < 0 || static_cast<std::size_t>(column) >= heatmap_.columnCount())
        return {};
    return QString::fromStdString(results_->regions[heatmap_.region(column)]);
}

int HeatmapModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(heatmap_.rowCount());
}

int HeatmapModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(heatmap_.columnCount());
}

QString HeatmapModel::toolTip(std::size_t row, std::size_t column) const {
    const QString where = tr("rank %1, %2").arg(heatmap_.rank(row)).arg(regionName(int(column)));
    const double value = heatmap_.value(row, column);
    const QString cell = std::isnan(value)
                             ? tr("%1: no calls").arg(where)
                             : tr("%1: %2 %3, %4× the mean %5")
                                   .arg(where, duration(value), statisticName(statistic_).toLower())
                                   .arg(heatmap_.ratio(row, column), 0, 'f', 2)
                                   .arg(duration(heatmap_.mean(column)));
    const QString imbalance = imbalance_->line(heatmap_.region(column));
    return imbalance.isEmpty() ? cell : cell + QLatin1Char('\n') + imbalance;
}

QVariant HeatmapModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const auto row = static_cast<std::size_t>(index.row());
    const auto column = static_cast<std::size_t>(index.column());
    const double ratio = heatmap_.ratio(row, column);
    switch (role) {
    case Qt::DisplayRole:
        return std::isnan(ratio) ? QVariant() : QVariant(tr("%1×").arg(ratio, 0, 'f', 2));
    case Qt::ToolTipRole:
        return toolTip(row, column);
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    case RatioRole:
        return ratio;
    case ValueRole:
        return heatmap_.value(row, column);
    case RankRole:
        return heatmap_.rank(row);
    case RegionRole:
        return static_cast<int>(heatmap_.region(column));
    default:
        return {};
    }
}

QVariant HeatmapModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (role != Qt::DisplayRole || section < 0)
        return {};
    if (orientation == Qt::Horizontal)
        return section < columnCount() ? QVariant(regionName(section)) : QVariant();
    return section < rowCount() ? QVariant(tr("rank %1").arg(heatmap_.rank(section))) : QVariant();
}
