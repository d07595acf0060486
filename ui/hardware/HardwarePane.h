// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ProfilingResults.h"

#include <QTabWidget>

#include <memory>

class LikwidView;
class LineProfileView;
class PerfEventsView;

// The hardware data a run may carry (LIKWID counters, line profiles, perf
// counters) in one tab beside the region table: a sub-tab per kind, shown
// only when the run has that kind, so that the side pane does not grow by
// three tabs that are empty for most runs.
class HardwarePane : public QTabWidget {
    Q_OBJECT
public:
    explicit HardwarePane(QWidget* parent = nullptr);

    // Whether the run has any of the three: without, the pane is not shown.
    static bool hasData(const scope::ProfilingResults& results);

    void setRun(std::shared_ptr<const scope::ProfilingResults> results);
    // The run's rank selection (empty = all ranks); the perf counters follow it.
    void setRanks(const std::vector<std::uint32_t>& ranks);

    LikwidView* likwid() const { return likwid_; }
    LineProfileView* lineProfile() const { return lineProfile_; }
    PerfEventsView* perfEvents() const { return perfEvents_; }

private:
    LikwidView* likwid_;
    LineProfileView* lineProfile_;
    PerfEventsView* perfEvents_;
};
