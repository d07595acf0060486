// SPDX-License-Identifier: GPL-3.0-or-later
#include "ComparisonTableModel.h"

#include "base/DurationFormat.h"

#include <QBrush>
#include <QColor>
#include <QLocale>

#include <algorithm>
#include <cmath>

namespace {

const QColor kWorse(0xc0, 0x1c, 0x28);
const QColor kBetter(0x1a, 0x7f, 0x37);

} // namespace

ComparisonTableModel::ComparisonTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void ComparisonTableModel::setComparison(std::vector<scope::ComparisonRow> rows,
                                         const QStringList& labels, int baseline,
                                         scope::ComparisonMetric metric) {
    beginResetModel();
    rows_ = std::move(rows);
    labels_ = labels;
    baseline_ = baseline;
    metric_ = metric;
    endResetModel();
}

int ComparisonTableModel::deltaColumn(int run) const {
    if (run == baseline_ || run < 0 || run >= runCount())
        return -1;
    const int position = run < baseline_ ? run : run - 1;
    return 1 + runCount() + 2 * position;
}

int ComparisonTableModel::percentColumn(int run) const {
    const int delta = deltaColumn(run);
    return delta < 0 ? -1 : delta + 1;
}

int ComparisonTableModel::largestChangeColumn() const {
    return runCount() < 2 ? -1 : 1 + runCount() + 2 * (runCount() - 1);
}

ComparisonTableModel::Column ComparisonTableModel::column(int section) const {
    if (section == 0)
        return {Column::Region};
    if (section <= runCount())
        return {Column::Value, section - 1};
    if (section == largestChangeColumn())
        return {Column::LargestChange};
    const int offset = section - 1 - runCount();
    int run = offset / 2;
    if (run >= baseline_)
        ++run;
    return {offset % 2 == 0 ? Column::Delta : Column::Percent, run};
}

int ComparisonTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int ComparisonTableModel::columnCount(const QModelIndex& parent) const {
    if (parent.isValid() || labels_.isEmpty())
        return 0;
    return runCount() < 2 ? 1 + runCount() : largestChangeColumn() + 1;
}

QString ComparisonTableModel::formatValue(double value) const {
    if (metric_ == scope::ComparisonMetric::Calls)
        return QLocale().toString(static_cast<qlonglong>(std::llround(value)));
    return QString::fromStdString(scope::formatDuration(value));
}

QString ComparisonTableModel::formatDelta(double delta) const {
    const QString sign = delta > 0 ? QStringLiteral("+") : delta < 0 ? QStringLiteral("−") : "";
    return sign + formatValue(std::abs(delta));
}

QVariant ComparisonTableModel::changeColour(double delta) const {
    if (metric_ == scope::ComparisonMetric::Calls || delta == 0.0)
        return {};
    return QBrush(delta > 0 ? kWorse : kBetter);
}

bool ComparisonTableModel::isMissing(const scope::ComparisonRow& row, int run) const {
    const auto index = static_cast<std::size_t>(run);
    const auto base = static_cast<std::size_t>(baseline_);
    return run != baseline_ && index < row.values.size() && base < row.values.size() &&
           !row.values[index] && row.values[base];
}

std::optional<double> ComparisonTableModel::largestPercent(const scope::ComparisonRow& row) const {
    std::optional<double> largest;
    for (int run = 0; run < runCount() && run < static_cast<int>(row.percent.size()); ++run)
        if (run != baseline_ && !isMissing(row, run) && row.percent[static_cast<std::size_t>(run)])
            largest = std::max(largest.value_or(0.0),
                               std::abs(*row.percent[static_cast<std::size_t>(run)]));
    return largest;
}

std::optional<double> ComparisonTableModel::largestChange(const scope::ComparisonRow& row) const {
    std::optional<double> largest;
    for (int run = 0; run < runCount() && run < static_cast<int>(row.delta.size()); ++run) {
        const auto index = static_cast<std::size_t>(run);
        const auto base = static_cast<std::size_t>(baseline_);
        if (run == baseline_ || isMissing(row, run) || (!row.values[index] && !row.values[base]))
            continue;
        largest = std::max(largest.value_or(0.0), std::abs(row.delta[index]));
    }
    return largest;
}

