// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "RegionTableView.h"
#include "RunFileBar.h"
#include "RunSidePane.h"
#include "analysis/RegionTable.h"
#include "charts/ChartContextMenu.h"
#include "charts/RankStatistic.h"
#include "common/LatestJob.h"
#include "common/RunData.h"
#include "model/RankSelection.h"

#include <QElapsedTimer>
#include <QWidget>

#include <atomic>
#include <memory>
#include <vector>

class CallPathTabs;
class HeatmapView;
class HistogramView;
class SourcePanel;
class EventsUnavailablePanel;
class HeaderColumnMenu;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSplitter;
class QStackedWidget;
class QTabWidget;
class QTableView;
class RankBarChart;
class RegionFilterProxy;
class RegionTableModel;
class RunFileWatcher;
class TimelineView;

// Everything about one run: the region table with its filter and rank
// selector, the per-rank chart of the selected region, the metadata, and the
// timeline (or, summary-only, a panel offering to load the events).
class RunView : public QWidget {
    Q_OBJECT
public:
    enum Chart { RankChart, Timeline, Flame, Histogram, Heatmap, DurationOverTime, Likwid };
    Q_ENUM(Chart)

    explicit RunView(QWidget* parent = nullptr);
    ~RunView() override;

    void setRun(std::shared_ptr<const RunData> run);
    // Table first: the run as LoadController::readDone gives it (no events
    // yet). The table shows at once, exclusive times and percentiles say "…"
    // and the event views "Building the timeline…" until setRun brings the
    // complete run of the same file, which fills them in and keeps the
    // selection, sorting and filter. setRun(run()) ends the wait (the load was
    // cancelled or failed): the run stays, as if opened summary-only.
    void setReadStage(std::shared_ptr<const RunData> run);
    bool awaitingTimeline() const { return awaitingTimeline_; }
    // Awaiting it for over a second: the user may have turned to something
    // else (another tab, the timeline drawn so far) since the table came.
    bool awaitedLong() const { return awaitingTimeline_ && readStageShown_.elapsed() > 1000; }
    // While awaiting the timeline of a run read on demand: the ranks built
    // so far (LoadController::timelineSoFar), drawn in place of "Building
    // the timeline…"; the zoom stays as each new snapshot and then the
    // complete timeline replace them.
    void showTimelineSoFar(std::shared_ptr<const RunData> soFar);
    std::shared_ptr<const RunData> run() const { return run_; }
    void setEventsLoading(bool loading);
    // The run's name in the window (tab, run list): the charts' titles carry it.
    void setRunLabel(const QString& label);

    // The rank selection text as typed ("", "3", "0-3,5"); false if invalid
    // or naming a rank the run lacks: the message under the box says why and
    // the previous selection stays.
    bool setRankSelection(const QString& text);
    void setStatistic(Statistic statistic);
    Statistic statistic() const;
    // What the user last chose in any run: the chart statistic, the side
    // page, the call tree's orientation (a view built ahead of its run
    // takes them up when it is used).
    void restoreChoices();
    void selectRegion(int region);
    int selectedRegion() const;
    bool eventViewsEnabled() const;

    QByteArray saveSplitterState() const;
    void restoreSplitterState(const QByteArray& state);

