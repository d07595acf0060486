// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/CallTree.h"
#include "model/ProfilingResults.h"

#include <QAbstractItemModel>

#include <memory>
#include <string>
#include <vector>

// The call paths of a run as a tree: one row per path, its children the
// regions it called (top-down), or one row per region, its children its
// callers (bottom-up). The tree's root is not shown: the top-level paths are
// the top-level rows. Display text uses readable units, SortRole the raw
// numbers and ToolTipRole the full precision. A search marks the rows whose
// region name contains the text (MatchRole, bold on a highlighted
// background).
class CallTreeModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column {
        Path,
        Calls,
        Inclusive,
        PercentOfRun,
        Exclusive,
        PercentExclusive,
        AverageInclusive,
        Imbalance,
        ColumnCount
    };
    enum Role {
        SortRole = Qt::UserRole + 1, // double (the region name for Path)
        NodeRole,                    // uint, node of the shown tree
        RegionRole,                  // int, index into ProfilingResults::regions
        MatchRole                    // bool: the region name contains the search text
    };
    enum class Mode { TopDown, BottomUp };

    explicit CallTreeModel(QObject* parent = nullptr);

    // `bottomUp` may be given when a worker thread already built it;
    // otherwise it is built from `tree` the first time it is shown.
    void setTree(std::shared_ptr<const scope::CallTree> tree,
                 std::shared_ptr<const scope::ProfilingResults> results,
                 std::shared_ptr<const scope::CallTree> bottomUp = {});
    void clear();
    void setMode(Mode mode);
    Mode mode() const { return mode_; }

    // The tree shown in the current mode; null before setTree.
    const scope::CallTree* tree() const { return shown_.get(); }
    const scope::CallTree* topDownTree() const { return topDown_.get(); }
    const std::shared_ptr<const scope::ProfilingResults>& results() const { return results_; }

    // Marks the rows whose region name contains `text`, ignoring case (none
    // for an empty text) and returns how many there are.
    int setSearch(const QString& text);
    QString search() const { return search_; }
    // The matching nodes of the shown tree, in tree order (costliest first).
    const std::vector<std::uint32_t>& matches() const { return matches_; }

    std::uint32_t nodeOf(const QModelIndex& index) const;
    QModelIndex indexOfNode(std::uint32_t node, int column = Path) const;
    // The regions of a node's call path, caller first: in bottom-up mode the
    // chain of callers read from the outermost one down to the region.
    std::vector<std::int32_t> callPath(std::uint32_t node) const;
    // That path's region names joined by " > " ("main > solve > rhs.eval").
    QString pathText(std::uint32_t node) const;
    QString regionName(std::int32_t region) const;
    // The shown tree's node of `region` with the largest inclusive time, or
    // CallTree::kNone.
    std::uint32_t costliestNodeOf(std::int32_t region) const;

    // The shown tree as RFC 4180 CSV, one row per path in tree order: path,
    // depth, calls, inclusive s, exclusive s, % of run, imbalance (raw
    // numbers; imbalance empty bottom-up where it is unknown).
    std::string csv() const;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    bool hasChildren(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    void showTree();
    std::uint32_t parentNode(const QModelIndex& parent) const;
    double value(std::uint32_t node, int column) const;
    QString displayText(std::uint32_t node, int column) const;
    QString toolTip(std::uint32_t node, int column) const;
    bool valueKnown(int column) const;

    std::shared_ptr<const scope::CallTree> topDown_;
    std::shared_ptr<const scope::CallTree> bottomUp_;
    std::shared_ptr<const scope::CallTree> shown_;
    std::shared_ptr<const scope::ProfilingResults> results_;
    Mode mode_ = Mode::TopDown;
    // Row of each node of the shown tree below its parent.
    std::vector<std::uint32_t> row_;
    QString search_;
    std::vector<char> matched_; // per node of the shown tree
    std::vector<std::uint32_t> matches_;
};
