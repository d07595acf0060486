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
#include <QStyle>
#include <QTimer>

#include <algorithm>
#include <utility>
#include <vector>

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
    // Every width is set by fitRegionColumn: the numbers as wide as their
    // text while there is room, the region names whatever is left.
    header->setSectionResizeMode(QHeaderView::Fixed);
    header->setSectionResizeMode(RegionTableModel::Region, QHeaderView::Interactive);
    // Sized from the first rows, not from every text of hundreds of regions
    // (laid out again whenever the numbers change).
    header->setResizeContentsPrecision(50);
    verticalHeader()->setResizeContentsPrecision(50);
    header->setStretchLastSection(false);
    // A narrowed number loses its end ("59.…"), not a line of its own.
    setWordWrap(false);
    setTextElideMode(Qt::ElideRight);
    setItemDelegateForColumn(RegionTableModel::Region, new RegionNameDelegate(this));
    setItemDelegateForColumn(RegionTableModel::Share, new ShareBarDelegate(this));
    viewport()->installEventFilter(this);
    connect(header, &QHeaderView::sectionResized, this, [this](int column) {
        if (column != RegionTableModel::Region)
            scheduleFit();
    });
    // New names or numbers: measured again once the batch of changes is in.
    const auto namesChanged = [this] {
        longestName_ = -1;
        scheduleFit();
    };
    connect(proxy_, &QAbstractItemModel::modelReset, this, namesChanged);
    connect(proxy_, &QAbstractItemModel::rowsInserted, this, namesChanged);
    connect(proxy_, &QAbstractItemModel::rowsRemoved, this, &RegionTableView::scheduleFit);
    connect(proxy_, &QAbstractItemModel::layoutChanged, this, &RegionTableView::scheduleFit);
    connect(proxy_, &QAbstractItemModel::dataChanged, this, &RegionTableView::scheduleFit);
    connect(proxy_, &QAbstractItemModel::headerDataChanged, this, &RegionTableView::scheduleFit);

    // The last columns differ between runs (GPU time or await time).
    const auto ids = [this] {
        const auto* table = qobject_cast<const RegionTableModel*>(proxy_->sourceModel());
        return table ? table->shownColumnIds() : RegionTableModel::columnIds();
    };
    columnMenu_ = new HeaderColumnMenu(header, QStringLiteral("regionTable/hiddenColumns"), ids,
                                       RegionTableModel::Region, {QStringLiteral("wall")});
    columnMenu_->restore();
    connect(columnMenu_, &HeaderColumnMenu::columnVisibilityChanged, this,
            &RegionTableView::scheduleFit);
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
    // being destroyed, when viewport() must not be called any more. The names
    // are measured again in the font the cells are drawn in once the window
    // is shown (the platform's font may differ from the default).
    const QEvent::Type type = event->type();
    if ((type == QEvent::FontChange || type == QEvent::StyleChange || type == QEvent::Polish) &&
        watched == viewport()) {
        longestName_ = -1;
        scheduleFit();
    }
    if (type == QEvent::Resize && watched == viewport()) {
        fitRegionColumn();
        updateEmptyMessage();
    }
    return QTableView::eventFilter(watched, event);
}

void RegionTableView::scheduleFit() {
    if (std::exchange(fitScheduled_, true))
        return;
    QTimer::singleShot(0, this, [this] {
        fitScheduled_ = false;
        fitRegionColumn();
    });
}

int RegionTableView::regionMinimum() {
    // Measured once per set of names (not while the table is still empty).
    if (longestName_ <= 0) {
        longestName_ = 0;
        nameChars_ = 0;
        QStyleOptionViewItem option;
        initViewItemOption(&option);
        const QFontMetrics metrics = option.fontMetrics;
        QModelIndex widest;
        for (int row = 0; row < proxy_->rowCount(); ++row) {
            const QModelIndex index = proxy_->index(row, RegionTableModel::Region);
            const int width = metrics.horizontalAdvance(index.data().toString());
            if (width > nameChars_) {
                nameChars_ = width;
                widest = index;
            }
        }
        if (widest.isValid()) {
            // The cell's margins and swatch around the text, and the grid
            // line. The style lays the text out a text margin each side
            // narrower than its size hint says: the cell would elide the name.
            const int textMargin =
                style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, this) + 1;
            longestName_ =
                itemDelegateForColumn(RegionTableModel::Region)->sizeHint(option, widest).width() +
                2 * textMargin + (showGrid() ? 1 : 0);
        }
    }
    // Region names are mostly lower-case letters: 24 of them.
    const int readable = fontMetrics().horizontalAdvance(QString(24, QLatin1Char('n')));
    const int around = longestName_ - nameChars_;
    return std::max(horizontalHeader()->sectionSizeHint(RegionTableModel::Region),
                    std::min(longestName_, readable + around));
}

