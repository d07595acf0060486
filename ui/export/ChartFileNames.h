// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/ChartContextMenu.h"
#include "common/ChartSurface.h"

#include <QCoreApplication>
#include <QString>

// What an exported chart's file and save dialog are called. Apart from
// ExportController so that the names can be read (and tested) without the
// dialogs and banners the export itself needs.
class ChartFileNames {
    Q_DECLARE_TR_FUNCTIONS(ChartFileNames)
public:
    // "png", "svg", "pdf".
    static QString suffix(ChartContextMenu::Action format);
    // The save dialog's filter for the format.
    static QString filter(ChartContextMenu::Action format);
    // The save dialog's title ("Export Timeline").
    static QString title(const ChartSurface& chart);
    // File names travel between systems: separators, quotes, spaces and
    // control characters become "_". A name past 200 bytes of UTF-8 is cut
    // and ends in a short hash of the whole, so that two long names that
    // differ only at their ends stay two files, and no name passes the file
    // system's 255 bytes once a suffix is added.
    static QString safe(QString name);
    // "<run label>-<region>-ranks.png", "<run label>-timeline.svg"; an empty
    // label (no run) gives "chart".
    static QString defaultName(const ChartSurface* chart, const QString& runLabel,
                               const QString& suffix);
};
