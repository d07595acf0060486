// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>

#include <functional>

class QMainWindow;

// The window's menus after File: Edit (Preferences…), View (switching tabs)
// and Help. Apart from MainWindow, which only says what the entries do.
class WindowMenus {
    Q_DECLARE_TR_FUNCTIONS(WindowMenus)
public:
    struct Actions {
        std::function<void()> preferences;
        std::function<void(int step)> switchTab; // +1 next, -1 previous
    };

    static void add(QMainWindow* window, const Actions& actions);
};
