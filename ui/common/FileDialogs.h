// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

class QWidget;

// The open and save dialogs, at a size a user can work with: Qt's own dialog
// (what runs without a desktop's file chooser) opens small by default. The
// size the user gives a dialog is remembered for the next one.
class FileDialogs {
public:
    // Starts in the folder the last open dialog ended in.
    static QStringList openFiles(QWidget* parent, const QString& title, const QString& filter);
    // "" when cancelled. `selectedFilter` is in/out, as in QFileDialog.
    static QString saveFile(QWidget* parent, const QString& title, const QString& path,
                            const QString& filter, QString* selectedFilter = nullptr);
};
