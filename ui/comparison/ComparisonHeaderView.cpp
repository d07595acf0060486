// SPDX-License-Identifier: GPL-3.0-or-later
#include "ComparisonHeaderView.h"

#include <QStyleOptionHeader>

ComparisonHeaderView::ComparisonHeaderView(QWidget* parent) : QHeaderView(Qt::Horizontal, parent) {
    // As QTableView's own header: click to sort, the current column highlighted.
    setSectionsClickable(true);
    setHighlightSections(true);
    setDefaultAlignment(Qt::AlignCenter);
    setTextElideMode(Qt::ElideRight);
}

QString ComparisonHeaderView::shownText(int logicalIndex) const {
    if (model() == nullptr)
        return {};
    const QString text = model()->headerData(logicalIndex, orientation()).toString();
    const int margin = style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, this);
    const int width = sectionSize(logicalIndex) - 2 * margin;
    QStringList lines = text.split(QLatin1Char('\n'));
    for (QString& line : lines)
        line = fontMetrics().elidedText(line, textElideMode(), width);
    return lines.join(QLatin1Char('\n'));
}

void ComparisonHeaderView::initStyleOptionForIndex(QStyleOptionHeader* option,
                                                   int logicalIndex) const {
    QHeaderView::initStyleOptionForIndex(option, logicalIndex);
    option->text = shownText(logicalIndex);
}
