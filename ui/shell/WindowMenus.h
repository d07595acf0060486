// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QStringList>

#include <functional>

class QMainWindow;
class QMenu;
class TimelineView;

// The window's menus after File: Edit (Preferences…), View (tabs, pages, full
// screen) and Help (keyboard reference, documentation, about). Apart from
// MainWindow, which only says what the entries do.
class WindowMenus {
    Q_DECLARE_TR_FUNCTIONS(WindowMenus)
public:
    struct Actions {
        std::function<void()> preferences;
        std::function<void(int step)> switchTab; // +1 next, -1 previous
        // The current run's page tabs, in order (empty without a run), and
        // bringing the n-th of them (from 0) to the front.
        std::function<QStringList()> pageTitles;
        std::function<void(int page)> showPage;
        // The current run's timeline; null without a run.
        std::function<TimelineView*()> timeline;
    };

    // The number of pages View ▸ Page offers a key for (Alt+1 … Alt+9).
    static constexpr int kPageKeys = 9;

    // Returns what brings View's entries up to date with the run in front
    // (its page names, what is enabled): call it when that run changes.
    static std::function<void()> add(QMainWindow* window, const Actions& actions);

private:
    static std::function<void()> addView(QMainWindow* window, QMenu* view, const Actions& actions);
    static void addHelp(QMainWindow* window, QMenu* help);
};
