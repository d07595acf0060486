// SPDX-License-Identifier: GPL-3.0-or-later
#include "MetadataModel.h"

#include "common/RunPath.h"

#include <QFileInfo>
#include <QLocale>

MetadataModel::MetadataModel(QObject* parent) : QAbstractTableModel(parent) {}

void MetadataModel::setRun(const std::shared_ptr<const RunData>& run) {
    beginResetModel();
    rows_.clear();
    if (run && run->results) {
        const scope::ProfilingResults& r = *run->results;
        const QFileInfo file(run->path);
        rows_.emplace_back(tr("File"), RunPath::absolute(run->path));
        // A run on another host has no file here to measure.
        if (!run->isRemote())
            rows_.emplace_back(tr("File size"), QLocale().formattedDataSize(file.size()));
        rows_.emplace_back(tr("Schema version"), QString::number(r.schemaVersion));
        rows_.emplace_back(tr("Storage layout"), r.layout == scope::StorageLayout::Aggregate
                                                     ? tr("aggregate (no per-call data)")
                                                     : tr("columnar"));
        rows_.emplace_back(tr("Per-call data"),
                           r.eventsRead
                               ? (r.summaryFallback ? tr("read (no summary columns)") : tr("read"))
                           : run->isRemote() && !run->summaryOnlyRequested
                               ? tr("on %1 (opened over SSH)").arg(RunPath::host(run->path))
                               : tr("not read (summary-only)"));
        rows_.emplace_back(tr("Ranks"), QString::number(r.numRanks));
        rows_.emplace_back(tr("Regions"), QString::number(r.regions.size()));
        for (const scope::MetadataEntry& entry : r.metadata.entries)
            rows_.emplace_back(QString::fromStdString(entry.key),
                               QString::fromStdString(scope::Metadata::display(entry.value)));
    }
    endResetModel();
}

int MetadataModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int MetadataModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : 2;
}

QVariant MetadataModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount() || index.column() > 1)
        return {};
    const auto& [key, value] = rows_[static_cast<std::size_t>(index.row())];
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole)
        return index.column() == 0 ? key : value;
    return {};
}

QVariant MetadataModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    return section == 0 ? tr("Field") : tr("Value");
}
