// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "LikwidModel.h"

#include <QWidget>

#include <memory>

class LikwidBarChart;
class QComboBox;
class QCustomPlot;
class QTabWidget;
class QTableView;
class RooflineChart;

// LIKWID hardware counters of a run: pick a rank, a performance group and a
// region (tag); see its metrics or raw events per hardware thread, one
// metric as bars across the group's regions or the region's threads, and,
// when the group measures both a FLOP rate and the memory bandwidth, a
// roofline of the group's regions.
class LikwidView : public QWidget {
    Q_OBJECT
public:
    enum class Across { Regions, Threads };

    explicit LikwidView(QWidget* parent = nullptr);

    // Whether the run has LIKWID regions: without, the view is not shown.
    static bool hasData(const scope::ProfilingResults& results);

    void setRun(std::shared_ptr<const scope::ProfilingResults> results);
    // Index into ProfilingResults::likwid: sets the rank, group and region pickers.
    void setRegion(int region);
    void setValues(LikwidModel::Values values);
    void setBarQuantity(const QString& quantity);
    void setBarAcross(Across across);
    void setBarCombine(LikwidModel::Combine combine);

    LikwidModel* model() const { return model_; }
    QTableView* table() const { return table_; }
    LikwidBarChart* barChart() const { return bars_; }
    RooflineChart* rooflineChart() const { return roofline_; }
    // Whether the selected group has a roofline (and its tab is shown).
    bool rooflineAvailable() const;
    // The chart on the current tab, for export; the bar chart on the table's tab.
    QCustomPlot* plot() const;
    // Shows the bar chart (0), roofline (1) or table (-1) tab.
    void showChart(int chart);

private:
    void fillGroups();
    void fillRegions();
    void regionChanged();
    void updateBars();
    void updateRoofline();
    std::uint32_t rank() const;
    QString group() const;

    std::shared_ptr<const scope::ProfilingResults> results_;
    // Metrics or events as the user chose; a region without metrics shows
    // its events without changing the choice.
    LikwidModel::Values chosenValues_ = LikwidModel::Values::Metrics;
    bool choosingValues_ = false;
    LikwidModel* model_;
    QComboBox* rank_;
    QComboBox* group_;
    QComboBox* region_;
    QComboBox* values_;
    QComboBox* quantity_;
    QComboBox* across_;
    QComboBox* combine_;
    QTabWidget* tabs_;
    QTableView* table_;
    LikwidBarChart* bars_;
    RooflineChart* roofline_;
    int barsTab_ = -1;
    int rooflineTab_ = -1;
};
