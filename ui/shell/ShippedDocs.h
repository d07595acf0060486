// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QStringList>

class QWidget;

// The user documentation (docs/*.md) shipped with the package, or the source
// tree's when the viewer runs from its build tree; Help ▸ Documentation shows
// it in a window of its own, readable without a browser (cluster logins).
class ShippedDocs {
    Q_DECLARE_TR_FUNCTIONS(ShippedDocs)
public:
    // viewer.md's path, "" when none is found; `searched` gets every folder looked in.
    static QString locate(QStringList* searched = nullptr);
    // The folders looked in, in order, for a program in `programDir`.
    static QStringList candidates(const QString& programDir);
    // Opens the documentation, or says which folders were looked in.
    static void show(QWidget* parent);
};
