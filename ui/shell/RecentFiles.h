// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QStringList>

class QMenu;

// File ▸ Open Recent: the last files opened, newest first, kept in the
// settings ("recentFiles") so that the start page and the menu of every
// window show the same list.
class RecentFiles : public QObject {
    Q_OBJECT
public:
    // Fills `menu` and keeps it up to date.
    explicit RecentFiles(QMenu* menu, QObject* parent = nullptr);

    QStringList paths() const { return stored(); }
    // The list as kept in the settings, for those without a menu to fill.
    static QStringList stored();
    // Moves the file to the front of the list.
    void add(const QString& path);
    // Reads the list again (another window may have changed it).
    void refresh();

signals:
    void openRequested(const QString& path);
    // The list as the start page shows it.
    void changed(const QStringList& paths);

private:
    QMenu* menu_;
};
