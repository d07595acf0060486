// SPDX-License-Identifier: GPL-3.0-or-later
#include "CallTreeModel.h"

#include "base/DurationFormat.h"
#include "common/ColorContrast.h"
#include "common/RegionPalette.h"
#include "export/CsvWriter.h"
#include "export/PythonFloat.h"

#include <QBrush>
#include <QFont>
#include <QLocale>
#include <QPalette>

#include <algorithm>

using scope::CallTree;

namespace {

// Amber: bold black text on it reads at 14:1, and it stands out from the
// selection blue and the alternating row grey of light and dark palettes.
const QColor kMatchBackground(0xff, 0xe0, 0x82);

QString seconds(double value) {
    return QString::fromStdString(scope::formatDuration(value));
}

QString fullPrecision(double value) {
    return QString::number(value, 'g', 17) + QStringLiteral(" s");
}

bool isTime(int column) {
    return column == CallTreeModel::Inclusive || column == CallTreeModel::Exclusive ||
           column == CallTreeModel::AverageInclusive;
}

bool isShare(int column) {
    return column == CallTreeModel::PercentOfRun || column == CallTreeModel::PercentExclusive;
}

// Nodes below `from` in tree order (each parent before its children, the
// costliest child first), without `from` itself.
template <typename Visit> void preOrder(const CallTree& tree, Visit visit) {
    std::vector<std::uint32_t> stack;
    const auto push = [&](std::uint32_t node) {
        const auto children = tree.childrenOf(node);
        for (auto it = children.rbegin(); it != children.rend(); ++it)
            stack.push_back(*it);
    };
    push(CallTree::kRoot);
    while (!stack.empty()) {
        const std::uint32_t node = stack.back();
        stack.pop_back();
        visit(node);
        push(node);
    }
}

} // namespace

CallTreeModel::CallTreeModel(QObject* parent) : QAbstractItemModel(parent) {}

void CallTreeModel::setTree(std::shared_ptr<const CallTree> tree,
                            std::shared_ptr<const scope::ProfilingResults> results,
                            std::shared_ptr<const CallTree> bottomUp) {
    // CallTree::rootOnly() (what a cancelled build returns) has no child
    // lists until finish(): give it some rather than read past them.
    if (tree && (tree->children.size() + 1 != tree->size() ||
                 tree->childBegin[CallTree::kRoot] == CallTree::kNone)) {
        auto finished = std::make_shared<CallTree>(*tree);
        finished->finish();
        tree = std::move(finished);
    }
    beginResetModel();
    topDown_ = std::move(tree);
    bottomUp_ = std::move(bottomUp);
    results_ = std::move(results);
    showTree();
    endResetModel();
}

void CallTreeModel::clear() {
    setTree(nullptr, nullptr);
}

void CallTreeModel::setMode(Mode mode) {
    if (mode == mode_)
        return;
    beginResetModel();
    mode_ = mode;
    showTree();
    endResetModel();
}

// Within a model reset: picks the tree of the mode and redoes the rows and
// the search marks for it.
void CallTreeModel::showTree() {
    if (mode_ == Mode::BottomUp && topDown_ && !bottomUp_)
        bottomUp_ = std::make_shared<const CallTree>(topDown_->bottomUp());
    shown_ = mode_ == Mode::BottomUp ? bottomUp_ : topDown_;
    row_.assign(shown_ ? shown_->size() : 0, 0);
    if (shown_)
        for (std::uint32_t n = 0; n < shown_->size(); ++n) {
            const auto children = shown_->childrenOf(n);
            for (std::size_t i = 0; i < children.size(); ++i)
                row_[children[i]] = static_cast<std::uint32_t>(i);
        }
    matched_.assign(row_.size(), 0);
    matches_.clear();
    if (!shown_ || search_.isEmpty())
        return;
    std::vector<char> regionMatches(results_ ? results_->regions.size() : 0, 0);
    for (std::size_t r = 0; r < regionMatches.size(); ++r)
        regionMatches[r] =
            QString::fromStdString(results_->regions[r]).contains(search_, Qt::CaseInsensitive);
    preOrder(*shown_, [&](std::uint32_t node) {
        const std::int32_t region = shown_->region[node];
        if (region >= 0 && static_cast<std::size_t>(region) < regionMatches.size() &&
            regionMatches[static_cast<std::size_t>(region)]) {
            matched_[node] = 1;
            matches_.push_back(node);
        }
    });
}

