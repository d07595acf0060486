// SPDX-License-Identifier: GPL-3.0-or-later
#include "ComparisonTableModel.h"

#include "SignificanceText.h"

#include "base/DurationFormat.h"

#include <QBrush>
#include <QColor>
#include <QLocale>

#include <algorithm>
#include <cmath>

namespace {

const QColor kWorse(0xc0, 0x1c, 0x28);
const QColor kBetter(0x1a, 0x7f, 0x37);
// No real change: quieter than the text, still 5.7:1 on white and 5.3:1 on
// the alternate rows of the light palettes.
const QColor kUnchanged(0x66, 0x66, 0x66);

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

void ComparisonTableModel::setReports(std::vector<std::optional<scope::DiffReport>> perRun) {
    beginResetModel();
    reports_ = std::move(perRun);
    reportIndex_.assign(reports_.size(), {});
    for (std::size_t run = 0; run < reports_.size(); ++run)
        if (reports_[run])
            for (std::size_t i = 0; i < reports_[run]->regions.size(); ++i)
                reportIndex_[run].emplace(reports_[run]->regions[i].name, i);
    endResetModel();
}

const scope::RegionChange* ComparisonTableModel::change(int row, int run) const {
    if (row < 0 || row >= rowCount() || run < 0 || run == baseline_ ||
        run >= static_cast<int>(reports_.size()))
        return nullptr;
    const auto index = static_cast<std::size_t>(run);
    if (!reports_[index] || reports_[index]->statistic != metric_)
        return nullptr;
    const auto found = reportIndex_[index].find(rows_[static_cast<std::size_t>(row)].region);
    return found == reportIndex_[index].end() ? nullptr : &reports_[index]->regions[found->second];
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

bool ComparisonTableModel::isRemoved(const scope::ComparisonRow& row, int run) const {
    const auto index = static_cast<std::size_t>(run);
    const auto base = static_cast<std::size_t>(baseline_);
    return run != baseline_ && index < row.values.size() && base < row.values.size() &&
           !row.values[index] && row.values[base];
}

bool ComparisonTableModel::isNew(const scope::ComparisonRow& row, int run) const {
    const auto index = static_cast<std::size_t>(run);
    const auto base = static_cast<std::size_t>(baseline_);
    return run != baseline_ && index < row.values.size() && base < row.values.size() &&
           row.values[index] && !row.values[base];
}

double ComparisonTableModel::thresholdOf(int run) const {
    const auto index = static_cast<std::size_t>(run);
    return index < reports_.size() && reports_[index] ? reports_[index]->thresholdPercent : 1.0;
}

QVariant ComparisonTableModel::verdictColour(const scope::RegionChange& change,
                                             double delta) const {
    switch (change.verdict) {
    case scope::Verdict::Slower:
    case scope::Verdict::Faster:
        return changeColour(delta);
    case scope::Verdict::Unchanged:
        return QBrush(kUnchanged);
    default:
        return {};
    }
}

QVariant ComparisonTableModel::newOrRemovedData(const scope::ComparisonRow& row, int run,
                                                int role) const {
    const bool added = isNew(row, run);
    if (role == Qt::DisplayRole)
        return added ? tr("new") : tr("removed");
    if (role == VerdictRole)
        return static_cast<int>(added ? scope::Verdict::New : scope::Verdict::Removed);
    if (role == Qt::ToolTipRole) {
        const std::optional<double> value =
            row.values[static_cast<std::size_t>(added ? run : baseline_)];
        const QString amount = value ? formatValue(*value) : QString();
        return added ? tr("New in %1 (%2); %3, the baseline, has no calls of this region")
                           .arg(labels_[run], amount, labels_[baseline_])
                     : tr("Removed in %1, which has no calls of this region; %2 in %3, "
                          "the baseline")
                           .arg(labels_[run], amount, labels_[baseline_]);
    }
    if (role == Qt::TextAlignmentRole)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

std::optional<double> ComparisonTableModel::largestPercent(const scope::ComparisonRow& row) const {
    std::optional<double> largest;
    for (int run = 0; run < runCount() && run < static_cast<int>(row.percent.size()); ++run)
        if (run != baseline_ && !isRemoved(row, run) && row.percent[static_cast<std::size_t>(run)])
            largest = std::max(largest.value_or(0.0),
                               std::abs(*row.percent[static_cast<std::size_t>(run)]));
    return largest;
}

std::optional<double> ComparisonTableModel::largestChange(const scope::ComparisonRow& row) const {
    std::optional<double> largest;
    for (int run = 0; run < runCount() && run < static_cast<int>(row.delta.size()); ++run) {
        const auto index = static_cast<std::size_t>(run);
        const auto base = static_cast<std::size_t>(baseline_);
        if (run == baseline_ || !row.values[index] || !row.values[base])
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
    if (role == ChangedRole) {
        if (std::none_of(reports_.begin(), reports_.end(), [](const auto& r) { return r; }))
            return {};
        for (int run = 0; run < runCount(); ++run) {
            const scope::RegionChange* found = change(index.row(), run);
            if (isNew(row, run) || isRemoved(row, run) ||
                (found && found->verdict != scope::Verdict::Unchanged))
                return true;
        }
        return false;
    }
    const Column col = column(index.column());
    const auto run = static_cast<std::size_t>(std::max(col.run, 0));
    // A cell without a number has no sort key: ComparisonFilterProxy puts it
    // below the numbers whichever way the column is sorted.
    const QVariant missing;
    const bool changeCell = col.kind == Column::Delta || col.kind == Column::Percent;
    // Only one side has the region: said in words the same way for either
    // side, uncoloured; not a change against 0 nor a "−100 %" that reads as
    // the run having taken no time at all.
    if (changeCell && (isNew(row, col.run) || isRemoved(row, col.run))) {
        if (role == SortRole || role == Qt::ForegroundRole)
            return {};
        return newOrRemovedData(row, col.run, role);
    }
    const scope::RegionChange* significance = changeCell ? change(index.row(), col.run) : nullptr;
    if (role == VerdictRole)
        return significance ? QVariant(static_cast<int>(significance->verdict)) : QVariant();
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
            return significance ? verdictColour(*significance, row.delta[run])
                                : changeColour(row.delta[run]);
        if (role == Qt::ToolTipRole) {
            const QString what = tr("%1 − %2").arg(labels_[col.run], labels_[baseline_]);
            return significance ? what + QLatin1Char('\n') +
                                      SignificanceText::details(*significance, thresholdOf(col.run))
                                : what;
        }
        if (role == Qt::TextAlignmentRole)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    }
    case Column::Percent: {
        const std::optional<double> percent = row.percent[run];
        if (role == Qt::DisplayRole) {
            if (!percent)
                return tr("n/a");
            const QString text = SignificanceText::signedPercent(*percent) + QStringLiteral(" %");
            return significance ? text + QLatin1Char(' ') +
                                      SignificanceText::marker(*significance, thresholdOf(col.run))
                                : text;
        }
        if (role == SortRole)
            return percent ? QVariant(*percent) : missing;
        if (role == Qt::ForegroundRole) {
            if (!percent)
                return {};
            return significance ? verdictColour(*significance, row.delta[run])
                                : changeColour(row.delta[run]);
        }
        if (role == Qt::ToolTipRole) {
            if (!percent)
                return tr("no percentage: %1 has no value here").arg(labels_[baseline_]);
            const QString what =
                tr("%1 % against %2").arg(*percent, 0, 'g', 12).arg(labels_[baseline_]);
            return significance ? what + QLatin1Char('\n') +
                                      SignificanceText::details(*significance, thresholdOf(col.run))
                                : what;
        }
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