QVariant ComparisonTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount())
        return {};
    const scope::ComparisonRow& row = rows_[static_cast<std::size_t>(index.row())];
    if (role == InAllRunsRole)
        return row.inAllRuns();
    if (role == LargestPercentRole) {
        const std::optional<double> largest = largestPercent(row);
        return largest ? QVariant(*largest) : QVariant();
    }
    const Column col = column(index.column());
    const auto run = static_cast<std::size_t>(std::max(col.run, 0));
    // A cell without a number has no sort key: ComparisonFilterProxy puts it
    // below the numbers whichever way the column is sorted.
    const QVariant missing;
    // The run lacks a region the baseline has: no change to colour, and no
    // "−100 %" that reads as the run having taken no time at all.
    const bool runMissing =
        (col.kind == Column::Delta || col.kind == Column::Percent) && isMissing(row, col.run);
    if (runMissing) {
        if (role == Qt::DisplayRole)
            return tr("missing");
        if (role == Qt::ToolTipRole)
            return tr("%1 has no calls of this region; %2 has")
                .arg(labels_[col.run], labels_[baseline_]);
        if (role == Qt::TextAlignmentRole)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    }
    switch (col.kind) {
    case Column::Region:
        if (role == Qt::DisplayRole || role == SortRole || role == Qt::ToolTipRole)
            return QString::fromStdString(row.region);
        return {};
    case Column::Value: {
        const std::optional<double> value = row.values[run];
        if (role == Qt::DisplayRole)
            return value ? formatValue(*value) : tr("—");
        if (role == SortRole)
            return value ? QVariant(*value) : missing;
        if (role == Qt::ToolTipRole)
            return value ? (metric_ == scope::ComparisonMetric::Calls
                                ? formatValue(*value)
                                : tr("%1 s").arg(*value, 0, 'g', 12))
                         : tr("%1 has no calls of this region").arg(labels_[col.run]);
        if (role == Qt::TextAlignmentRole)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    }
    case Column::Delta: {
        const bool neither = !row.values[run] && !row.values[static_cast<std::size_t>(baseline_)];
        if (role == Qt::DisplayRole)
            return neither ? tr("—") : formatDelta(row.delta[run]);
        if (role == SortRole)
            return neither ? missing : QVariant(row.delta[run]);
        if (role == Qt::ForegroundRole)
            return changeColour(row.delta[run]);
        if (role == Qt::ToolTipRole)
            return tr("%1 − %2").arg(labels_[col.run], labels_[baseline_]);
        if (role == Qt::TextAlignmentRole)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    }
    case Column::Percent: {
        const std::optional<double> percent = row.percent[run];
        if (role == Qt::DisplayRole)
            return percent ? QStringLiteral("%1%2 %")
                                 .arg(*percent > 0   ? QStringLiteral("+")
                                      : *percent < 0 ? QStringLiteral("−")
                                                     : QString())
                                 .arg(std::abs(*percent), 0, 'f', 1)
                           : tr("n/a");
        if (role == SortRole)
            return percent ? QVariant(*percent) : missing;
        if (role == Qt::ForegroundRole)
            return percent ? changeColour(row.delta[run]) : QVariant();
        if (role == Qt::ToolTipRole)
            return percent ? tr("%1 % against %2").arg(*percent, 0, 'g', 12).arg(labels_[baseline_])
                           : tr("no percentage: %1 has no value here").arg(labels_[baseline_]);
        if (role == Qt::TextAlignmentRole)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    }
    case Column::LargestChange: {
        const std::optional<double> largest = largestChange(row);
        if (role == Qt::DisplayRole)
            return largest ? formatValue(*largest) : tr("—");
        if (role == SortRole)
            return largest ? QVariant(*largest) : missing;
        if (role == Qt::ToolTipRole)
            return tr("The largest change of this region against %1, either direction "
                      "(runs without the region left out)")
                .arg(labels_[baseline_]);
        if (role == Qt::TextAlignmentRole)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    }
    }
    return {};
}

QVariant ComparisonTableModel::headerData(int section, Qt::Orientation orientation,
                                          int role) const {
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount())
        return QAbstractTableModel::headerData(section, orientation, role);
    const Column col = column(section);
    // Headers are two short lines, the run's label first, so that a table of
    // four runs fits a 1280-pixel window; the tooltip says it in full.
    if (role == Qt::DisplayRole) {
        switch (col.kind) {
        case Column::Region:
            return tr("Region");
        case Column::Value:
            return col.run == baseline_ ? tr("%1\nbaseline").arg(labels_[col.run])
                                        : labels_[col.run];
        case Column::Delta:
            return tr("%1\nΔ").arg(labels_[col.run]);
        case Column::Percent:
            return tr("%1\nΔ %").arg(labels_[col.run]);
        case Column::LargestChange:
            return tr("|Δ| max");
        }
    }
    if (role == Qt::ToolTipRole) {
        const QString metric =
            QString::fromUtf8(scope::metricName(metric_).data(),
                              static_cast<qsizetype>(scope::metricName(metric_).size()));
        switch (col.kind) {
        case Column::Region:
            return {};
        case Column::Value:
            return col.run == baseline_ ? tr("%1 of %2, the baseline").arg(metric, labels_[col.run])
                                        : tr("%1 of %2").arg(metric, labels_[col.run]);
        case Column::Delta:
            return tr("Δ %1: %2 of %1 − %2 of %3 (baseline)")
                .arg(labels_[col.run], metric, labels_[baseline_]);
        case Column::Percent:
            return tr("Δ % %1: change of %1 against %2 (baseline), in percent")
                .arg(labels_[col.run], labels_[baseline_]);
        case Column::LargestChange:
            return tr("|Δ| max: the largest change of each region against %1, either "
                      "direction; the first click sorts the largest first")
                .arg(labels_[baseline_]);
        }
    }
    // Largest first is what anyone clicking "|Δ| max" is after.
    if (role == Qt::InitialSortOrderRole)
        return col.kind == Column::LargestChange ? Qt::DescendingOrder : Qt::AscendingOrder;
    return {};
}
