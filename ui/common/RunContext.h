// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "RunData.h"
#include "model/ComparisonMetric.h"
#include "model/RankSelection.h"

#include <QObject>
#include <QString>

#include <cstdint>
#include <memory>
#include <vector>

// What every view of one run shares: the run (and whether it is the read
// stage of a table-first open), the ranks and region the user chose, the
// statistic of the per-rank chart and the run's name in the window. The run
// view sets them; the pages bound to it follow its signals, and ask through
// it for a region or rank to be chosen everywhere or for the events to be
// loaded.
class RunContext : public QObject {
    Q_OBJECT
public:
    explicit RunContext(QObject* parent = nullptr);

    const std::shared_ptr<const RunData>& run() const { return run_; }
    std::shared_ptr<const scope::ProfilingResults> results() const;
    const scope::RankSelection& ranks() const { return ranks_; }
    // Index into the run's regions; -1 when none is chosen.
    int region() const { return region_; }
    scope::ComparisonMetric statistic() const { return statistic_; }
    const QString& label() const { return label_; }

    // A read stage is a table-first open's run before its calls are indexed
    // (RunView::setReadStage); the complete run of the same file follows.
    bool readStage() const { return readStage_; }
    bool eventsLoading() const { return eventsLoading_; }

    // A new run starts with no region.
    void setRun(std::shared_ptr<const RunData> run, const scope::RankSelection& ranks,
                bool readStage = false);
    void setRanks(const scope::RankSelection& ranks);
    void setRegion(int region);
    void setStatistic(scope::ComparisonMetric statistic);
    void setLabel(const QString& label);

    // A page asks for a region or a rank to be chosen everywhere (a heatmap
    // cell): the run view selects the region in the table, the views that
    // mark a rank mark it.
    void activateRegion(int region) { emit regionActivated(region); }
    void activateRank(std::uint32_t rank) { emit rankActivated(rank); }
    // A page's "Load events" button: the window reads the run's calls.
    void requestEvents() { emit eventsRequested(); }
    void setEventsLoading(bool loading);
    // The run view's table shows the run's numbers: the first frame of a
    // timeline waits for them, the first thing a user reads.
    void tableShown() { emit tableShowing(); }
    // While awaiting the calls of a read stage: the timeline built so far.
    void showTimelineSoFar(std::shared_ptr<const RunData> soFar) { emit timelineSoFar(soFar); }
    // The calls on the path chosen in the call tree or flame graph (a flag
    // per call), for the timeline to highlight.
    void showPathCalls(int region, std::shared_ptr<const std::vector<bool>> calls) {
        emit pathCallsChosen(region, calls);
    }

signals:
    void runChanged();
    void ranksChanged();
    void regionChanged();
    void statisticChanged();
    void labelChanged();
    void regionActivated(int region);
    void rankActivated(std::uint32_t rank);
    void eventsRequested();
    void eventsLoadingChanged();
    void tableShowing();
    void timelineSoFar(std::shared_ptr<const RunData> soFar);
    void pathCallsChosen(int region, std::shared_ptr<const std::vector<bool>> calls);

private:
    std::shared_ptr<const RunData> run_;
    scope::RankSelection ranks_;
    int region_ = -1;
    scope::ComparisonMetric statistic_ = scope::ComparisonMetric::Total;
    QString label_;
    bool readStage_ = false;
    bool eventsLoading_ = false;
};
