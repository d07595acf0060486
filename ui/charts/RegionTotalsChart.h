// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ProfilingResults.h"
#include "model/RankSelection.h"

#include <QStringList>
#include <QWidget>

#include <memory>
#include <vector>

class QCPTextElement;
class QCustomPlot;

// Where the time of one run went: a horizontal bar per region with its total
// time over the selected ranks, costliest region on top, each bar in its
// region's colour and labelled with the region's name; past kShownRegions
// regions, the rest share one grey bar ("N other regions"). Totals more
// than kLogRatio apart are drawn on a logarithmic axis.
class RegionTotalsChart : public QWidget {
    Q_OBJECT
public:
    static constexpr int kShownRegions = 30;
    static constexpr double kLogRatio = 100.0;

    explicit RegionTotalsChart(QWidget* parent = nullptr);

    void setRun(std::shared_ptr<const scope::ProfilingResults> run, const QString& label = {},
                const scope::RankSelection& ranks = {});

    QCustomPlot* plot() const { return plot_; }
    // The regions from top to bottom and their totals (seconds), for tests.
    QStringList regions() const { return regions_; }
    std::vector<double> totals() const { return totals_; }
    bool logScale() const { return logScale_; }
    // The height that gives every bar room for its label: an image of a
    // run with three regions is not 900 pixels of three fat bars.
    int contentHeight() const;

private:
    static constexpr int kBarHeight = 24;     // a label and a gap
    static constexpr int kChromeHeight = 110; // title, axis, its label
    static constexpr int kMinHeight = 260;

    void applyScale();

    std::shared_ptr<const scope::ProfilingResults> run_;
    QStringList regions_;
    std::vector<double> totals_;
    bool logScale_ = false;
    QCustomPlot* plot_ = nullptr;
    QCPTextElement* title_ = nullptr;
};
