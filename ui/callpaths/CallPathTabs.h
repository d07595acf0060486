// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/LatestJob.h"
#include "common/RunData.h"
#include "model/RankSelection.h"

#include <QTabWidget>

#include <cstdint>
#include <memory>
#include <vector>

class BackgroundCallTree;
class CallTreeView;
class EventsUnavailablePanel;
class FlameGraph;
class QStackedWidget;
namespace scope {
struct CallTree;
} // namespace scope

// The views of a run that need its calls, side by side in tabs below the
// table: the timeline (handed in by the run view, which times its first
// frame), the call tree and the flame graph; the run view adds the pages that
// want the window's width after them (source, metadata, hardware). It builds the call tree in the
// background for the selected ranks (for a run read on demand, merged from
// the per-rank trees its OnDemandTimeline kept); without per-call data both
// views give way to the reason and "Load events", like the timeline, and for a
// run read on demand whose timeline could not be built to the reason and
// "Reload". The chosen tab is remembered, and the tree is only built once one
// of its views is shown.
class CallPathTabs : public QTabWidget {
    Q_OBJECT
public:
    enum Page { TimelinePage, CallTreePage, FlamePage };

    CallPathTabs(QWidget* timeline, QWidget* parent = nullptr);

    void setRun(std::shared_ptr<const RunData> run, const scope::RankSelection& ranks);
    void setRanks(const scope::RankSelection& ranks);
    void setRunLabel(const QString& label);
    // Shows the region's costliest path in the tree; emits nothing back.
    void selectRegion(int region);
    void setEventsLoading(bool loading);
    // While the timeline index of a table-first open is built (see
    // EventsUnavailablePanel::setBuilding).
    void setBuilding(bool building);
    // A page after the call views, remembered by `name` when chosen.
    void addPage(QWidget* page, const QString& name, const QString& label, const QString& toolTip);
    // A page whose run lacks its data is not shown (the timeline is then).
    void setPageVisible(QWidget* page, bool visible);

    CallTreeView* callTree() const { return tree_; }
    FlameGraph* flameGraph() const { return flame_; }
    // The tree shown, null while it is built, before the call tree or flame
    // graph was first shown, or without events.
    std::shared_ptr<const scope::CallTree> tree() const { return current_; }
    // The tree, built now if it is not yet (for exports); the event loop runs
    // meanwhile. Null without per-call data.
    std::shared_ptr<const scope::CallTree> waitForTree();
    bool callPathsAvailable() const;

signals:
    // A node of the tree or the flame graph was chosen.
    void regionActivated(int region);
    void loadEventsRequested();
    void treeReady();
    // The calls of the node chosen in the tree or the flame graph (one flag
    // per event), worked out in the background after regionActivated.
    void pathCallsReady(int region, std::shared_ptr<const std::vector<bool>> calls);

private:
    // The page last chosen (by name) when it is shown, else the timeline.
    void restorePage();
    bool showsCallPaths() const;
    QWidget* page(QWidget* view, EventsUnavailablePanel* panel, QStackedWidget** stack);
    void showTree(std::shared_ptr<const scope::CallTree> tree,
                  std::shared_ptr<const scope::CallTree> bottomUp);
    void rebuild();
    void requestTree();
    void highlightPath(const std::vector<std::int32_t>& path);

    std::shared_ptr<const RunData> run_;
    scope::RankSelection ranks_;
    QString ranksText_;
    std::shared_ptr<const scope::CallTree> current_;
    BackgroundCallTree* builder_;
    CallTreeView* tree_;
    FlameGraph* flame_;
    EventsUnavailablePanel* treePanel_;
    EventsUnavailablePanel* flamePanel_;
    QStackedWidget* treeStack_ = nullptr;
    QStackedWidget* flameStack_ = nullptr;
    bool activating_ = false;
    bool restoring_ = false;
    // The calls on the newest path asked for: its last region and a flag per call.
    struct PathCalls {
        int region = -1;
        std::shared_ptr<const std::vector<bool>> calls;
    };
    LatestJob<PathCalls> pathCalls_;
    // The selection changed while neither view was shown: build when one is.
    bool stale_ = false;
};
