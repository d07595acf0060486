// SPDX-License-Identifier: GPL-3.0-or-later
// TimelineView's keys and mouse: zooming, panning and picking calls.
#include "TimelineView.h"

#include "TimelineCallSelection.h"
#include "TimelinePlottable.h"

#include <qcustomplot.h>

#include <QKeyEvent>
#include <QToolTip>

#include <algorithm>

namespace {

// A press and release closer than this (px) is a click, not a drag.
constexpr int kClickDistance = 3;
// Share of the visible time or ranks that an arrow key moves by.
constexpr double kKeyPan = 0.25;
// What + and - zoom by.
constexpr double kKeyZoom = 2.0;

} // namespace

bool TimelineView::eventFilter(QObject* watched, QEvent* event) {
    if (watched != plot_)
        return QWidget::eventFilter(watched, event);
    switch (event->type()) {
    case QEvent::FocusIn:
    case QEvent::FocusOut:
        update(); // the focus frame
        break;
    case QEvent::ShortcutOverride:
        // The view's keys win over shortcuts of the window while it has focus.
        if (keyAction(*static_cast<QKeyEvent*>(event))) {
            event->accept();
            return true;
        }
        break;
    case QEvent::KeyPress:
        if (const auto action = keyAction(*static_cast<QKeyEvent*>(event))) {
            action();
            return true;
        }
        break;
    default:
        break;
    }
    return false;
}

std::function<void()> TimelineView::keyAction(const QKeyEvent& key) {
    const bool ranks = key.modifiers() & Qt::ControlModifier;
    switch (key.key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        return [this, ranks] { zoomBy(1.0 / kKeyZoom, ranks); };
    case Qt::Key_Minus:
    case Qt::Key_Underscore:
        return [this, ranks] { zoomBy(kKeyZoom, ranks); };
    case Qt::Key_Left:
        return [this] { panBy(-kKeyPan, false); };
    case Qt::Key_Right:
        return [this] { panBy(kKeyPan, false); };
    case Qt::Key_Up:
        return [this] { panBy(-kKeyPan, true); }; // towards rank 0, on top
    case Qt::Key_Down:
        return [this] { panBy(kKeyPan, true); };
    case Qt::Key_0:
    case Qt::Key_Home:
        return [this] { resetZoom(); };
    case Qt::Key_Escape:
        if (!calls_->hasSelection())
            return {}; // the window's, then
        return [this] { calls_->clear(); };
    default:
        return {};
    }
}

void TimelineView::zoomBy(double factor, bool ranks) {
    QCPAxis* axis = ranks ? plot_->yAxis : plot_->xAxis;
    const QCPRange range = axis->range();
    const double half = range.size() * factor / 2;
    axis->setRange(range.center() - half, range.center() + half);
    plot_->replot();
}

void TimelineView::panBy(double share, bool ranks) {
    QCPAxis* axis = ranks ? plot_->yAxis : plot_->xAxis;
    const QCPRange range = axis->range();
    axis->setRange(range.lower + share * range.size(), range.upper + share * range.size());
    plot_->replot();
}

void TimelineView::onMousePress(QMouseEvent* event) {
    QToolTip::hideText();
    pressPosition_ = event->pos();
    const bool rubberBand =
        event->button() == Qt::RightButton ||
        (event->button() == Qt::LeftButton && (event->modifiers() & Qt::ShiftModifier));
    // Read by QCustomPlot right after this signal, for this very press.
    plot_->setSelectionRectMode(rubberBand ? QCP::srmCustom : QCP::srmNone);
}

void TimelineView::onMouseMove(QMouseEvent* event) {
    if (event->buttons() != Qt::NoButton)
        return;
    const QString text = toolTipAt(event->pos());
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), text, plot_);
}

void TimelineView::onMouseRelease(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton || (event->modifiers() & Qt::ShiftModifier) ||
        (event->pos() - pressPosition_).manhattanLength() > kClickDistance)
        return;
    const auto hit = timeline_->hitAt(event->pos());
    if (!hit) {
        calls_->clear();
        return;
    }
    calls_->selectHit(*hit);
    if (hit->span.region >= 0)
        emit regionActivated(hit->span.region);
}

void TimelineView::onWheel(QWheelEvent* event) {
    plot_->axisRect()->setRangeZoom((event->modifiers() & Qt::ControlModifier) ? Qt::Vertical
                                                                               : Qt::Horizontal);
}

void TimelineView::onZoomRect(const QRect& rect) {
    if (rect.width() < kClickDistance)
        return;
    const double a = plot_->xAxis->pixelToCoord(rect.left());
    const double b = plot_->xAxis->pixelToCoord(rect.right());
    plot_->xAxis->setRange(std::min(a, b), std::max(a, b));
    plot_->replot();
}
