// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "RegionCallsPage.h"

class DurationOverTimeView;

// Each call of the selected region, its duration against its start, beside
// the table.
class OverTimePage : public RegionCallsPage {
public:
    explicit OverTimePage(QWidget* parent);

    static Description describe();
    DurationOverTimeView* overTime() const;
};
