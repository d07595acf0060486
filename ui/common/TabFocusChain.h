// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>

class QWidget;

// Tab order across composite widgets. Qt's setTabOrder moves only the widget
// named, not its children, and ignores widgets without a focus policy, so a
// view made of parts (a bar, a table, tabs with pages) needs every focusable
// widget inside each part chained in turn.
class TabFocusChain {
public:
    // Chains the parts in the order given, each followed by its focusable
    // children in creation order. Widgets with a focus proxy are skipped (the
    // proxy is chained in its own place), as are other windows' widgets.
    static void apply(QWidget* window, const QList<QWidget*>& parts);
};
