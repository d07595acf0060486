// SPDX-License-Identifier: GPL-3.0-or-later
#include "CallTreeView.h"

#include "CallTreeModel.h"
#include "common/ColorContrast.h"
#include "models/RegionNameDelegate.h"

#include <QAction>
#include <QApplication>
#include <QButtonGroup>
#include <QClipboard>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QSaveFile>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QStackedWidget>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

#include <functional>

using scope::CallTree;

namespace {

const QString kBottomUpKey = QStringLiteral("callTree/bottomUp");
// A path deeper than this is rarely read top to bottom (recursion).
constexpr int kHottestPathLevels = 12;
// Revealing a match expands its ancestors; past this many matches the
// rest are marked but left folded, so that a one-letter search stays quick.
constexpr std::size_t kMaxRevealedMatches = 2000;

} // namespace

CallTreeView::CallTreeView(QWidget* parent)
    : QWidget(parent), model_(new CallTreeModel(this)), proxy_(new QSortFilterProxyModel(this)),
      tree_(new QTreeView(this)), search_(new QLineEdit(this)), status_(new QLabel(this)),
      overlapNote_(new QLabel(this)), placeholder_(new QLabel(this)),
      stack_(new QStackedWidget(this)), topDownButton_(new QToolButton(this)),
      bottomUpButton_(new QToolButton(this)) {
    proxy_->setSourceModel(model_);
    proxy_->setSortRole(CallTreeModel::SortRole);
    proxy_->setSortCaseSensitivity(Qt::CaseInsensitive);

    search_->setPlaceholderText(tr("Search regions in the paths"));
    search_->setClearButtonEnabled(true);
    status_->setTextFormat(Qt::PlainText);
    topDownButton_->setText(tr("Top-down"));
    topDownButton_->setToolTip(tr("Each path from the top: the regions a region called"));
    bottomUpButton_->setText(tr("Bottom-up"));
    bottomUpButton_->setToolTip(tr("Each region with its callers: where its time was spent from"));
    auto* modes = new QButtonGroup(this);
    for (QAbstractButton* button : {topDownButton_, bottomUpButton_}) {
        button->setCheckable(true);
        modes->addButton(button);
    }
    auto* bar = new QHBoxLayout;
    bar->addWidget(search_, 1);
    bar->addWidget(status_);
    bar->addSpacing(12);
    bar->addWidget(topDownButton_);
    bar->addWidget(bottomUpButton_);

    overlapNote_->setTextFormat(Qt::PlainText);
    overlapNote_->setWordWrap(true);
    overlapNote_->hide();

    tree_->setModel(proxy_);
    tree_->setUniformRowHeights(true); // constant-time layout of 10⁵ rows
    tree_->setAlternatingRowColors(true);
    tree_->setSortingEnabled(true);
    tree_->sortByColumn(CallTreeModel::Inclusive, Qt::DescendingOrder);
    tree_->setSelectionBehavior(QAbstractItemView::SelectRows);
    tree_->setSelectionMode(QAbstractItemView::SingleSelection);
    // Recursion nests deep: a narrow step keeps the names in view.
    tree_->setIndentation(14);
    tree_->setContextMenuPolicy(Qt::CustomContextMenu);
    tree_->setItemDelegateForColumn(CallTreeModel::Path, new RegionNameDelegate(tree_));
    QHeaderView* header = tree_->header();
    header->setStretchLastSection(false);
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
    header->setSectionResizeMode(CallTreeModel::Path, QHeaderView::Stretch);
    header->setResizeContentsPrecision(50);

    placeholder_->setAlignment(Qt::AlignCenter);
    placeholder_->setWordWrap(true);
    ColorContrast::setQuietText(placeholder_, palette().color(QPalette::Disabled, QPalette::Text),
                                palette().color(QPalette::Window));
    stack_->addWidget(tree_);
    stack_->addWidget(placeholder_);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(overlapNote_);
    layout->addWidget(stack_, 1);
    buildActions();

    connect(search_, &QLineEdit::textChanged, this, &CallTreeView::applySearch);
    // Return walks through the matches.
    connect(search_, &QLineEdit::returnPressed, this, [this] {
        const auto& matches = model_->matches();
        if (matches.empty())
            return;
        const auto at = std::find(matches.begin(), matches.end(), currentNode());
        const std::uint32_t next =
            at == matches.end() || at + 1 == matches.end() ? matches.front() : *(at + 1);
        reveal(next);
        tree_->setCurrentIndex(viewIndex(next));
    });
    connect(modes, &QButtonGroup::buttonToggled, this, [this](QAbstractButton* button, bool on) {
        if (on)
            applyMode(button == bottomUpButton_);
    });
    connect(tree_->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex& current) {
                const QModelIndex source = proxy_->mapToSource(current);
                copyPath_->setEnabled(source.isValid());
                if (!syncing_ && source.isValid())
                    emit regionSelected(source.data(CallTreeModel::RegionRole).toInt());
            });
    connect(tree_, &QWidget::customContextMenuRequested, this, &CallTreeView::showContextMenu);

    restoreOrientation();
    updatePage();
}

