// SPDX-License-Identifier: GPL-3.0-or-later
#include "WindowMenus.h"

#include <QAction>
#include <QApplication>
#include <QMainWindow>
#include <QMenuBar>
#include <QMessageBox>

void WindowMenus::add(QMainWindow* window, const Actions& actions) {
    QMenuBar* bar = window->menuBar();
    QMenu* edit = bar->addMenu(tr("&Edit"));
    QAction* preferences = edit->addAction(tr("&Preferences…"), window, actions.preferences);
    // Ctrl+, as in most desktop applications; macOS moves it to the app menu.
    preferences->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Comma));
    preferences->setMenuRole(QAction::PreferencesRole);

    // Window-wide, so that they work wherever the focus is (a table, a chart),
    // also inside a run's own sub-tabs.
    QMenu* view = bar->addMenu(tr("&View"));
    QAction* next = view->addAction(tr("&Next Tab"), window, [actions] { actions.switchTab(1); });
    next->setShortcuts(
        {QKeySequence(Qt::CTRL | Qt::Key_PageDown), QKeySequence(Qt::CTRL | Qt::Key_Tab)});
    QAction* previous =
        view->addAction(tr("&Previous Tab"), window, [actions] { actions.switchTab(-1); });
    previous->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_PageUp),
                            QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Backtab),
                            QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Tab)});

    QMenu* help = bar->addMenu(tr("&Help"));
    help->addAction(tr("&About Scope Viewer"), window, [window] {
        QMessageBox::about(window, tr("About Scope Viewer"),
                           tr("<b>Scope Viewer %1</b><p>A viewer for scope-profiler HDF5 files: "
                              "region statistics, per-rank charts and timelines.</p>")
                               .arg(QApplication::applicationVersion()));
    });
}
