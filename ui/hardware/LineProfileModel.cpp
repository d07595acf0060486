// SPDX-License-Identifier: GPL-3.0-or-later
#include "LineProfileModel.h"

#include "base/DurationFormat.h"
#include "common/ColorContrast.h"

#include <QFontDatabase>

#include <algorithm>
#include <map>

namespace {

QString duration(double seconds) {
    return QString::fromStdString(scope::formatDuration(seconds));
}

QColor blend(const QColor& from, const QColor& to, double t) {
    return QColor::fromRgbF(static_cast<float>(from.redF() + (to.redF() - from.redF()) * t),
                            static_cast<float>(from.greenF() + (to.greenF() - from.greenF()) * t),
                            static_cast<float>(from.blueF() + (to.blueF() - from.blueF()) * t));
}

} // namespace

LineProfileModel::LineProfileModel(QObject* parent) : QAbstractTableModel(parent) {}

void LineProfileModel::setRun(std::shared_ptr<const scope::ProfilingResults> results) {
    beginResetModel();
    results_ = std::move(results);
    profile_ = results_ && !results_->lineProfiles.empty() ? 0 : -1;
    rebuild();
    endResetModel();
}

void LineProfileModel::setProfile(int profile) {
    if (!results_ || profile < 0 || profile >= static_cast<int>(results_->lineProfiles.size()))
        profile = -1;
    if (profile == profile_)
        return;
    beginResetModel();
    profile_ = profile;
    rebuild();
    endResetModel();
}

QString LineProfileModel::label(int profile) const {
    if (!results_ || profile < 0 || profile >= static_cast<int>(results_->lineProfiles.size()))
        return {};
    const scope::LineProfile& p = results_->lineProfiles[static_cast<std::size_t>(profile)];
    return tr("%1 — %2:%3 (region %4, rank %5)")
        .arg(QString::fromStdString(p.function), QString::fromStdString(p.filename))
        .arg(p.firstLine)
        .arg(QString::fromStdString(p.region))
        .arg(p.rank);
}

void LineProfileModel::rebuild() {
    rows_.clear();
    sourceLines_.clear();
    total_ = 0.0;
    hottest_ = 0.0;
    if (profile_ < 0)
        return;
    const scope::LineProfile& p = results_->lineProfiles[static_cast<std::size_t>(profile_)];
    std::map<std::int64_t, Row> byLine;
    const std::size_t samples = std::min({p.lineNumbers.size(), p.hits.size(), p.times.size()});
    for (std::size_t i = 0; i < samples; ++i) {
        byLine[p.lineNumbers[i]] = {p.lineNumbers[i], static_cast<int>(i), -1};
        const double s = p.times[i] * p.unit;
        total_ += s;
        hottest_ = std::max(hottest_, s);
    }
    if (!p.source.empty()) {
        sourceLines_ = QString::fromStdString(p.source).split(QLatin1Char('\n'));
        // Some writers leave the first line of the source unset: it is the function's.
        const std::int64_t first = p.sourceFirstLine > 0 ? p.sourceFirstLine : p.firstLine;
        for (qsizetype k = 0; k < sourceLines_.size(); ++k) {
            Row& row = byLine[first + k];
            row.line = first + k;
            row.text = static_cast<int>(k);
        }
    }
    rows_.reserve(byLine.size());
    for (const auto& [line, row] : byLine)
        rows_.push_back(row);
}

double LineProfileModel::seconds(const Row& row) const {
    const scope::LineProfile& p = results_->lineProfiles[static_cast<std::size_t>(profile_)];
    return row.sample < 0 ? 0.0 : p.times[static_cast<std::size_t>(row.sample)] * p.unit;
}

QColor LineProfileModel::shade(const Row& row) const {
    const double s = seconds(row);
    if (total_ <= 0.0 || s / total_ < kHotShare)
        return {};
    // Warm tints, strongest on the hottest line; never so dark that the text
    // colour chosen for it falls below 4.5:1.
    return blend(QColor(Qt::white), QColor(0xf5, 0x8b, 0x2e), 0.2 + 0.6 * s / hottest_);
}

int LineProfileModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int LineProfileModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant LineProfileModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Row& row = rows_[static_cast<std::size_t>(index.row())];
    const scope::LineProfile& p = results_->lineProfiles[static_cast<std::size_t>(profile_)];
    const auto sample = static_cast<std::size_t>(row.sample);
    const std::int64_t hits = row.sample < 0 ? 0 : p.hits[sample];
    const double s = seconds(row);
    if (role == Qt::BackgroundRole || role == Qt::ForegroundRole) {
        const QColor background = shade(row);
        if (!background.isValid())
            return {};
        return role == Qt::BackgroundRole ? background : ColorContrast::textOn(background);
    }
    if (role == Qt::FontRole && index.column() == Source)
        return QFontDatabase::systemFont(QFontDatabase::FixedFont);
    if (role == Qt::TextAlignmentRole && index.column() != Source)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    const bool run = row.sample >= 0;
    if (role == ValueRole) {
        switch (index.column()) {
        case Line:
            return qlonglong(row.line);
        case Hits:
            return qlonglong(hits);
        case Time:
            return s;
        case TimePerHit:
            return hits > 0 ? s / static_cast<double>(hits) : 0.0;
        case Share:
            return total_ > 0 ? s / total_ : 0.0;
        default:
            return row.text < 0 ? QString() : sourceLines_[row.text];
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Line:
        return qlonglong(row.line);
    case Hits:
        return run ? QVariant(qlonglong(hits)) : QVariant();
    case Time:
        return run ? duration(s) : QString();
    case TimePerHit:
        return run && hits > 0 ? duration(s / static_cast<double>(hits)) : QString();
    case Share:
        return run && total_ > 0 ? QStringLiteral("%1 %").arg(100.0 * s / total_, 0, 'f', 1)
                                 : QString();
    default:
        return row.text < 0 ? QString() : sourceLines_[row.text];
    }
}

QVariant LineProfileModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Line:
        return tr("Line");
    case Hits:
        return tr("Hits");
    case Time:
        return tr("Time");
    case TimePerHit:
        return tr("Per hit");
    case Share:
        return tr("% of function");
    case Source:
        return tr("Source");
    default:
        return {};
    }
}
