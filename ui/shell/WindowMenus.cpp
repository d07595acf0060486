// SPDX-License-Identifier: GPL-3.0-or-later
#include "WindowMenus.h"

#include "KeyboardReference.h"
#include "ShippedDocs.h"
#include "charts/TimelineView.h"

#include <QAction>
#include <QApplication>
#include <QMainWindow>
#include <QMenuBar>
#include <QMessageBox>

std::function<void()> WindowMenus::add(QMainWindow* window, const Actions& actions) {
    QMenuBar* bar = window->menuBar();
    QMenu* edit = bar->addMenu(tr("&Edit"));
    QAction* preferences = edit->addAction(tr("&Preferences…"), window, actions.preferences);
    // Ctrl+, as in most desktop applications; macOS moves it to the app menu.
    preferences->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Comma));
    preferences->setMenuRole(QAction::PreferencesRole);

    auto update = addView(window, bar->addMenu(tr("&View")), actions);
    addHelp(window, bar->addMenu(tr("&Help")));
    return update;
}

std::function<void()> WindowMenus::addView(QMainWindow* window, QMenu* view,
                                           const Actions& actions) {
    // Window-wide, so that they work wherever the focus is (a table, a chart),
    // also inside a run's own sub-tabs.
    QAction* next = view->addAction(tr("&Next Tab"), window, [actions] { actions.switchTab(1); });
    next->setShortcuts(
        {QKeySequence(Qt::CTRL | Qt::Key_PageDown), QKeySequence(Qt::CTRL | Qt::Key_Tab)});
    QAction* previous =
        view->addAction(tr("&Previous Tab"), window, [actions] { actions.switchTab(-1); });
    previous->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_PageUp),
                            QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Backtab),
                            QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Tab)});

    // The pages a run shows differ (no Threads page without lanes): the
    // entries take the current run's page names whenever the menu opens.
    QMenu* pages = view->addMenu(tr("Pa&ge"));
    QList<QAction*> pageActions;
    for (int i = 0; i < kPageKeys; ++i) {
        QAction* page = pages->addAction(tr("Page %1").arg(i + 1), window,
                                         [actions, i] { actions.showPage(i); });
        page->setShortcut(QKeySequence(Qt::ALT | (Qt::Key_1 + i)));
        pageActions << page;
    }
    QAction* resetZoom = view->addAction(tr("&Reset Timeline Zoom"), window, [actions] {
        if (TimelineView* timeline = actions.timeline())
            timeline->resetZoom();
    });
    auto update = [actions, pageActions, resetZoom] {
        const QStringList titles = actions.pageTitles();
        for (int i = 0; i < pageActions.size(); ++i) {
            // Enabled, not hidden: a hidden action's key would do nothing
            // and the entry would vanish from the keyboard reference.
            pageActions[i]->setText(i < titles.size()
                                        ? QStringLiteral("&%1 %2").arg(i + 1).arg(titles[i])
                                        : tr("Page %1").arg(i + 1));
            pageActions[i]->setEnabled(i < titles.size());
        }
        resetZoom->setEnabled(actions.timeline() != nullptr);
    };
    QObject::connect(view, &QMenu::aboutToShow, window, update);
    QObject::connect(pages, &QMenu::aboutToShow, window, update);
    update();

    view->addSeparator();
    QAction* fullScreen = view->addAction(tr("&Full Screen"));
    fullScreen->setCheckable(true);
    // F11 where the platform has no key for it (X11 without a desktop's theme).
    QList<QKeySequence> fullScreenKeys{QKeySequence(Qt::Key_F11)};
    for (const QKeySequence& key : QKeySequence::keyBindings(QKeySequence::FullScreen))
        if (!fullScreenKeys.contains(key))
            fullScreenKeys << key;
    fullScreen->setShortcuts(fullScreenKeys);
    // From the window's state, not the check mark: the window manager may
    // have left full screen by itself.
    QObject::connect(fullScreen, &QAction::triggered, window, [window] {
        window->setWindowState(window->windowState() ^ Qt::WindowFullScreen);
    });
    QObject::connect(view, &QMenu::aboutToShow, fullScreen,
                     [window, fullScreen] { fullScreen->setChecked(window->isFullScreen()); });
    return update;
}

void WindowMenus::addHelp(QMainWindow* window, QMenu* help) {
    QAction* keys = help->addAction(tr("&Keyboard Shortcuts"), window, [window] {
        KeyboardReference reference(window, window);
        reference.exec();
    });
    // Ctrl+? as in GNOME; Ctrl+/ for keyboards where ? needs Shift.
    keys->setShortcuts(
        {QKeySequence(Qt::CTRL | Qt::Key_Question), QKeySequence(Qt::CTRL | Qt::Key_Slash)});
    QAction* docs =
        help->addAction(tr("&Documentation"), window, [window] { ShippedDocs::show(window); });
    docs->setShortcut(QKeySequence::HelpContents);
    help->addSeparator();
    help->addAction(tr("&About Scope Viewer"), window, [window] {
        QMessageBox::about(window, tr("About Scope Viewer"),
                           tr("<b>Scope Viewer %1</b><p>A viewer for scope-profiler HDF5 files: "
                              "region statistics, per-rank charts and timelines.</p>"
                              "<p>Documentation: Help ▸ Documentation (%2).</p>")
                               .arg(QApplication::applicationVersion(),
                                    ShippedDocs::locate().isEmpty()
                                        ? tr("not installed")
                                        : ShippedDocs::locate().toHtmlEscaped()));
    });
}
