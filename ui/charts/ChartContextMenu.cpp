// SPDX-License-Identifier: GPL-3.0-or-later
#include "ChartContextMenu.h"

#include <QContextMenuEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QWidget>

namespace {

// A right press that moves further than this is a drag, not a click.
constexpr int kClickDistance = 4;

} // namespace

ChartContextMenu::ChartContextMenu(QWidget* chart)
    : QObject(chart), plot_(chart), menu_(new QMenu(chart)) {
    const std::pair<Action, QString> entries[] = {{ExportPng, tr("Export as &PNG…")},
                                                  {ExportSvg, tr("Export as &SVG…")},
                                                  {ExportPdf, tr("Export as P&DF…")},
                                                  {CopyToClipboard, tr("&Copy to Clipboard")}};
    for (const auto& [kind, text] : entries) {
        if (kind == CopyToClipboard)
            menu_->addSeparator();
        actions_[kind] = menu_->addAction(text, this, [this, kind] { emit triggered(kind); });
    }
    // Mouse clicks are handled on release (see the class comment); the custom
    // policy keeps Qt from offering any other menu on press.
    plot_->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(plot_, &QWidget::customContextMenuRequested, this, [this](const QPoint& position) {
        // Only the keyboard's menu key gets here without a right press.
        if (!rightPressed_)
            popup(position);
    });
    plot_->installEventFilter(this);
}

QAction* ChartContextMenu::action(Action action) const {
    return actions_[action];
}

bool ChartContextMenu::eventFilter(QObject* watched, QEvent* event) {
    if (watched == plot_ && (event->type() == QEvent::MouseButtonPress ||
                             event->type() == QEvent::MouseButtonRelease)) {
        const auto* mouse = static_cast<QMouseEvent*>(event);
        if (mouse->button() == Qt::RightButton) {
            if (event->type() == QEvent::MouseButtonPress) {
                rightPressed_ = true;
                pressPosition_ = mouse->pos();
            } else {
                const bool click =
                    rightPressed_ &&
                    (mouse->pos() - pressPosition_).manhattanLength() <= kClickDistance;
                rightPressed_ = false;
                if (click)
                    popup(mouse->pos());
            }
        }
    }
    return QObject::eventFilter(watched, event);
}

void ChartContextMenu::popup(const QPoint& position) {
    menu_->popup(plot_->mapToGlobal(position));
}
