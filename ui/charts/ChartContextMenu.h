// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QPoint>

class QAction;
class QMenu;
class QWidget;

// The right-click menu every chart shares: export as PNG, SVG or PDF, or copy
// to the clipboard. It only asks; whoever owns the run decides file names and
// reports the outcome. The menu opens on release of a right click that did not
// move, so that right-drag keeps zooming the timeline to a time range.
class ChartContextMenu : public QObject {
    Q_OBJECT
public:
    enum Action { ExportPng, ExportSvg, ExportPdf, CopyToClipboard };
    Q_ENUM(Action)

    // Any chart widget: a QCustomPlot, or the flame graph.
    explicit ChartContextMenu(QWidget* chart);

    QWidget* chart() const { return plot_; }
    QMenu* menu() const { return menu_; }
    QAction* action(Action action) const;

signals:
    void triggered(ChartContextMenu::Action action);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void popup(const QPoint& position);

    QWidget* plot_;
    QMenu* menu_;
    QAction* actions_[4] = {};
    QPoint pressPosition_;
    bool rightPressed_ = false;
};
