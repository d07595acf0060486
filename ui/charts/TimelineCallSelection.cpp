// SPDX-License-Identifier: GPL-3.0-or-later
#include "TimelineCallSelection.h"

#include "CallDetailsPanel.h"
#include "analysis/TimelineIndex.h"

#include <qcustomplot.h>

#include <QApplication>

#include <algorithm>

TimelineCallSelection::TimelineCallSelection(QCustomPlot* plot, TimelinePlottable* timeline,
                                             QWidget* panelParent)
    : QObject(plot), plot_(plot), timeline_(timeline), panel_(new CallDetailsPanel(panelParent)) {
    panel_->hide();
    outline_ = new QCPItemRect(plot_);
    // A frame, not a fill: the call keeps its region's colour.
    outline_->setPen(QPen(QColor(0x11, 0x11, 0x11), 2));
    outline_->setBrush(Qt::NoBrush);
    outline_->setSelectable(false);
    outline_->setVisible(false);
    connect(panel_, &CallDetailsPanel::closeRequested, this, &TimelineCallSelection::clear);
    connect(panel_, &CallDetailsPanel::callActivated, this, [this](std::uint32_t event) {
        if (selectEvent(event))
            bringIntoView();
    });
}

void TimelineCallSelection::selectHit(const TimelinePlottable::Hit& hit) {
    if (selectEvent(hit.span.event))
        return;
    // A source read on demand holds no calls to nest: what the span says.
    // Merged calls narrower than a pixel have no one start and duration.
    if (timeline_->results() == nullptr || hit.span.count != 1)
        return clear();
    scope::CallDetails d;
    d.event = hit.span.event;
    d.region = hit.span.region;
    d.rank = hit.rank;
    d.laneKey = timeline_->bands()[hit.band].key;
    d.depth = hit.depth;
    d.startNs = hit.span.startNs;
    d.endNs = hit.span.endNs;
    d.durationNs = hit.span.endNs - hit.span.startNs;
    details_ = d;
    show(false);
}

bool TimelineCallSelection::selectEvent(std::uint32_t event) {
    const auto* index = dynamic_cast<const scope::TimelineIndex*>(timeline_->source());
    if (index == nullptr)
        return false;
    auto details = scope::CallDetails::of(*index, event);
    if (!details)
        return false;
    details_ = std::move(details);
    show(true);
    return true;
}

void TimelineCallSelection::clear() {
    const bool had = details_.has_value();
    details_.reset();
    outline_->setVisible(false);
    // Focus on a link of the panel goes back to the plot, not to the next widget.
    const bool focused = panel_->isAncestorOf(QApplication::focusWidget());
    panel_->hide();
    if (focused)
        plot_->setFocus(Qt::OtherFocusReason);
    if (had) {
        plot_->replot(QCustomPlot::rpQueuedReplot);
        emit changed();
    }
}

void TimelineCallSelection::show(bool nesting) {
    nesting_ = nesting;
    panel_->showCall(*details_, *timeline_->results(), timeline_->originNs(), nesting);
    panel_->show();
    update();
    emit changed();
}

int TimelineCallSelection::bandOfSelection() const {
    const TimelineBands& bands = timeline_->bands();
    for (int b = 0; b < bands.count(); ++b)
        if (bands[b].rank == details_->rank &&
            (bands[b].collapsed || bands[b].key == details_->laneKey))
            return b;
    return -1;
}

void TimelineCallSelection::update() {
    if (!details_)
        return;
    const int band = bandOfSelection();
    if (band < 0)
        return clear();
    const QCPRange row = timeline_->rowRange(band, static_cast<int>(details_->depth));
    const double origin = static_cast<double>(timeline_->originNs());
    outline_->topLeft->setCoords((static_cast<double>(details_->startNs) - origin) * 1e-9,
                                 row.lower);
    outline_->bottomRight->setCoords((static_cast<double>(details_->endNs) - origin) * 1e-9,
                                     row.upper);
    outline_->setVisible(true);
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void TimelineCallSelection::bringIntoView() {
    if (!details_)
        return;
    const double origin = static_cast<double>(timeline_->originNs());
    const double start = (static_cast<double>(details_->startNs) - origin) * 1e-9;
    const double end = (static_cast<double>(details_->endNs) - origin) * 1e-9;
    QCPRange time = plot_->xAxis->range();
    if (end - start > time.size()) {
        // Wider than the view: the whole call with a little room around it.
        const double margin = (end - start) * 0.05;
        time = QCPRange(start - margin, end + margin);
    } else if (start < time.lower || end > time.upper) {
        const double centre = (start + end) / 2;
        time = QCPRange(centre - time.size() / 2, centre + time.size() / 2);
    }
    plot_->xAxis->setRange(time);
    const int band = bandOfSelection();
    const QCPRange ranks = plot_->yAxis->range();
    if (band >= 0 && (band < ranks.lower || band + 1 > ranks.upper)) {
        const double lower = band + 0.5 - ranks.size() / 2;
        plot_->yAxis->setRange(lower, lower + ranks.size());
    }
    update();
}