// The numbers are as wide as their text while the region names keep at least
// regionMinimum(). With less room the less read numbers give way, one column
// after the other (their text cut at the end); only then does the table
// scroll. The names take whatever is left, cut from the left when
// long.
void RegionTableView::fitRegionColumn() {
    // Resizing a column may show or hide a scroll bar, which resizes the
    // viewport while this runs: fit again afterwards.
    if (std::exchange(fitting_, true)) {
        scheduleFit();
        return;
    }
    QHeaderView* headerView = horizontalHeader();
    const int least = fontMetrics().horizontalAdvance(QStringLiteral("00.0…")) + 8;
    std::vector<int> widths(static_cast<std::size_t>(headerView->count()), 0);
    int numbers = 0;
    for (int column = 0; column < headerView->count(); ++column) {
        if (column == RegionTableModel::Region || headerView->isSectionHidden(column))
            continue;
        widths[static_cast<std::size_t>(column)] =
            std::max(headerView->sectionSizeHint(column), sizeHintForColumn(column));
        numbers += widths[static_cast<std::size_t>(column)];
    }
    const int region = regionMinimum();
    int missing = numbers - (viewport()->width() - region);
    // The percentiles and the spread give way, each down to a few digits
    // (the tooltip has the number): the totals, averages, shares and GPU
    // times stay whole, and the table scrolls rather than cut them.
    for (const int column :
         {int(RegionTableModel::P99), int(RegionTableModel::P90), int(RegionTableModel::P50),
          int(RegionTableModel::Std), int(RegionTableModel::Min), int(RegionTableModel::Max),
          int(RegionTableModel::Wall)}) {
        if (missing <= 0)
            break;
        if (column >= headerView->count() || widths[static_cast<std::size_t>(column)] == 0)
            continue;
        int& width = widths[static_cast<std::size_t>(column)];
        const int cut = std::min(missing, std::max(0, width - least));
        width -= cut;
        numbers -= cut;
        missing -= cut;
    }
    for (int column = 0; column < headerView->count(); ++column) {
        const int width = widths[static_cast<std::size_t>(column)];
        if (width > 0 && headerView->sectionSize(column) != width)
            headerView->resizeSection(column, width);
    }
    const int width = std::max(region, viewport()->width() - numbers);
    if (headerView->sectionSize(RegionTableModel::Region) != width)
        headerView->resizeSection(RegionTableModel::Region, width);
    fitting_ = false;
}

void RegionTableView::updateEmptyMessage() {
    const auto* table = qobject_cast<const RegionTableModel*>(proxy_->sourceModel());
    // A run without regions: the blank table says so, whatever the filter.
    const bool noRegions = table != nullptr && table->run() && table->run()->results &&
                           table->run()->results->regions.empty();
    const bool noMatch = !pattern_.isEmpty() && proxy_->errorString().isEmpty() &&
                         table != nullptr && table->rowCount() > 0 && proxy_->rowCount() == 0;
    const bool empty = noRegions || noMatch;
    if (empty) {
        emptyMessage_->setText(noRegions ? tr("This run recorded no regions")
                                         : tr("No region matches '%1'").arg(pattern_));
        const QRect area = viewport()->rect().adjusted(12, 16, -12, 0);
        emptyMessage_->setGeometry(area.x(), area.y(), area.width(),
                                   emptyMessage_->heightForWidth(area.width()));
    }
    emptyMessage_->setVisible(empty);
}
