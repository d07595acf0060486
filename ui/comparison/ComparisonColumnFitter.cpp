// SPDX-License-Identifier: GPL-3.0-or-later
#include "ComparisonColumnFitter.h"

#include <QEvent>
#include <QHeaderView>
#include <QTableView>

#include <algorithm>
#include <numeric>

namespace {

constexpr int kPadding = 12; // beside the text in a cell
constexpr int kMaximumRegion = 320;
constexpr int kMinimumRegion = 140;

int sum(const std::vector<int>& values) {
    return std::accumulate(values.begin(), values.end(), 0);
}

} // namespace

ComparisonColumnFitter::ComparisonColumnFitter(QTableView* table)
    : QObject(table), table_(table), viewport_(table->viewport()) {
    table_->viewport()->installEventFilter(this);
    table_->setTextElideMode(Qt::ElideMiddle); // a region's last part tells it apart
    connect(table_->horizontalHeader(), &QHeaderView::sectionResized, this, [this] {
        if (!fitting_)
            userSized_ = true;
    });
    connect(table_->model(), &QAbstractItemModel::modelReset, this, [this] {
        userSized_ = false;
        fit();
    });
}

std::vector<int> ComparisonColumnFitter::widths(int available, const std::vector<int>& cells,
                                                const std::vector<int>& headers, int minimumRegion,
                                                int minimumHeader) {
    const std::size_t count = cells.size();
    std::vector<int> wanted(count);
    std::vector<int> least(count);
    for (std::size_t c = 0; c < count; ++c) {
        wanted[c] = std::max(cells[c], headers[c]);
        least[c] = std::max(cells[c], std::min(headers[c], minimumHeader));
    }
    if (count == 0)
        return wanted;
    wanted[0] = std::min(wanted[0], kMaximumRegion);
    least[0] = std::min(wanted[0], minimumRegion);
    if (sum(wanted) <= available)
        return wanted;
    // The region column gives way first, down to its minimum.
    std::vector<int> result = wanted;
    const int others = sum(wanted) - wanted[0];
    result[0] = std::max(least[0], available - others);
    if (sum(result) <= available)
        return result;
    // Then the headers wider than their numbers: one cap for all run columns,
    // as large as fits, so that the labels are cut alike.
    const int room = available - result[0];
    int low = 0;
    int high = *std::max_element(wanted.begin() + 1, wanted.end());
    const auto capped = [&](int cap) {
        int total = 0;
        for (std::size_t c = 1; c < count; ++c)
            total += std::max(least[c], std::min(wanted[c], cap));
        return total;
    };
    while (low < high) {
        const int middle = (low + high + 1) / 2;
        if (capped(middle) <= room)
            low = middle;
        else
            high = middle - 1;
    }
    for (std::size_t c = 1; c < count; ++c)
        result[c] = std::max(least[c], std::min(wanted[c], low));
    // Whatever the cap leaves goes back to the region names.
    const int spare = available - sum(result);
    if (spare > 0)
        result[0] = std::min(wanted[0], result[0] + spare);
    return result;
}

void ComparisonColumnFitter::fit() {
    QAbstractItemModel* model = table_->model();
    if (model == nullptr || model->columnCount() == 0)
        return;
    QHeaderView* header = table_->horizontalHeader();
    // Public on the base class; the table's override measures the cells.
    const QAbstractItemView* view = table_;
    const int count = model->columnCount();
    std::vector<int> cells(static_cast<std::size_t>(count));
    std::vector<int> headers(static_cast<std::size_t>(count));
    for (int c = 0; c < count; ++c) {
        cells[static_cast<std::size_t>(c)] = std::max(view->sizeHintForColumn(c), 0) + kPadding;
        headers[static_cast<std::size_t>(c)] = header->sectionSizeHint(c) + kPadding;
    }
    // "Δ %" stays readable when the run label above it is cut.
    const int minimumHeader =
        header->fontMetrics().horizontalAdvance(QStringLiteral("Δ %")) + 2 * kPadding;
    const std::vector<int> result =
        widths(table_->viewport()->width(), cells, headers, kMinimumRegion, minimumHeader);
    fitting_ = true;
    for (int c = 0; c < count; ++c)
        table_->setColumnWidth(c, result[static_cast<std::size_t>(c)]);
    fitting_ = false;
}

bool ComparisonColumnFitter::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() == QEvent::Resize && watched == viewport_ && !userSized_)
        fit();
    return QObject::eventFilter(watched, event);
}
