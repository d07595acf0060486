// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHeaderView>

// The comparison tables' column headers: two short lines (a run's label, then
// "Δ" or "Δ %"), each line cut with "…" on its own when the column is narrow,
// so that "Δ %" stays readable under a long label. Qt cuts a header's text as
// one line and leaves two-line headers clipped at both sides.
class ComparisonHeaderView : public QHeaderView {
    Q_OBJECT
public:
    explicit ComparisonHeaderView(QWidget* parent = nullptr);

    // The text drawn for a section at its current width.
    QString shownText(int logicalIndex) const;

protected:
    void initStyleOptionForIndex(QStyleOptionHeader* option, int logicalIndex) const override;
};
