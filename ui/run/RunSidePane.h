// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/RunData.h"
#include "model/RankSelection.h"

#include <QTabWidget>

#include <memory>

class DurationOverTimeView;
class HardwarePane;
class HeatmapView;
class HistogramView;
class MetadataModel;
class QTableView;
class RankBarChart;
class SourcePanel;

// The analysis tabs beside a run's region table: the selected region per
// rank, its call durations (histogram and over time) and the rank × region
// heatmap. It also keeps the run's detail pages (the region's source, the
// file's metadata, its hardware data), which the run view places below the
// table, where they have the window's width. All follow the run, the selected
// ranks and region; the tab last chosen is remembered. The histogram and the
// durations over time go through every call of the region, so they follow
// the selection only while their tab is shown.
class RunSidePane : public QTabWidget {
    Q_OBJECT
public:
    explicit RunSidePane(QWidget* parent = nullptr);

    void setRun(const std::shared_ptr<const RunData>& run, const scope::RankSelection& ranks);
    void setRanks(const scope::RankSelection& ranks);
    void setRegion(int region);
    void setRunLabel(const QString& label);
    // The histogram of the selected region now, shown or not (for an export).
    void updateHistogramNow();
    // The same for the durations over time.
    void updateOverTimeNow();

    RankBarChart* rankChart() const { return rankChart_; }
    HistogramView* histogram() const { return histogram_; }
    DurationOverTimeView* overTime() const { return overTime_; }
    HeatmapView* heatmap() const { return heatmap_; }
    SourcePanel* source() const { return source_; }
    QTableView* metadataView() const { return metadataView_; }
    HardwarePane* hardware() const { return hardware_; }

    // The tab last chosen in any run (by name), else the first.
    void restorePage();

signals:
    // A heatmap cell was clicked.
    void regionActivated(int region);
    // ... and that cell's rank: the per-rank chart marks it already.
    void rankActivated(std::uint32_t rank);

private:
    // The histogram and the durations over time, whichever is shown.
    void updateHistogram();

    MetadataModel* metadata_;
    RankBarChart* rankChart_;
    HistogramView* histogram_;
    DurationOverTimeView* overTime_;
    HeatmapView* heatmap_;
    SourcePanel* source_;
    QTableView* metadataView_;
    HardwarePane* hardware_;
    scope::RankSelection ranks_;
    int region_ = -1;
    bool restoring_ = false;
};
