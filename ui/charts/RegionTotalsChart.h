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
// regions, the rest share one grey bar ("N other regions").
class RegionTotalsChart : public QWidget {
    Q_OBJECT
public:
    static constexpr int kShownRegions = 30;

    explicit RegionTotalsChart(QWidget* parent = nullptr);

    void setRun(std::shared_ptr<const scope::ProfilingResults> run, const QString& label = {},
                const scope::RankSelection& ranks = {});

    QCustomPlot* plot() const { return plot_; }
    // The regions from top to bottom and their totals (seconds), for tests.
    QStringList regions() const { return regions_; }
    std::vector<double> totals() const { return totals_; }

private:
    std::shared_ptr<const scope::ProfilingResults> run_;
    QStringList regions_;
    std::vector<double> totals_;
    QCustomPlot* plot_ = nullptr;
    QCPTextElement* title_ = nullptr;
};
