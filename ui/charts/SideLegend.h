// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QCustomPlot;

// A legend of many lines in a column of its own beside the axes, at the top of
// that column with its entries close together, so that no line runs under it.
class SideLegend {
public:
    // Moves the plot's legend there (the plot's title is row 0, the axes row 1).
    static void place(QCustomPlot* plot);
};