void CallTreeView::restoreOrientation() {
    const bool bottomUp = QSettings().value(kBottomUpKey, false).toBool();
    (bottomUp ? bottomUpButton_ : topDownButton_)->setChecked(true);
}

void CallTreeView::buildActions() {
    copyPath_ = new QAction(tr("&Copy Path"), this);
    copyPath_->setShortcut(QKeySequence::Copy);
    copyPath_->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    copyPath_->setEnabled(false);
    tree_->addAction(copyPath_);
    connect(copyPath_, &QAction::triggered, this, &CallTreeView::copyCurrentPath);
    expandHottest_ = new QAction(tr("&Expand Hottest Path"), this);
    connect(expandHottest_, &QAction::triggered, this, &CallTreeView::expandHottestPath);
    collapseAll_ = new QAction(tr("Collapse &All"), this);
    connect(collapseAll_, &QAction::triggered, tree_, &QTreeView::collapseAll);
    exportCsv_ = new QAction(tr("Export as CS&V…"), this);
    connect(exportCsv_, &QAction::triggered, this, &CallTreeView::exportCsvRequested);
}

void CallTreeView::fillContextMenu(QMenu& menu) const {
    menu.addAction(copyPath_);
    menu.addSeparator();
    menu.addAction(expandHottest_);
    menu.addAction(collapseAll_);
    menu.addSeparator();
    menu.addAction(exportCsv_);
    exportCsv_->setEnabled(model_->tree() != nullptr);
}

void CallTreeView::showContextMenu(const QPoint& pos) {
    QMenu menu(this);
    fillContextMenu(menu);
    menu.exec(tree_->viewport()->mapToGlobal(pos));
}

void CallTreeView::setTree(std::shared_ptr<const CallTree> tree,
                           std::shared_ptr<const scope::ProfilingResults> results,
                           std::shared_ptr<const CallTree> bottomUp) {
    // Region chains survive a new tree of the same run, node ids do not.
    const bool sameRun = results && results == model_->results() && model_->tree() != nullptr;
    std::vector<std::vector<std::int32_t>> expanded;
    std::vector<std::int32_t> current;
    if (sameRun) {
        const CallTree& old = *model_->tree();
        std::function<void(const QModelIndex&)> collect = [&](const QModelIndex& parent) {
            for (int row = 0; row < proxy_->rowCount(parent); ++row) {
                const QModelIndex index = proxy_->index(row, 0, parent);
                if (!tree_->isExpanded(index))
                    continue;
                expanded.push_back(old.path(model_->nodeOf(proxy_->mapToSource(index))));
                collect(index);
            }
        };
        collect({});
        if (const std::uint32_t node = currentNode(); node != CallTree::kNone)
            current = old.path(node);
    }
    syncing_ = true;
    model_->setTree(std::move(tree), std::move(results), std::move(bottomUp));
    busy_ = false;
    if (sameRun) {
        for (const auto& path : expanded)
            if (const std::uint32_t node = nodeAt(path); node != CallTree::kNone)
                tree_->expand(viewIndex(node));
        if (const std::uint32_t node = nodeAt(current); node != CallTree::kNone)
            tree_->setCurrentIndex(viewIndex(node));
    }
    if (!sameRun || expanded.empty())
        expandHottestPath();
    syncing_ = false;
    applySearch();
    updateOverlapNote();
    updatePage();
}

