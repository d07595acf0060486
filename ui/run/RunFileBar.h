// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QWidget>

class QLabel;
class QPushButton;
class RunFileWatcher;

// The bar above a run saying that its file changed or vanished on disk, with
// Reload (only for a changed file) and Dismiss; while a reload runs it says
// so, and a failed reload says the data read before stays.
class RunFileBar : public QWidget {
    Q_OBJECT
public:
    RunFileBar(RunFileWatcher* watcher, QWidget* parent = nullptr);

    // The run shown now (a reload ends here: what is on disk is what is shown).
    void setFileName(const QString& name);
    // The window's read of the file ended; `failed`: the old data stays.
    void reloadEnded(bool failed);
    bool reloading() const { return reloading_; }
    // The bar's text while it is shown, else "".
    QString text() const;
    QPushButton* reloadButton() const { return reload_; }
    QPushButton* dismissButton() const { return dismiss_; }

signals:
    void reloadRequested();

private:
    void update();

    RunFileWatcher* watcher_;
    QString name_;
    QLabel* label_;
    QPushButton* reload_;
    QPushButton* dismiss_;
    bool reloading_ = false;
};
