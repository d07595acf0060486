// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/LatestJob.h"
#include "model/RankSelection.h"

#include <QObject>
#include <QSet>

#include <cstdint>
#include <memory>
#include <vector>

class BackgroundCallTree;
class RunContext;
namespace scope {
struct CallTree;
} // namespace scope

// The call paths of one run view's run, shared by the pages that show them
// (call tree, flame graph). It builds the tree in the background for the
// selected ranks (for a run read on demand, merged from the per-rank trees
// its OnDemandTimeline kept), and only while one of those pages is shown:
// while a run opens, the table's percentiles and the timeline's first frame
// have both cores.
class CallPaths : public QObject {
    Q_OBJECT
public:
    // The context's call paths, made on first use.
    static CallPaths* of(RunContext* context);

    // The run has call paths (in memory, or from its on-demand timeline).
    bool available() const;
    // The tree shown and its bottom-up view; null while built, before a
    // page showed them, or without call paths.
    std::shared_ptr<const scope::CallTree> tree() const { return tree_; }
    std::shared_ptr<const scope::CallTree> bottomUp() const { return bottomUp_; }
    const scope::RankSelection& ranks() const { return ranks_; }
    // The tree, built now if it is not yet (for exports); the event loop
    // runs meanwhile. Null without call paths.
    std::shared_ptr<const scope::CallTree> waitForTree();

    // A page showing the paths became the current tab, or stopped being it.
    void setShown(const QObject* page, bool shown);
    // A node chosen in a page: its region is chosen everywhere, and the
    // timeline highlights the calls of that very path.
    void activateRegion(int region);
    void highlightPath(const std::vector<std::int32_t>& path);
    // The region was chosen by one of the pages, not elsewhere (the table):
    // the node the user chose stays, not the region's costliest one.
    bool activating() const { return activating_; }

signals:
    // The context's run changed; available() says what to show.
    void runChanged();
    void building();
    void treeReady();

private:
    explicit CallPaths(RunContext* context);
    void setRun();
    void rebuild();
    void requestTree();
    void showTree(std::shared_ptr<const scope::CallTree> tree,
                  std::shared_ptr<const scope::CallTree> bottomUp);

    RunContext* context_;
    BackgroundCallTree* builder_;
    scope::RankSelection ranks_;
    std::shared_ptr<const scope::CallTree> tree_;
    std::shared_ptr<const scope::CallTree> bottomUp_;
    QSet<const QObject*> shown_;
    // The selection changed while no page was shown: build when one is.
    bool stale_ = false;
    bool activating_ = false;
    // The calls on the newest path asked for: its last region and a flag per call.
    struct PathCalls {
        int region = -1;
        std::shared_ptr<const std::vector<bool>> calls;
    };
    LatestJob<PathCalls> pathCalls_;
};