void CallTreeView::clear() {
    busy_ = false;
    model_->clear();
    updateOverlapNote();
    updatePage();
}

void CallTreeView::setBusy(bool busy) {
    busy_ = busy;
    updatePage();
}

void CallTreeView::updatePage() {
    const CallTree* tree = model_->tree();
    if (busy_)
        placeholder_->setText(tr("Computing call paths…"));
    else if (tree == nullptr)
        placeholder_->setText(tr("No call tree."));
    else if (tree->childCount[CallTree::kRoot] == 0)
        placeholder_->setText(tr("No calls on the selected ranks."));
    const bool showTree = !busy_ && tree != nullptr && tree->childCount[CallTree::kRoot] > 0;
    stack_->setCurrentWidget(showTree ? static_cast<QWidget*>(tree_) : placeholder_);
    search_->setEnabled(showTree);
}

void CallTreeView::updateOverlapNote() {
    const CallTree* tree = model_->topDownTree();
    if (tree == nullptr || tree->overlaps == 0 || !tree->firstOverlap || !model_->results()) {
        overlapNote_->hide();
        return;
    }
    const QString first = QString::fromStdString(tree->firstOverlap->describe(*model_->results()));
    overlapNote_->setText(
        tree->overlaps == 1
            ? tr("One call overlaps its enclosing call without nesting; its time counts against "
                 "the enclosing call only up to its end: %1.")
                  .arg(first)
            : tr("%n calls overlap their enclosing call without nesting; their time counts "
                 "against the enclosing call only up to its end. First: %1.",
                 nullptr, static_cast<int>(tree->overlaps))
                  .arg(first));
    overlapNote_->show();
}

bool CallTreeView::isBottomUp() const {
    return model_->mode() == CallTreeModel::Mode::BottomUp;
}

void CallTreeView::setBottomUp(bool bottomUp) {
    (bottomUp ? bottomUpButton_ : topDownButton_)->setChecked(true);
}

void CallTreeView::applyMode(bool bottomUp) {
    QSettings().setValue(kBottomUpKey, bottomUp);
    if (bottomUp == isBottomUp())
        return;
    syncing_ = true;
    model_->setMode(bottomUp ? CallTreeModel::Mode::BottomUp : CallTreeModel::Mode::TopDown);
    // Bottom-up answers "where does the time go": self time first.
    tree_->sortByColumn(bottomUp ? CallTreeModel::Exclusive : CallTreeModel::Inclusive,
                        Qt::DescendingOrder);
    expandHottestPath();
    syncing_ = false;
    applySearch();
}

void CallTreeView::applySearch() {
    const QString text = search_->text().trimmed();
    const int count = model_->setSearch(text);
    QPalette p = status_->palette();
    p.setColor(QPalette::WindowText, palette().color(QPalette::WindowText));
    if (text.isEmpty() || model_->tree() == nullptr) {
        status_->clear();
    } else if (count == 0) {
        status_->setText(tr("No path contains '%1'").arg(text));
        // The red of the other error messages, kept readable on dark palettes.
        p.setColor(
            QPalette::WindowText,
            ColorContrast::readable(QColor(0xc6, 0x28, 0x28), palette().color(QPalette::Window)));
    } else {
        status_->setText(count == 1 ? tr("1 match") : tr("%n matches", nullptr, count));
    }
    status_->setPalette(p);
    const auto& matches = model_->matches();
    for (std::size_t i = 0; i < matches.size() && i < kMaxRevealedMatches; ++i)
        tree_->expand(viewIndex(model_->tree()->parent[matches[i]]));
    if (!matches.empty())
        tree_->scrollTo(viewIndex(matches.front()));
}

