// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QListWidget;
class QPushButton;

// What the window shows with no run open: open a file, open summary-only,
// open the bundled demo run, or pick a recent file.
class StartPage : public QWidget {
    Q_OBJECT
public:
    explicit StartPage(QWidget* parent = nullptr);

    void setRecentFiles(const QStringList& paths);

signals:
    void openRequested();
    void openSummaryRequested();
    void demoRequested();
    void recentRequested(const QString& path);

private:
    QListWidget* recent_;
};
