// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "TimelinePlottable.h"

#include <QString>

// What the timeline says of the call (or the calls narrower than a pixel)
// under the cursor: region, rank and lane, start and duration, and in a run
// with tasks the time the call's task spent awaiting inside it.
class TimelineToolTip {
public:
    // `timeRange`: the time axis shown, for the precision of the start.
    static QString text(const TimelinePlottable& timeline, const TimelinePlottable::Hit& hit,
                        const QCPRange& timeRange);
};
