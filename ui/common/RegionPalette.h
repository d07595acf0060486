// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QString>

// One colour per region name, the same in every view and every open run of the
// session, so that "solve" is the same colour in the table, the bar chart and
// the timeline. Names get palette entries in the order they are first seen, so
// the regions of one run have distinct colours. UI thread only.
class RegionPalette {
public:
    static QColor color(const QString& region);
    // Colour of spans that merge calls of several regions (level of detail).
    static QColor mixed();
};