void CallTreeView::expandHottestPath() {
    const CallTree* tree = model_->tree();
    if (tree == nullptr)
        return;
    // Top-down the costliest child is the first (inclusive); bottom-up the
    // one with the most self time.
    const bool bottomUp = isBottomUp();
    std::uint32_t node = CallTree::kRoot;
    for (int level = 0; level < kHottestPathLevels; ++level) {
        const auto children = tree->childrenOf(node);
        if (children.empty())
            break;
        node = bottomUp ? *std::max_element(children.begin(), children.end(),
                                            [tree](std::uint32_t a, std::uint32_t b) {
                                                return tree->exclusiveNs[a] < tree->exclusiveNs[b];
                                            })
                        : children.front();
        if (tree->childCount[node] > 0 && level + 1 < kHottestPathLevels)
            tree_->expand(viewIndex(node));
    }
}

void CallTreeView::selectRegion(int region) {
    const std::uint32_t node = model_->costliestNodeOf(region);
    syncing_ = true;
    if (node == CallTree::kNone) {
        tree_->selectionModel()->clear();
    } else {
        reveal(node);
        tree_->setCurrentIndex(viewIndex(node));
    }
    syncing_ = false;
}

void CallTreeView::reveal(std::uint32_t node) {
    const CallTree* tree = model_->tree();
    if (tree == nullptr || node >= tree->size())
        return;
    for (std::uint32_t a = tree->parent[node]; a != CallTree::kRoot && a != CallTree::kNone;
         a = tree->parent[a])
        tree_->expand(viewIndex(a));
    tree_->scrollTo(viewIndex(node));
}

QModelIndex CallTreeView::viewIndex(std::uint32_t node) const {
    return proxy_->mapFromSource(model_->indexOfNode(node));
}

std::uint32_t CallTreeView::currentNode() const {
    return model_->nodeOf(proxy_->mapToSource(tree_->currentIndex()));
}

std::uint32_t CallTreeView::nodeAt(const std::vector<std::int32_t>& treePath) const {
    const CallTree* tree = model_->tree();
    if (tree == nullptr || treePath.empty())
        return CallTree::kNone;
    std::uint32_t node = CallTree::kRoot;
    for (const std::int32_t region : treePath) {
        const auto children = tree->childrenOf(node);
        const auto it = std::find_if(children.begin(), children.end(),
                                     [&](std::uint32_t c) { return tree->region[c] == region; });
        if (it == children.end())
            return CallTree::kNone;
        node = *it;
    }
    return node;
}

QString CallTreeView::currentPathText() const {
    const std::uint32_t node = currentNode();
    return node == CallTree::kNone ? QString() : model_->pathText(node);
}

std::vector<std::int32_t> CallTreeView::currentPath() const {
    const std::uint32_t node = currentNode();
    return node == CallTree::kNone ? std::vector<std::int32_t>() : model_->callPath(node);
}

void CallTreeView::copyCurrentPath() {
    const QString text = currentPathText();
    if (!text.isEmpty())
        QApplication::clipboard()->setText(text);
}

QString CallTreeView::csv() const {
    return QString::fromStdString(model_->csv());
}

bool CallTreeView::writeCsv(const QString& path, QString* error) const {
    QSaveFile file(path);
    const std::string text = model_->csv();
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(text.data(), static_cast<qint64>(text.size())) !=
            static_cast<qint64>(text.size()) ||
        !file.commit()) {
        if (error != nullptr)
            *error = file.errorString();
        return false;
    }
    return true;
}
