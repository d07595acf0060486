// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "RegionCallsPage.h"

class HistogramView;

// The selected region's call durations as a histogram, beside the table.
class HistogramPage : public RegionCallsPage {
public:
    explicit HistogramPage(QWidget* parent);

    static Description describe();
    HistogramView* histogram() const;
};
