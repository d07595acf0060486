// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>

#include <vector>

class QTableView;

// Keeps the columns of a comparison table within the table's width, so that
// with three or four runs no column (say "|Δ| max") is pushed off-screen at
// 1280×800. Numbers keep their full width; the region column and the run
// labels in the headers give way first (elided, full text in tooltips). Once
// the user drags a column edge, resizing the window leaves the widths alone
// until the table is filled again.
class ComparisonColumnFitter : public QObject {
    Q_OBJECT
public:
    explicit ComparisonColumnFitter(QTableView* table);

    void fit();

    // The widths for `available` pixels, given what each column's cells and
    // header would like (`cells`, `headers`; column 0 is the region). The
    // numbers are never cut; the region column takes what is left, at least
    // `minimumRegion`; a header may be cut down to `minimumHeader`.
    static std::vector<int> widths(int available, const std::vector<int>& cells,
                                   const std::vector<int>& headers, int minimumRegion,
                                   int minimumHeader);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QTableView* table_;
    // Compared by address only: the filter still sees events while the table
    // is being destroyed, when its scroll-area part is already gone.
    const QObject* viewport_;
    bool fitting_ = false;
    bool userSized_ = false;
};
