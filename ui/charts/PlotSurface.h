// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/ChartSurface.h"

#include <functional>

class QCustomPlot;

// A page's QCustomPlot as the exports see it. `unavailable` says why it
// cannot be saved now ("" when it can), after bringing the plot up to date.
class PlotSurface : public ChartSurface {
public:
    PlotSurface(Names names, QCustomPlot* plot, std::function<QString()> unavailable);
    // A view of several plots: the one it shows.
    PlotSurface(Names names, std::function<QCustomPlot*()> plot,
                std::function<QString()> unavailable);

    QString unavailable() override;
    QSize defaultSize() const override;
    bool save(Format format, const QString& path, QSize size, double scale,
              QString* error) override;
    void copy() override;

    QCustomPlot* plot() const { return plot_(); }

private:
    std::function<QCustomPlot*()> plot_;
    std::function<QString()> unavailable_;
};
