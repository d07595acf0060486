// SPDX-License-Identifier: GPL-3.0-or-later
#include "RegionTableView.h"

#include "models/HeaderColumnMenu.h"
#include "models/RegionFilterProxy.h"
#include "models/RegionNameDelegate.h"
#include "models/RegionTableModel.h"
#include "models/ShareBarDelegate.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>

#include <algorithm>

RegionTableView::RegionTableView(RegionFilterProxy* proxy, QWidget* parent)
    : QTableView(parent), proxy_(proxy) {
    setModel(proxy_);
    setSortingEnabled(true);
    sortByColumn(RegionTableModel::Total, Qt::DescendingOrder);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setSelectionMode(QAbstractItemView::SingleSelection);
    setAlternatingRowColors(true);
    // Tab leaves the table for the next control; the arrows move within it.
    setTabKeyNavigation(false);
    verticalHeader()->hide();
    QHeaderView* header = horizontalHeader();
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
    // The region column takes the width the numbers leave (fitRegionColumn).
    header->setSectionResizeMode(RegionTableModel::Region, QHeaderView::Interactive);
    // Sized from the first rows, not from every text of hundreds of regions
    // (laid out again whenever the numbers change).
    header->setResizeContentsPrecision(50);
    header->setStretchLastSection(false);
    setItemDelegateForColumn(RegionTableModel::Region, new RegionNameDelegate(this));
    setItemDelegateForColumn(RegionTableModel::Share, new ShareBarDelegate(this));
    viewport()->installEventFilter(this);
    connect(header, &QHeaderView::sectionResized, this, [this](int column) {
        if (column != RegionTableModel::Region)
            fitRegionColumn();
    });

    // The last columns differ between runs (GPU time or await time).
    const auto ids = [this] {
        const auto* table = qobject_cast<const RegionTableModel*>(proxy_->sourceModel());
        return table ? table->shownColumnIds() : RegionTableModel::columnIds();
    };
    columnMenu_ = new HeaderColumnMenu(header, QStringLiteral("regionTable/hiddenColumns"), ids,
                                       RegionTableModel::Region, {QStringLiteral("wall")});
    columnMenu_->restore();
    connect(columnMenu_, &HeaderColumnMenu::columnVisibilityChanged, this,
            &RegionTableView::fitRegionColumn);
    header->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(header, &QHeaderView::customContextMenuRequested, this, [this](const QPoint& at) {
        columnMenu_->popup(horizontalHeader()->viewport()->mapToGlobal(at));
    });

    emptyMessage_ = new QLabel(viewport());
    emptyMessage_->setTextFormat(Qt::PlainText);
    emptyMessage_->setWordWrap(true);
    emptyMessage_->setAlignment(Qt::AlignHCenter | Qt::AlignTop);
    emptyMessage_->hide();
    connect(proxy_, &QAbstractItemModel::modelReset, this, &RegionTableView::updateEmptyMessage);
    connect(proxy_, &QAbstractItemModel::layoutChanged, this, &RegionTableView::updateEmptyMessage);
    connect(proxy_, &QAbstractItemModel::rowsInserted, this, &RegionTableView::updateEmptyMessage);
    connect(proxy_, &QAbstractItemModel::rowsRemoved, this, &RegionTableView::updateEmptyMessage);
}

void RegionTableView::setFilterPattern(const QString& pattern) {
    pattern_ = pattern;
    updateEmptyMessage();
}

bool RegionTableView::eventFilter(QObject* watched, QEvent* event) {
    // The type first: the viewport's last events arrive while the table is
    // being destroyed, when viewport() must not be called any more.
    if (event->type() == QEvent::Resize && watched == viewport()) {
        fitRegionColumn();
        updateEmptyMessage();
    }
    return QTableView::eventFilter(watched, event);
}

// The numbers are as wide as their text; the region names take what is left
// (cut from the left when long), but no less than a dozen characters: a
// narrower table scrolls instead.
void RegionTableView::fitRegionColumn() {
    QHeaderView* header = horizontalHeader();
    int numbers = 0;
    for (int column = 0; column < header->count(); ++column)
        if (column != RegionTableModel::Region && !header->isSectionHidden(column))
            numbers += header->sectionSize(column);
    const int minimum = fontMetrics().averageCharWidth() * 12;
    const int width = std::max(minimum, viewport()->width() - numbers);
    if (header->sectionSize(RegionTableModel::Region) != width)
        header->resizeSection(RegionTableModel::Region, width);
}

void RegionTableView::updateEmptyMessage() {
    const bool empty = !pattern_.isEmpty() && proxy_->errorString().isEmpty() &&
                       proxy_->sourceModel() != nullptr && proxy_->sourceModel()->rowCount() > 0 &&
                       proxy_->rowCount() == 0;
    if (empty) {
        emptyMessage_->setText(tr("No region matches '%1'").arg(pattern_));
        const QRect area = viewport()->rect().adjusted(12, 16, -12, 0);
        emptyMessage_->setGeometry(area.x(), area.y(), area.width(),
                                   emptyMessage_->heightForWidth(area.width()));
    }
    emptyMessage_->setVisible(empty);
}
