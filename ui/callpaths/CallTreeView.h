// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/CallTree.h"
#include "model/ProfilingResults.h"

#include <QWidget>

#include <memory>
#include <vector>

class CallTreeModel;
class QAbstractButton;
class QAction;
class QMenu;
class QLabel;
class QLineEdit;
class QModelIndex;
class QSortFilterProxyModel;
class QStackedWidget;
class QTreeView;

// The call tree of a run: "called from where?". Top-down, the hottest path
// opens expanded; bottom-up shows each region's callers. A search box marks
// and reveals the paths through a region; the context menu copies a path
// and exports the tree as CSV. The tree itself is built by the owner (on a
// worker thread, for the rank selection) and handed over with setTree.
class CallTreeView : public QWidget {
    Q_OBJECT
public:
    explicit CallTreeView(QWidget* parent = nullptr);

    // Keeps what was expanded and the current path when the new tree is of
    // the same run (another rank selection); a new run opens its hottest path.
    // `bottomUp` (tree->bottomUp()) may come from the worker thread too;
    // otherwise it is built here when first shown.
    void setTree(std::shared_ptr<const scope::CallTree> tree,
                 std::shared_ptr<const scope::ProfilingResults> results,
                 std::shared_ptr<const scope::CallTree> bottomUp = {});
    void clear();
    // "Computing call paths…" in place of the tree until setTree.
    void setBusy(bool busy);
    bool isBusy() const { return busy_; }
    // Makes the costliest node of `region` current (bottom-up: the region's
    // own row), expanding down to it; does not emit regionSelected.
    void selectRegion(int region);

    bool isBottomUp() const;
    void setBottomUp(bool bottomUp);

    // The shown tree as CSV (see CallTreeModel::csv).
    QString csv() const;
    bool writeCsv(const QString& path, QString* error) const;
    // The current node's call path ("main > solve > rhs.eval"), or empty.
    QString currentPathText() const;
    // Its regions, caller first (for highlighting its calls elsewhere).
    std::vector<std::int32_t> currentPath() const;

    QTreeView* treeView() const { return tree_; }
    QLineEdit* searchEdit() const { return search_; }
    QLabel* searchStatus() const { return status_; }
    QLabel* placeholder() const { return placeholder_; }
    QAbstractButton* bottomUpButton() const { return bottomUpButton_; }
    CallTreeModel* model() const { return model_; }
    QSortFilterProxyModel* proxy() const { return proxy_; }
    QAction* copyPathAction() const { return copyPath_; }
    QAction* exportCsvAction() const { return exportCsv_; }
    // What its context menu offers.
    void fillContextMenu(QMenu& menu) const;
    // Top-down or bottom-up, as last chosen in any run.
    void restoreOrientation();

signals:
    // The user made a node current: its region.
    void regionSelected(int region);
    void exportCsvRequested();

private:
    void buildActions();
    void applyMode(bool bottomUp);
    void applySearch();
    void copyCurrentPath();
    void expandHottestPath();
    void reveal(std::uint32_t node);
    void updatePage();
    void updateOverlapNote();
    void showContextMenu(const QPoint& pos);
    QModelIndex viewIndex(std::uint32_t node) const;
    std::uint32_t currentNode() const;
    std::uint32_t nodeAt(const std::vector<std::int32_t>& treePath) const;

    CallTreeModel* model_;
    QSortFilterProxyModel* proxy_;
    QTreeView* tree_;
    QLineEdit* search_;
    QLabel* status_;
    QLabel* overlapNote_;
    QLabel* placeholder_;
    QStackedWidget* stack_;
    QAbstractButton* topDownButton_;
    QAbstractButton* bottomUpButton_;
    QAction* copyPath_ = nullptr;
    QAction* exportCsv_ = nullptr;
    QAction* expandHottest_ = nullptr;
    QAction* collapseAll_ = nullptr;
    bool busy_ = false;
    // Set while the view moves its own selection, so that it is not echoed.
    bool syncing_ = false;
};
