// SPDX-License-Identifier: GPL-3.0-or-later
#include "LikwidModel.h"

#include <QLocale>

#include <algorithm>
#include <cmath>
#include <numeric>

LikwidModel::LikwidModel(QObject* parent) : QAbstractTableModel(parent) {}

void LikwidModel::setRun(std::shared_ptr<const scope::ProfilingResults> results) {
    beginResetModel();
    results_ = std::move(results);
    region_ = results_ && !results_->likwid.empty() ? 0 : -1;
    endResetModel();
}

void LikwidModel::setRegion(int region) {
    if (!results_ || region < 0 || region >= static_cast<int>(results_->likwid.size()))
        region = -1;
    if (region == region_)
        return;
    beginResetModel();
    region_ = region;
    endResetModel();
}

void LikwidModel::setValues(Values values) {
    if (values == values_)
        return;
    beginResetModel();
    values_ = values;
    endResetModel();
}

const scope::LikwidRegion* LikwidModel::current() const {
    return region_ >= 0 ? &results_->likwid[static_cast<std::size_t>(region_)] : nullptr;
}

int LikwidModel::rowCount(const QModelIndex& parent) const {
    const scope::LikwidRegion* r = current();
    if (parent.isValid() || !r)
        return 0;
    return static_cast<int>(values_ == Values::Metrics ? r->metricNames.size()
                                                       : r->eventNames.size());
}

int LikwidModel::columnCount(const QModelIndex& parent) const {
    const scope::LikwidRegion* r = current();
    return parent.isValid() || !r ? 0 : 1 + static_cast<int>(r->cpus.size());
}

