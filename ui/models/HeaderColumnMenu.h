// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QMenu>
#include <QStringList>

#include <functional>

class QHeaderView;

// A header's context menu with a checkable entry per column, so that a table
// too wide for the window can lose the columns its user does not read. The
// hidden set is kept in QSettings under `settingsKey`, by column id (not by
// position, so that a column added later does not shift it), and applied to
// every header built afterwards. Entries are named by the header's
// Qt::AccessibleTextRole (the full name), else its display text.
class HeaderColumnMenu : public QMenu {
    Q_OBJECT
public:
    // ids: one stable id per logical column; `fixedColumn` is never hidden;
    // `hiddenByDefault` until the user has chosen.
    HeaderColumnMenu(QHeaderView* header, QString settingsKey, QStringList ids, int fixedColumn,
                     QStringList hiddenByDefault = {});
    // For columns whose ids change with the run (the region table's last
    // columns): `ids` gives those of the header's columns now.
    HeaderColumnMenu(QHeaderView* header, QString settingsKey, std::function<QStringList()> ids,
                     int fixedColumn, QStringList hiddenByDefault = {});

    // Hides the columns the settings name.
    void restore();
    // Shows or hides a column and remembers the hidden set.
    void setColumnVisible(int column, bool visible);
    QStringList hiddenIds() const;

signals:
    void columnVisibilityChanged();

private:
    void rebuild();
    // The columns both named in ids and in the header now.
    int columns() const;

    QHeaderView* header_;
    QString settingsKey_;
    std::function<QStringList()> ids_;
    int fixedColumn_;
    QStringList hiddenByDefault_;
};
