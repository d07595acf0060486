// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QTableView>

class HeaderColumnMenu;
class QLabel;
class RegionFilterProxy;

// The region table as a run shows it: sorted by total time, the region column
// taking the width the numbers leave (yet never less than a readable minimum:
// the numbers give way first), a header menu to hide columns and a message
// over the table when the filter leaves no region or the run has none. Its own
// class so that RunView only wires it to the rest of the run.
class RegionTableView : public QTableView {
    Q_OBJECT
public:
    explicit RegionTableView(RegionFilterProxy* proxy, QWidget* parent = nullptr);

    // The filter as typed: the empty message names it.
    void setFilterPattern(const QString& pattern);
    HeaderColumnMenu* columnMenu() const { return columnMenu_; }
    QLabel* emptyMessage() const { return emptyMessage_; }
    // The width below which the region column does not go: the longest name
    // or about 24 characters, whichever is less, with the colour swatch.
    int regionMinimum();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void fitRegionColumn();
    void scheduleFit();
    void updateEmptyMessage();

    RegionFilterProxy* proxy_;
    QString pattern_;
    HeaderColumnMenu* columnMenu_;
    QLabel* emptyMessage_;
    int longestName_ = -1; // the widest name's cell width, -1 until measured
    int nameChars_ = 0;    // the widest name's text width
    bool fitting_ = false;
    bool fitScheduled_ = false;
};