int CallTreeModel::setSearch(const QString& text) {
    const std::vector<char> before = matched_;
    search_ = text;
    // The rows stay the same: only the marks change.
    showTree();
    const QList<int> roles = {Qt::FontRole, Qt::BackgroundRole, Qt::ForegroundRole, MatchRole};
    for (std::uint32_t n = 1; n < matched_.size(); ++n)
        if (matched_[n] != before[n])
            emit dataChanged(indexOfNode(n, 0), indexOfNode(n, ColumnCount - 1), roles);
    return static_cast<int>(matches_.size());
}

std::uint32_t CallTreeModel::nodeOf(const QModelIndex& index) const {
    if (!index.isValid() || !shown_ || index.model() != this)
        return CallTree::kNone;
    return static_cast<std::uint32_t>(index.internalId());
}

QModelIndex CallTreeModel::indexOfNode(std::uint32_t node, int column) const {
    if (!shown_ || node == CallTree::kRoot || node >= shown_->size())
        return {};
    return createIndex(static_cast<int>(row_[node]), column, static_cast<quintptr>(node));
}

std::vector<std::int32_t> CallTreeModel::callPath(std::uint32_t node) const {
    if (!shown_ || node >= shown_->size())
        return {};
    std::vector<std::int32_t> path = shown_->path(node);
    // Bottom-up paths run from the region up through its callers.
    if (mode_ == Mode::BottomUp)
        std::reverse(path.begin(), path.end());
    return path;
}

QString CallTreeModel::regionName(std::int32_t region) const {
    if (!results_ || region < 0 || static_cast<std::size_t>(region) >= results_->regions.size())
        return QStringLiteral("?");
    return QString::fromStdString(results_->regions[static_cast<std::size_t>(region)]);
}

QString CallTreeModel::pathText(std::uint32_t node) const {
    QStringList names;
    for (const std::int32_t region : callPath(node))
        names << regionName(region);
    return names.join(QStringLiteral(" > "));
}

std::uint32_t CallTreeModel::costliestNodeOf(std::int32_t region) const {
    if (!shown_)
        return CallTree::kNone;
    // Bottom-up, a region's own row is the one at the top level.
    if (mode_ == Mode::BottomUp) {
        for (const std::uint32_t node : shown_->childrenOf(CallTree::kRoot))
            if (shown_->region[node] == region)
                return node;
        return CallTree::kNone;
    }
    std::uint32_t best = CallTree::kNone;
    for (std::uint32_t n = 1; n < shown_->size(); ++n)
        if (shown_->region[n] == region &&
            (best == CallTree::kNone || shown_->inclusiveNs[n] > shown_->inclusiveNs[best]))
            best = n;
    return best;
}

std::string CallTreeModel::csv() const {
    scope::CsvWriter out;
    out.writeRow({tr("Call path").toStdString(), tr("Depth").toStdString(),
                  tr("Calls").toStdString(), tr("Inclusive (s)").toStdString(),
                  tr("Exclusive (s)").toStdString(), tr("% of run").toStdString(),
                  tr("Imbalance").toStdString()});
    if (!shown_)
        return out.take();
    const CallTree& t = *shown_;
    const auto number = [](double v) { return scope::formatPythonFloat(v); };
    preOrder(t, [&](std::uint32_t n) {
        const std::string percent = t.runNs > 0 ? number(static_cast<double>(t.inclusiveNs[n]) *
                                                         100.0 / static_cast<double>(t.runNs))
                                                : std::string();
        out.writeRow({pathText(n).toStdString(), std::to_string(t.depth[n]),
                      std::to_string(t.calls[n]),
                      number(static_cast<double>(t.inclusiveNs[n]) * 1e-9),
                      number(static_cast<double>(t.exclusiveNs[n]) * 1e-9), percent,
                      valueKnown(Imbalance) ? number(t.imbalance(n)) : std::string()});
    });
    return out.take();
}

