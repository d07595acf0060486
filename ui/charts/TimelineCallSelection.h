// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "TimelinePlottable.h"
#include "analysis/CallDetails.h"

#include <QObject>

#include <optional>

class CallDetailsPanel;
class QCustomPlot;
class QCPItemRect;
class QWidget;

// The call selected in the timeline: outlined on the plot, its details in a
// CallDetailsPanel beside it (hidden while nothing is selected). Following
// the panel's caller or callee links selects that call and brings it into
// view.
class TimelineCallSelection : public QObject {
    Q_OBJECT
public:
    TimelineCallSelection(QCustomPlot* plot, TimelinePlottable* timeline, QWidget* panelParent);

    CallDetailsPanel* panel() const { return panel_; }
    // The call of a span clicked (its first call when it merges several).
    void selectHit(const TimelinePlottable::Hit& hit);
    // A call of the run shown, by event index; false if the timeline cannot
    // place it (not a call of the index).
    bool selectEvent(std::uint32_t event);
    void clear();
    bool hasSelection() const { return details_.has_value(); }
    const std::optional<scope::CallDetails>& details() const { return details_; }
    // The bands changed (ranks shown, lanes collapsed): the outline follows
    // its call, or the selection goes with its band.
    void update();

signals:
    void changed();

private:
    // The band that draws the selected call's lane, -1 if none.
    int bandOfSelection() const;
    void show(bool nesting);
    void bringIntoView();

    QCustomPlot* plot_;
    TimelinePlottable* timeline_;
    CallDetailsPanel* panel_;
    QCPItemRect* outline_;
    std::optional<scope::CallDetails> details_;
    bool nesting_ = true;
};
