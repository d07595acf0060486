// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ProfilingResults.h"
#include "model/RankSelection.h"

#include <QCoreApplication>
#include <QStringList>

#include <functional>
#include <vector>

class QCPBars;
class QCustomPlot;

// A legend of region colours for a chart that draws regions itself (the
// timeline): a colour swatch and name per region, costliest first, the first
// eight named and the rest counted ("+4 more"). It takes a row of the plot's
// layout, centred, with as many columns as the plot's width holds.
class RegionLegend {
    Q_DECLARE_TR_FUNCTIONS(RegionLegend)

public:
    // Regions named; one more would be named rather than counted as "+1 more".
    static constexpr int kNamedRegions = 8;

    // Places plot->legend in row `row` of the plot's layout (inserted by the caller).
    RegionLegend(QCustomPlot* plot, int row);

    // The regions with calls on `ranks`; none for a null `results`.
    void setRegions(const scope::ProfilingResults* results, const scope::RankSelection& ranks);
    // The entries in order, "+N more" last.
    QStringList entries() const;
    // Paints each named region's swatch as the chart paints its calls, so
    // that a chart fading all but one region (also in its exports) has a
    // legend that matches it.
    void recolor(const std::function<QColor(int region)>& colorOf);
    // The swatch colour of each entry, invalid for "+N more".
    std::vector<QColor> colors() const;
    // The most columns that fit the plot's width (of the screen, or of an
    // export being drawn); lays the plot out again if they change. For the
    // plot's afterLayout signal.
    void fit();
    // fit() for any plot's legend.
    static void fitToWidth(QCustomPlot* plot);

private:
    void addEntry(const QString& name, const QColor& color, int region);

    QCustomPlot* plot_;
    std::vector<QCPBars*> entries_; // no data: each gives a region a legend entry
    std::vector<int> regions_;      // per entry, -1 for "+N more"
};
