// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/RunData.h"

#include <QAbstractTableModel>

#include <memory>
#include <utility>
#include <vector>

// Key/value rows: the file (path, size, schema, layout, what was read) first,
// then every /metadata attribute, unknown keys included.
class MetadataModel : public QAbstractTableModel {
    Q_OBJECT
public:
    explicit MetadataModel(QObject* parent = nullptr);

    void setRun(const std::shared_ptr<const RunData>& run);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    std::vector<std::pair<QString, QString>> rows_;
};
