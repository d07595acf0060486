// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "compare/RegionChange.h"

#include <QAbstractListModel>
#include <QColor>
#include <QStringList>

#include <optional>

// The findings of a DiffReport, one row per region that changed, appeared or
// went away, in the report's order (most important first), and one closing
// row "N regions unchanged" that unfolds them, greyed.
class WhatChangedModel : public QAbstractListModel {
    Q_OBJECT
public:
    enum Role {
        RegionRole = Qt::UserRole + 1, // QString; empty on the "unchanged" row
        VerdictRole,                   // int, a scope::Verdict; invalid on the "unchanged" row
        SentenceRole,                  // QString with Markdown back quotes
        UnchangedSummaryRole,          // bool: the row that folds the unchanged regions
    };

    explicit WhatChangedModel(QObject* parent = nullptr);

    void setReport(std::optional<scope::DiffReport> report);
    const std::optional<scope::DiffReport>& report() const { return report_; }
    // The background the text is drawn on, for its contrast.
    void setBackground(const QColor& background);
    // Lists the unchanged regions below their summary row.
    void setShowUnchanged(bool show);
    bool showUnchanged() const { return showUnchanged_; }
    int unchangedCount() const;
    // The row of a region (by its name), or -1.
    int rowOf(const QString& region) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;

private:
    void rebuild();

    struct Entry {
        int region = -1; // index into report_->regions; -1: the summary row
        QString sentence;
    };
    std::optional<scope::DiffReport> report_;
    std::vector<Entry> entries_;
    QColor background_ = Qt::white;
    bool showUnchanged_ = false;
};
