// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>
#include <QList>
#include <QString>

class QTableWidget;

// Help ▸ Keyboard Shortcuts: every key of the window, from its actions (so
// that the list follows the menus), then the keys the views handle themselves
// (timeline zoom and pan, flame graph levels), which are no actions.
class KeyboardReference : public QDialog {
    Q_OBJECT
public:
    struct Row {
        QString keys;  // "Ctrl+W", several joined by ", "
        QString what;  // "Close Run"
        QString where; // "File", "Timeline"
    };

    KeyboardReference(const QWidget* window, QWidget* parent = nullptr);

    // The window's shortcuts, in menu order, then the views' keys.
    static QList<Row> rows(const QWidget* window);
    // The keys the views handle themselves.
    static QList<Row> viewKeys();
    QTableWidget* table() const { return table_; }

private:
    QTableWidget* table_;
};
