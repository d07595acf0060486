// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "PageTabs.h"
#include "RegionTableView.h"
#include "RunFileBar.h"
#include "analysis/RegionTable.h"
#include "charts/ChartContextMenu.h"
#include "charts/RankStatistic.h"
#include "common/AnalysisPage.h"
#include "common/ChartSurface.h"
#include "common/LatestJob.h"
#include "common/RunContext.h"
#include "common/RunData.h"
#include "model/RankSelection.h"

#include <QElapsedTimer>
#include <QWidget>

#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <vector>

class HeaderColumnMenu;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSplitter;
class QTabWidget;
class QTableView;
class RegionFilterProxy;
class RegionTableModel;
class RunFileWatcher;

// Everything about one run: the region table with its filter and rank
// selector in the centre, and the pages of AnalysisPages around it (beside
// it the per-rank chart of the selected region and the distributions, below
// it the timeline, call paths, source, metadata and hardware counters), all
// following the run's RunContext.
class RunView : public QWidget {
    Q_OBJECT
public:
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
    // The pages' tabs beside and below the table.
    QTabWidget* sideTabs() const { return side_; }
    QTabWidget* bottomTabs() const { return bottom_; }
    // The ranks the statistics, charts and timeline cover (all when empty).
    const scope::RankSelection& rankSelection() const { return selection_; }
    // What every page of this run follows.
    RunContext* context() const { return context_; }
    // The registered pages (AnalysisPages), by id or by class.
    AnalysisPage* page(const QString& id) const;
    template <class Page> Page* page() const {
        for (const auto& page : pages_)
            if (auto* found = dynamic_cast<Page*>(page.get()))
                return found;
        return nullptr;
    }
    // The chart of AnalysisPages::charts() with this id, null for none.
    ChartSurface* chart(const QString& id) const;
    // The context menu of the chart's (first) widget.
    ChartContextMenu* chartMenu(const QString& chart) const;
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
    void chartActionRequested(const QString& chart, ChartContextMenu::Action action);
    // The call tree's "Export as CSV…".
    void callTreeCsvRequested();

private:
    // The per-rank chart's statistics; GPU total only where the run has GPU data.
    void fillStatistics(bool gpu);
    void buildLayout();
    void addPages();
    void addChartMenu(const QString& chart, QWidget* widget);
    void orderTabFocus();
    void showRankProblem(const QString& problem);
    void install(std::shared_ptr<const RunData> run, bool readStage);
    void recomputeTable();
    // The selected region's name in the run the table shows (nullopt: none).
    std::optional<std::string> selectedRegionName() const;
    void showTable(int stage, const std::vector<scope::RegionTableRow>& rows);
    void onRegionSelected();

    std::shared_ptr<const RunData> run_;
    bool awaitingTimeline_ = false; // run_ is a read stage
    QElapsedTimer readStageShown_;
    bool completing_ = false; // the next table only brings exclusive times
    scope::RankSelection selection_;
    RegionTableModel* model_;
    RegionFilterProxy* proxy_;
    RunContext* context_;
    RegionTableView* table_ = nullptr;
    QLineEdit* filter_ = nullptr;
    QLineEdit* ranks_ = nullptr;
    QLabel* rankMessage_ = nullptr;
    QComboBox* statistic_ = nullptr;
    PageTabs* side_ = nullptr;
    PageTabs* bottom_ = nullptr;
    std::vector<std::unique_ptr<AnalysisPage>> pages_;
    QList<QPair<QString, ChartContextMenu*>> chartMenus_;
    QSplitter* vertical_ = nullptr;
    QSplitter* horizontal_ = nullptr;
    RunFileWatcher* fileWatcher_;
    RunFileBar* fileBar_ = nullptr;
    // The newest table computation wins; older ones are told to stop.
    LatestJob<std::vector<scope::RegionTableRow>> tableJob_;
};