QVariant LikwidModel::data(const QModelIndex& index, int role) const {
    const scope::LikwidRegion* r = current();
    if (!r || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const auto row = static_cast<std::size_t>(index.row());
    if (index.column() == 0) {
        if (role != Qt::DisplayRole && role != ValueRole && role != Qt::ToolTipRole)
            return {};
        if (values_ == Values::Metrics)
            return QString::fromStdString(r->metricNames[row]);
        QString name = QString::fromStdString(r->eventNames[row]);
        // The counter register, where stored, tells fixed from programmable counters.
        if (r->counterNames.size() == r->eventNames.size() && !r->counterNames[row].empty())
            name += QStringLiteral(" (%1)").arg(QString::fromStdString(r->counterNames[row]));
        return name;
    }
    const std::vector<double>& values = values_ == Values::Metrics ? r->metrics : r->events;
    const std::size_t at = row * r->cpus.size() + static_cast<std::size_t>(index.column() - 1);
    if (at >= values.size())
        return {};
    switch (role) {
    case Qt::DisplayRole:
        return formatValue(values[at]);
    case ValueRole:
        return values[at];
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant LikwidModel::headerData(int section, Qt::Orientation orientation, int role) const {
    const scope::LikwidRegion* r = current();
    if (orientation != Qt::Horizontal || !r || section < 0 || section >= columnCount())
        return QAbstractTableModel::headerData(section, orientation, role);
    if (section == 0) {
        if (role == Qt::DisplayRole)
            return values_ == Values::Metrics ? tr("Metric") : tr("Event");
        return {};
    }
    const auto thread = static_cast<std::size_t>(section - 1);
    if (role == Qt::DisplayRole)
        return tr("HW thread %1").arg(r->cpus[thread]);
    if (role == Qt::ToolTipRole) {
        const double time = thread < r->times.size() ? r->times[thread] : 0.0;
        const qint64 calls = thread < r->callCounts.size() ? r->callCounts[thread] : 0;
        return tr("Hardware thread %1: %2 calls, %3 s measured")
            .arg(r->cpus[thread])
            .arg(calls)
            .arg(formatValue(time));
    }
    return {};
}

std::vector<std::uint32_t> LikwidModel::ranks() const {
    std::vector<std::uint32_t> ranks;
    if (results_)
        for (const scope::LikwidRegion& r : results_->likwid)
            if (std::find(ranks.begin(), ranks.end(), r.rank) == ranks.end())
                ranks.push_back(r.rank);
    std::sort(ranks.begin(), ranks.end());
    return ranks;
}

QStringList LikwidModel::groups(std::uint32_t rank) const {
    QStringList groups;
    if (results_)
        for (const scope::LikwidRegion& r : results_->likwid)
            if (r.rank == rank && !groups.contains(QString::fromStdString(r.groupName)))
                groups << QString::fromStdString(r.groupName);
    return groups;
}

std::vector<int> LikwidModel::regions(std::uint32_t rank, const QString& group) const {
    std::vector<int> regions;
    if (results_)
        for (std::size_t i = 0; i < results_->likwid.size(); ++i) {
            const scope::LikwidRegion& r = results_->likwid[i];
            if (r.rank == rank && QString::fromStdString(r.groupName) == group)
                regions.push_back(static_cast<int>(i));
        }
    return regions;
}

QStringList LikwidModel::quantities(int region) const {
    QStringList names;
    if (!results_ || region < 0 || region >= static_cast<int>(results_->likwid.size()))
        return names;
    const scope::LikwidRegion& r = results_->likwid[static_cast<std::size_t>(region)];
    for (const std::string& name : r.metricNames)
        names << QString::fromStdString(name);
    for (const std::string& name : r.eventNames)
        if (!names.contains(QString::fromStdString(name)))
            names << QString::fromStdString(name);
    return names;
}

std::vector<double> LikwidModel::threadValues(const scope::LikwidRegion& region,
                                              const QString& quantity) {
    const std::string name = quantity.toStdString();
    const std::size_t threads = region.cpus.size();
    auto pick = [&](const std::vector<std::string>& names, const std::vector<double>& values) {
        std::vector<double> out;
        const auto it = std::find(names.begin(), names.end(), name);
        if (it == names.end())
            return out;
        const auto first = static_cast<std::size_t>(it - names.begin()) * threads;
        if (first + threads <= values.size())
            out.assign(values.begin() + static_cast<std::ptrdiff_t>(first),
                       values.begin() + static_cast<std::ptrdiff_t>(first + threads));
        return out;
    };
    std::vector<double> values = pick(region.metricNames, region.metrics);
    return values.empty() ? pick(region.eventNames, region.events) : values;
}

std::vector<LikwidModel::Bar> LikwidModel::acrossRegions(std::uint32_t rank, const QString& group,
                                                         const QString& quantity,
                                                         Combine combine) const {
    std::vector<Bar> bars;
    for (int index : regions(rank, group)) {
        const scope::LikwidRegion& r = results_->likwid[static_cast<std::size_t>(index)];
        const std::vector<double> values = threadValues(r, quantity);
        if (values.empty())
            continue;
        const double sum = std::accumulate(values.begin(), values.end(), 0.0);
        bars.push_back({QString::fromStdString(r.tag),
                        combine == Combine::Sum ? sum : sum / static_cast<double>(values.size())});
    }
    return bars;
}

std::vector<LikwidModel::Bar> LikwidModel::acrossThreads(int region,
                                                         const QString& quantity) const {
    std::vector<Bar> bars;
    if (!results_ || region < 0 || region >= static_cast<int>(results_->likwid.size()))
        return bars;
    const scope::LikwidRegion& r = results_->likwid[static_cast<std::size_t>(region)];
    const std::vector<double> values = threadValues(r, quantity);
    for (std::size_t t = 0; t < values.size(); ++t)
        bars.push_back({tr("HW thread %1").arg(r.cpus[t]), values[t]});
    return bars;
}

QString LikwidModel::formatValue(double value) {
    if (!std::isfinite(value))
        return QString::number(value);
    const QLocale locale = QLocale::c();
    // Event counts are whole numbers: every digit is information.
    if (value == std::trunc(value) && std::fabs(value) < 1e15) {
        QLocale grouped = QLocale(QLocale::English);
        return grouped.toString(static_cast<qlonglong>(value));
    }
    return locale.toString(value, 'g', 6);
}