    // For tests and exporters.
    RegionTableModel* tableModel() const { return model_; }
    RegionFilterProxy* tableProxy() const { return proxy_; }
    QTableView* tableView() const { return table_; }
    QLineEdit* filterEdit() const { return filter_; }
    QLineEdit* rankEdit() const { return ranks_; }
    // Under the rank box: why the typed list is not applied (hidden when it is).
    QLabel* rankMessage() const { return rankMessage_; }
    // Over the table when the filter leaves no region.
    QLabel* emptyMessage() const { return table_->emptyMessage(); }
    // The table header's context menu: a checkable entry per column.
    HeaderColumnMenu* columnMenu() const { return table_->columnMenu(); }
    QTabWidget* sideTabs() const { return side_; }
    QTableView* metadataView() const { return side_->metadataView(); }
    // The ranks the statistics, charts and timeline cover (all when empty).
    const scope::RankSelection& rankSelection() const { return selection_; }
    RankBarChart* rankChart() const { return rankChart_; }
    TimelineView* timeline() const { return timeline_; }
    EventsUnavailablePanel* eventsPanel() const { return eventsPanel_; }
    ChartContextMenu* chartMenu(Chart chart) const {
        switch (chart) {
        case RankChart:
            return rankChartMenu_;
        case Timeline:
            return timelineMenu_;
        case Flame:
            return flameMenu_;
        case Histogram:
            return histogramMenu_;
        case Heatmap:
            return heatmapMenu_;
        case DurationOverTime:
            return overTimeMenu_;
        case Likwid:
            return likwidMenu_;
        }
        return nullptr;
    }
    // The timeline, call tree and flame graph tabs.
    CallPathTabs* callPaths() const { return callPaths_; }
    SourcePanel* sourcePanel() const { return side_->source(); }
    HistogramView* histogram() const { return side_->histogram(); }
    // Brings the histogram up to the selection even while its tab is hidden.
    void updateHistogramNow() { side_->updateHistogramNow(); }
    HeatmapView* heatmap() const { return side_->heatmap(); }
    // The tabs beside the table (durations over time: sidePane()->overTime()).
    RunSidePane* sidePane() const { return side_; }
    // The bar saying the run's file changed or vanished on disk.
    QWidget* fileBar() const { return fileBar_; }
    QString fileBarText() const { return fileBar_->text(); }
    QPushButton* reloadButton() const { return fileBar_->reloadButton(); }
    QPushButton* dismissButton() const { return fileBar_->dismissButton(); }
    RunFileWatcher* fileWatcher() const { return fileWatcher_; }

signals:
    void loadEventsRequested(const QString& path);
    // Reopen the run's file in this view, as it was opened; the window keeps
    // the current data until the new read succeeds.
    void reloadRequested(const QString& path, bool summaryOnly);
    // The table shows the numbers for the current selection; the percentile
    // columns may still be computing.
    void tableShowing();
    // ... and the percentiles are in too.
    void tableReady();
    // A chart's context menu was used; the window knows where files go.
    void chartActionRequested(RunView::Chart chart, ChartContextMenu::Action action);
    // The call tree's "Export as CSV…".
    void callTreeCsvRequested();

private:
    // The per-rank chart's statistics; GPU total only where the run has GPU data.
    void fillStatistics(bool gpu);
    void buildLayout();
    void orderTabFocus();
    void showRankProblem(const QString& problem);
    void recomputeTable();
    void showTable(int stage, const std::vector<scope::RegionTableRow>& rows);
    void onRegionSelected();
    void showBuildingTimeline();
    // The timeline shows the run, complete or so far.
    bool drawsTimeline() const { return (run_ && run_->canDrawTimeline()) || timelineSoFar_; }

    std::shared_ptr<const RunData> run_;
    bool awaitingTimeline_ = false; // run_ is a read stage
    QElapsedTimer readStageShown_;
    std::shared_ptr<const RunData> timelineSoFar_; // drawn while awaiting it
    bool completing_ = false;                      // the next table only brings exclusive times
    scope::RankSelection selection_;
    RegionTableModel* model_;
    RegionFilterProxy* proxy_;
    RegionTableView* table_ = nullptr;
    QLineEdit* filter_ = nullptr;
    QLineEdit* ranks_ = nullptr;
    QLabel* rankMessage_ = nullptr;
    QComboBox* statistic_ = nullptr;
    RunSidePane* side_ = nullptr;
    RankBarChart* rankChart_ = nullptr;
    TimelineView* timeline_ = nullptr;
    EventsUnavailablePanel* eventsPanel_ = nullptr;
    QStackedWidget* timelineStack_ = nullptr;
    ChartContextMenu* rankChartMenu_ = nullptr;
    ChartContextMenu* timelineMenu_ = nullptr;
    ChartContextMenu* flameMenu_ = nullptr;
    ChartContextMenu* histogramMenu_ = nullptr;
    ChartContextMenu* heatmapMenu_ = nullptr;
    ChartContextMenu* overTimeMenu_ = nullptr;
    ChartContextMenu* likwidMenu_ = nullptr; // the bar chart's; the roofline has its own
    ChartContextMenu* rooflineMenu_ = nullptr;
    CallPathTabs* callPaths_ = nullptr;
    QSplitter* vertical_ = nullptr;
    QSplitter* horizontal_ = nullptr;
    RunFileWatcher* fileWatcher_;
    RunFileBar* fileBar_ = nullptr;
    // The newest table computation wins; older ones are told to stop.
    LatestJob<std::vector<scope::RegionTableRow>> tableJob_;
};
