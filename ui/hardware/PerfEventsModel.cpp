// SPDX-License-Identifier: GPL-3.0-or-later
#include "PerfEventsModel.h"

#include "analysis/PerfRatios.h"

#include <QLocale>

#include <algorithm>
#include <cmath>
#include <limits>

namespace {

constexpr double kMissing = std::numeric_limits<double>::quiet_NaN();

} // namespace

PerfEventsModel::PerfEventsModel(QObject* parent) : QAbstractTableModel(parent) {}

void PerfEventsModel::setRun(std::shared_ptr<const scope::ProfilingResults> results) {
    beginResetModel();
    results_ = std::move(results);
    ranks_.clear();
    rebuild();
    endResetModel();
}

void PerfEventsModel::setRanks(std::vector<std::uint32_t> ranks) {
    beginResetModel();
    ranks_ = std::move(ranks);
    rebuild();
    endResetModel();
}

std::vector<std::uint32_t> PerfEventsModel::ranks() const {
    std::vector<std::uint32_t> ranks;
    if (results_)
        for (const scope::PerfEventSet& set : results_->perfEvents)
            ranks.push_back(set.rank);
    std::sort(ranks.begin(), ranks.end());
    ranks.erase(std::unique(ranks.begin(), ranks.end()), ranks.end());
    return ranks;
}

void PerfEventsModel::addRatio(Row& row, const std::string& name, double value) {
    const QString column = QString::fromStdString(name);
    qsizetype at = ratioNames_.indexOf(column);
    if (at < 0) {
        ratioNames_ << column;
        at = ratioNames_.size() - 1;
    }
    if (row.ratios.size() <= static_cast<std::size_t>(at))
        row.ratios.resize(static_cast<std::size_t>(at) + 1, kMissing);
    row.ratios[static_cast<std::size_t>(at)] = value;
}

void PerfEventsModel::rebuild() {
    rows_.clear();
    counterNames_.clear();
    ratioNames_.clear();
    if (!results_)
        return;
    for (const scope::PerfEventSet& set : results_->perfEvents) {
        if (!ranks_.empty() && std::find(ranks_.begin(), ranks_.end(), set.rank) == ranks_.end())
            continue;
        auto row = std::find_if(rows_.begin(), rows_.end(),
                                [&](const Row& r) { return r.set.region == set.region; });
        if (row == rows_.end()) {
            rows_.push_back({});
            row = rows_.end() - 1;
            row->set.rank = set.rank;
            row->set.region = set.region;
        }
        row->set.calls += set.calls;
        for (std::size_t e = 0; e < set.eventNames.size() && e < set.values.size(); ++e) {
            const auto it = std::find(row->set.eventNames.begin(), row->set.eventNames.end(),
                                      set.eventNames[e]);
            if (it == row->set.eventNames.end()) {
                row->set.eventNames.push_back(set.eventNames[e]);
                row->set.values.push_back(set.values[e]);
            } else {
                row->set.values[static_cast<std::size_t>(it - row->set.eventNames.begin())] +=
                    set.values[e];
            }
            if (!counterNames_.contains(QString::fromStdString(set.eventNames[e])))
                counterNames_ << QString::fromStdString(set.eventNames[e]);
        }
    }
    for (Row& row : rows_) {
        row.counters.assign(static_cast<std::size_t>(counterNames_.size()), kMissing);
        for (std::size_t e = 0; e < row.set.eventNames.size(); ++e)
            row.counters[static_cast<std::size_t>(
                counterNames_.indexOf(QString::fromStdString(row.set.eventNames[e])))] =
                static_cast<double>(row.set.values[e]);
        // Ratios of the summed counters: a ratio of sums, not a mean of ratios.
        for (const scope::PerfRatio& ratio : scope::perfRatios(row.set))
            addRatio(row, ratio.name, ratio.value);
    }
    for (Row& row : rows_)
        row.ratios.resize(static_cast<std::size_t>(ratioNames_.size()), kMissing);
}

int PerfEventsModel::column(const QString& name) const {
    if (const qsizetype c = counterNames_.indexOf(name); c >= 0)
        return 2 + static_cast<int>(c);
    if (const qsizetype r = ratioNames_.indexOf(name); r >= 0)
        return 2 + static_cast<int>(counterNames_.size() + r);
    return -1;
}

int PerfEventsModel::row(const QString& region) const {
    for (std::size_t i = 0; i < rows_.size(); ++i)
        if (QString::fromStdString(rows_[i].set.region) == region)
            return static_cast<int>(i);
    return -1;
}

int PerfEventsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int PerfEventsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() || rows_.empty()
               ? 0
               : 2 + static_cast<int>(counterNames_.size() + ratioNames_.size());
}

QVariant PerfEventsModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Row& row = rows_[static_cast<std::size_t>(index.row())];
    const int column = index.column();
    if (column == 0) {
        if (role == Qt::DisplayRole || role == ValueRole)
            return QString::fromStdString(row.set.region);
        return {};
    }
    if (role == Qt::TextAlignmentRole)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    const QLocale locale(QLocale::English);
    if (column == 1) {
        if (role == ValueRole)
            return qlonglong(row.set.calls);
        return role == Qt::DisplayRole ? locale.toString(qlonglong(row.set.calls)) : QVariant();
    }
    const auto c = static_cast<std::size_t>(column - 2);
    const bool isCounter = c < row.counters.size();
    const double value = isCounter ? row.counters[c] : row.ratios[c - row.counters.size()];
    if (role == ValueRole)
        return value;
    if (role == Qt::ToolTipRole && std::isnan(value))
        return isCounter ? tr("Not measured for this region")
                         : tr("The counters this ratio needs were not measured");
    if (role != Qt::DisplayRole || std::isnan(value))
        return {};
    // Counters in full, like perf stat; IPC to 3 significant digits, miss
    // rates in percent as perf stat prints them.
    if (isCounter)
        return locale.toString(static_cast<qulonglong>(value));
    if (ratioNames_[static_cast<qsizetype>(c - row.counters.size())].endsWith(
            QStringLiteral(" rate")))
        return locale.toString(100.0 * value, 'f', 2) + QStringLiteral(" %");
    return locale.toString(value, 'g', 3);
}

QVariant PerfEventsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 ||
        section >= columnCount())
        return QAbstractTableModel::headerData(section, orientation, role);
    if (section == 0)
        return tr("Region");
    if (section == 1)
        return tr("Calls");
    const auto c = static_cast<qsizetype>(section - 2);
    return c < counterNames_.size() ? counterNames_[c] : ratioNames_[c - counterNames_.size()];
}
