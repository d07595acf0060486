// SPDX-License-Identifier: GPL-3.0-or-later
#include "WhatChangedModel.h"

#include "WhatChangedText.h"
#include "common/ColorContrast.h"

#include <QIcon>
#include <QPainter>
#include <QPixmap>

using scope::Verdict;

namespace {

// The verdict's marker as an icon, so that it reads without colour too.
QIcon markerIcon(Verdict verdict, const QColor& color) {
    QPixmap pixmap(16, 16);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(Qt::NoPen);
    painter.setBrush(color);
    switch (verdict) {
    case Verdict::Slower:
        painter.drawPolygon(QPolygonF({QPointF(8, 2), QPointF(14, 13), QPointF(2, 13)}));
        break;
    case Verdict::Faster:
        painter.drawPolygon(QPolygonF({QPointF(2, 3), QPointF(14, 3), QPointF(8, 14)}));
        break;
    case Verdict::New:
        painter.drawRect(QRectF(6.5, 2, 3, 12));
        painter.drawRect(QRectF(2, 6.5, 12, 3));
        break;
    case Verdict::Removed:
        painter.drawRect(QRectF(2, 6.5, 12, 3));
        break;
    case Verdict::Unchanged:
        painter.drawRect(QRectF(2, 4.5, 12, 2.5));
        painter.drawRect(QRectF(2, 9, 12, 2.5));
        break;
    }
    return QIcon(pixmap);
}

} // namespace

WhatChangedModel::WhatChangedModel(QObject* parent) : QAbstractListModel(parent) {}

void WhatChangedModel::setReport(std::optional<scope::DiffReport> report) {
    beginResetModel();
    report_ = std::move(report);
    rebuild();
    endResetModel();
}

void WhatChangedModel::setBackground(const QColor& background) {
    background_ = background;
    if (!entries_.empty())
        emit dataChanged(index(0), index(rowCount() - 1), {Qt::ForegroundRole, Qt::DecorationRole});
}

void WhatChangedModel::setShowUnchanged(bool show) {
    if (show == showUnchanged_)
        return;
    beginResetModel();
    showUnchanged_ = show;
    rebuild();
    endResetModel();
}

int WhatChangedModel::unchangedCount() const {
    if (!report_)
        return 0;
    return static_cast<int>(std::count_if(
        report_->regions.begin(), report_->regions.end(),
        [](const scope::RegionChange& region) { return region.verdict == Verdict::Unchanged; }));
}

void WhatChangedModel::rebuild() {
    entries_.clear();
    if (!report_)
        return;
    std::vector<int> unchanged;
    for (std::size_t i = 0; i < report_->regions.size(); ++i) {
        const scope::RegionChange& region = report_->regions[i];
        if (region.verdict == Verdict::Unchanged)
            unchanged.push_back(static_cast<int>(i));
        else
            entries_.push_back({static_cast<int>(i), WhatChangedText::sentence(*report_, region)});
    }
    if (unchanged.empty())
        return;
    entries_.push_back({-1, {}});
    if (showUnchanged_)
        for (int i : unchanged)
            entries_.push_back({i, WhatChangedText::sentence(
                                       *report_, report_->regions[static_cast<std::size_t>(i)])});
}

int WhatChangedModel::rowOf(const QString& region) const {
    for (std::size_t row = 0; row < entries_.size(); ++row)
        if (entries_[row].region >= 0 &&
            QString::fromStdString(
                report_->regions[static_cast<std::size_t>(entries_[row].region)].name) == region)
            return static_cast<int>(row);
    return -1;
}

int WhatChangedModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(entries_.size());
}

Qt::ItemFlags WhatChangedModel::flags(const QModelIndex& index) const {
    // Views ask about the root too.
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::ParentIsInvalid))
        return Qt::NoItemFlags;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemNeverHasChildren;
}

QVariant WhatChangedModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::ParentIsInvalid))
        return {};
    const Entry& entry = entries_[static_cast<std::size_t>(index.row())];
    if (entry.region < 0) {
        const int count = unchangedCount();
        switch (role) {
        case Qt::DisplayRole:
            return (count == 1 ? tr("1 region unchanged") : tr("%1 regions unchanged").arg(count)) +
                   (showUnchanged_ ? tr(" (click to fold)") : tr(" (click to list)"));
        case Qt::ToolTipRole:
            return tr("Not significantly changed, or changed by less than ±%1 %.")
                .arg(report_->thresholdPercent);
        case Qt::ForegroundRole:
            return ColorContrast::readable(WhatChangedText::color(Verdict::Unchanged), background_);
        case Qt::DecorationRole:
            return markerIcon(Verdict::Unchanged,
                              ColorContrast::readable(WhatChangedText::color(Verdict::Unchanged),
                                                      background_, 3.0));
        case UnchangedSummaryRole:
            return true;
        case RegionRole:
            return QString();
        default:
            return {};
        }
    }
    const scope::RegionChange& region = report_->regions[static_cast<std::size_t>(entry.region)];
    switch (role) {
    case Qt::DisplayRole:
        return WhatChangedText::plain(entry.sentence);
    case SentenceRole:
        return entry.sentence;
    case Qt::ToolTipRole:
        return WhatChangedText::details(*report_, region);
    case Qt::ForegroundRole:
        return ColorContrast::readable(WhatChangedText::color(region.verdict), background_);
    case Qt::DecorationRole:
        // A graphical object needs 3:1 (WCAG 1.4.11), text 4.5:1.
        return markerIcon(
            region.verdict,
            ColorContrast::readable(WhatChangedText::color(region.verdict), background_, 3.0));
    case RegionRole:
        return QString::fromStdString(region.name);
    case VerdictRole:
        return static_cast<int>(region.verdict);
    case UnchangedSummaryRole:
        return false;
    default:
        return {};
    }
}
