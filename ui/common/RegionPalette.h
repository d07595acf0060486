// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QString>

#include <string>
#include <vector>

// One colour per region name, the same in every view, every open run, every
// launch and in the headless export, so that "solve" is the same colour in the
// table, the bar chart and the timeline. A name's colour follows from a fixed
// hash of it; the names of the runs opened in the session settle collisions,
// so the regions of one run have distinct colours while there are no more of
// them than the palette holds. UI thread only.
class RegionPalette {
public:
    static QColor color(const QString& region);
    // Colour of spans that merge calls of several regions (level of detail).
    static QColor mixed();
    // The region names of a run that was opened (LoadController), before its
    // views ask for colours. They stay for the session, also once the run is
    // closed, so that other runs' names do not change colour.
    static void addRegions(const std::vector<std::string>& regions);
    // Forgets every name added, for tests that start over.
    static void forgetRegions();
    // Moves whenever a name may have changed colour (a run opened later can
    // settle a collision differently); views that keep colours compare it.
    static int revision();
};
