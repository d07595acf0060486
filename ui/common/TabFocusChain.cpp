// SPDX-License-Identifier: GPL-3.0-or-later
#include "TabFocusChain.h"

#include <QWidget>

void TabFocusChain::apply(QWidget* window, const QList<QWidget*>& parts) {
    QList<QWidget*> chain;
    const auto add = [window, &chain](QWidget* widget) {
        if (widget->focusPolicy() != Qt::NoFocus && !widget->focusProxy() && !widget->isWindow() &&
            widget->window() == window && !chain.contains(widget))
            chain << widget;
    };
    for (QWidget* part : parts) {
        add(part);
        for (QWidget* child : part->findChildren<QWidget*>())
            add(child);
    }
    for (qsizetype i = 1; i < chain.size(); ++i)
        QWidget::setTabOrder(chain[i - 1], chain[i]);
}