std::uint32_t CallTreeModel::parentNode(const QModelIndex& parent) const {
    return parent.isValid() ? static_cast<std::uint32_t>(parent.internalId()) : CallTree::kRoot;
}

QModelIndex CallTreeModel::index(int row, int column, const QModelIndex& parent) const {
    if (!shown_ || row < 0 || column < 0 || column >= ColumnCount || parent.column() > 0)
        return {};
    const auto children = shown_->childrenOf(parentNode(parent));
    if (static_cast<std::size_t>(row) >= children.size())
        return {};
    return createIndex(row, column, static_cast<quintptr>(children[static_cast<std::size_t>(row)]));
}

QModelIndex CallTreeModel::parent(const QModelIndex& child) const {
    const std::uint32_t node = nodeOf(child);
    if (node == CallTree::kNone || node == CallTree::kRoot)
        return {};
    return indexOfNode(shown_->parent[node]);
}

int CallTreeModel::rowCount(const QModelIndex& parent) const {
    if (!shown_ || parent.column() > 0)
        return 0;
    return static_cast<int>(shown_->childCount[parentNode(parent)]);
}

int CallTreeModel::columnCount(const QModelIndex&) const {
    return ColumnCount;
}

bool CallTreeModel::hasChildren(const QModelIndex& parent) const {
    return rowCount(parent) > 0;
}

bool CallTreeModel::valueKnown(int column) const {
    if (!shown_)
        return false;
    if (column == Imbalance)
        return mode_ == Mode::TopDown; // per-rank times are not kept bottom-up
    if (isShare(column))
        return shown_->runNs > 0;
    return true;
}

double CallTreeModel::value(std::uint32_t node, int column) const {
    const CallTree& t = *shown_;
    const double inclusive = static_cast<double>(t.inclusiveNs[node]);
    const double run = static_cast<double>(t.runNs);
    switch (column) {
    case Calls:
        return static_cast<double>(t.calls[node]);
    case Inclusive:
        return inclusive * 1e-9;
    case PercentOfRun:
        return t.runNs > 0 ? inclusive / run : 0.0;
    case Exclusive:
        return static_cast<double>(t.exclusiveNs[node]) * 1e-9;
    case PercentExclusive:
        return t.runNs > 0 ? static_cast<double>(t.exclusiveNs[node]) / run : 0.0;
    case AverageInclusive:
        return t.calls[node] > 0 ? inclusive * 1e-9 / static_cast<double>(t.calls[node]) : 0.0;
    case Imbalance:
        return valueKnown(Imbalance) ? t.imbalance(node) : 0.0;
    default:
        return 0.0;
    }
}

QString CallTreeModel::displayText(std::uint32_t node, int column) const {
    if (column == Path)
        return regionName(shown_->region[node]);
    if (!valueKnown(column))
        return QStringLiteral("—");
    const double v = value(node, column);
    if (column == Calls)
        return QLocale().toString(static_cast<qulonglong>(shown_->calls[node]));
    if (isShare(column))
        return QString::number(v * 100.0, 'f', 1) + QStringLiteral(" %");
    if (column == Imbalance)
        return QString::number(v, 'f', 2) + QStringLiteral("×");
    return seconds(v);
}

QString CallTreeModel::toolTip(std::uint32_t node, int column) const {
    const CallTree& t = *shown_;
    if (column == Path) {
        const QString path = pathText(node);
        if (mode_ == Mode::BottomUp)
            return node != CallTree::kRoot && t.parent[node] == CallTree::kRoot
                       ? tr("%1\n%2 calls, on every path").arg(path).arg(t.calls[node])
                       : tr("%1\n%2 calls of '%3' under these callers")
                             .arg(path)
                             .arg(t.calls[node])
                             .arg(regionName(callPath(node).back()));
        return tr("%1\n%2 calls on %3 ranks")
            .arg(path)
            .arg(t.calls[node])
            .arg(t.ranksWithCalls[node]);
    }
    if (!valueKnown(column))
        return column == Imbalance
                   ? tr("Not known bottom-up: the per-rank times are kept per call path only.")
                   : tr("The run time of the selected ranks is unknown.");
    const double v = value(node, column);
    if (isTime(column))
        return fullPrecision(v);
    if (isShare(column))
        return tr("%1 % of the summed run time of the selected ranks").arg(v * 100.0, 0, 'g', 6);
    if (column == Imbalance)
        return tr("Slowest rank's inclusive time ÷ mean over the %1 ranks on this path: %2")
            .arg(t.ranksWithCalls[node])
            .arg(v, 0, 'g', 6);
    return QString::number(t.calls[node]);
}

