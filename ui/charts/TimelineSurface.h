// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "PlotSurface.h"

class TimelineView;

// The timeline as the exports see it. A run read on demand draws zooms finer
// than its pyramid from calls read in the background, with the pyramid's
// finest spans standing in meanwhile: an image must not keep those. The
// frame drawn for the image asks for those calls, so a second try moments
// later finds them read.
class TimelineSurface : public PlotSurface {
public:
    // `unavailable`: why the run has no timeline to save; `readOnDemand`:
    // whether its frames may still be refined.
    TimelineSurface(TimelineView* timeline, std::function<QString()> unavailable,
                    std::function<bool()> readOnDemand);
    static Names names();

    QString unavailable() override;
    bool save(Format format, const QString& path, QSize size, double scale,
              QString* error) override;

private:
    // "" when the frame drawn at `size` is exact.
    QString wholeAt(QSize size) const;

    TimelineView* timeline_;
    std::function<bool()> readOnDemand_;
};
