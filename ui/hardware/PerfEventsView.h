// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "PerfEventsModel.h"

#include <QWidget>

#include <memory>
#include <vector>

class QComboBox;
class QTableView;

// perf counters of a run: a table of regions × counters and derived
// ratios, of one rank or summed over all ranks.
class PerfEventsView : public QWidget {
    Q_OBJECT
public:
    explicit PerfEventsView(QWidget* parent = nullptr);

    // Whether the run has perf counters: without, the view is not shown.
    static bool hasData(const scope::ProfilingResults& results);

    void setRun(std::shared_ptr<const scope::ProfilingResults> results);
    // The ranks summed (the run's rank selection); empty = all. One rank
    // is also picked in the view's own rank picker.
    void setRanks(const std::vector<std::uint32_t>& ranks);

    PerfEventsModel* model() const { return model_; }
    QTableView* table() const { return table_; }
    QComboBox* rankPicker() const { return rank_; }

private:
    PerfEventsModel* model_;
    QComboBox* rank_;
    QTableView* table_;
    // The run's rank selection, summed by "selected ranks"; empty = all.
    std::vector<std::uint32_t> selection_;
};