QVariant CallTreeModel::data(const QModelIndex& index, int role) const {
    const std::uint32_t node = nodeOf(index);
    if (node == CallTree::kNone || node == CallTree::kRoot || node >= shown_->size() ||
        index.column() < 0 || index.column() >= ColumnCount)
        return {};
    const int column = index.column();
    const bool match = matched_[node] != 0;
    switch (role) {
    case Qt::DisplayRole:
        return displayText(node, column);
    case SortRole:
        return column == Path ? QVariant(regionName(shown_->region[node]))
                              : QVariant(value(node, column));
    case Qt::ToolTipRole:
        return toolTip(node, column);
    case NodeRole:
        return node;
    case RegionRole:
        return shown_->region[node];
    case MatchRole:
        return match;
    case Qt::DecorationRole:
        return column == Path ? QVariant(RegionPalette::color(regionName(shown_->region[node])))
                              : QVariant();
    case Qt::TextAlignmentRole:
        return column == Path ? QVariant() : QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::FontRole: {
        if (!match)
            return {};
        QFont font;
        font.setBold(true);
        return font;
    }
    case Qt::BackgroundRole:
        return match ? QVariant(QBrush(kMatchBackground)) : QVariant();
    case Qt::ForegroundRole:
        if (match)
            return QBrush(ColorContrast::textOn(kMatchBackground));
        return valueKnown(column) ? QVariant()
                                  : QVariant(QPalette().color(QPalette::Disabled, QPalette::Text));
    default:
        return {};
    }
}

QVariant CallTreeModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return {};
    const bool up = mode_ == Mode::BottomUp;
    static const char* const names[] = {"Call path", "Calls",   "Inclusive", "% of run",
                                        "Exclusive", "% excl.", "Avg incl.", "Imbalance"};
    static const char* const fullNames[] = {"Call path",
                                            "Calls",
                                            "Inclusive time",
                                            "Share of run (inclusive)",
                                            "Exclusive time",
                                            "Share of run (exclusive)",
                                            "Average inclusive time",
                                            "Load imbalance"};
    static const char* const topDownTips[] = {
        "The region at the end of the path; below it, the regions it called",
        "Calls that ended this path, pooled over the selected ranks",
        "Summed duration of those calls, nested calls included",
        "Inclusive time ÷ summed run time of the selected ranks",
        "Inclusive time minus the directly nested calls",
        "Exclusive time ÷ summed run time of the selected ranks",
        "Inclusive time ÷ calls",
        "Slowest rank's inclusive time ÷ mean over the ranks on the path (1 = balanced)"};
    static const char* const bottomUpTips[] = {
        "Bottom-up: each region at the top level; below it, its callers, then theirs",
        "Calls of the region under this chain of callers",
        "Time of the outermost calls of the region under this chain of callers (a recursive "
        "call inside another is not counted twice)",
        "Inclusive time ÷ summed run time of the selected ranks",
        "Self time of the region spent under this chain of callers",
        "Exclusive time ÷ summed run time of the selected ranks",
        "Inclusive time ÷ calls (with recursion the calls include the nested ones)",
        "Not known bottom-up"};
    switch (role) {
    case Qt::DisplayRole:
        return section == Path && up ? tr("Region ← callers") : tr(names[section]);
    case Qt::AccessibleTextRole:
        return tr(fullNames[section]);
    case Qt::ToolTipRole:
        return tr("%1: %2").arg(tr(fullNames[section]),
                                tr(up ? bottomUpTips[section] : topDownTips[section]));
    default:
        return {};
    }
}
