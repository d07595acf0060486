// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QTableView>

class HeaderColumnMenu;
class QLabel;
class RegionFilterProxy;

// The region table as a run shows it: sorted by total time, the region column
// taking the width the numbers leave, a header menu to hide columns and a
// message over the table when the filter leaves no region. Its own class so
// that RunView only wires it to the rest of the run.
class RegionTableView : public QTableView {
    Q_OBJECT
public:
    explicit RegionTableView(RegionFilterProxy* proxy, QWidget* parent = nullptr);

    // The filter as typed: the empty message names it.
    void setFilterPattern(const QString& pattern);
    HeaderColumnMenu* columnMenu() const { return columnMenu_; }
    QLabel* emptyMessage() const { return emptyMessage_; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void fitRegionColumn();
    void updateEmptyMessage();

    RegionFilterProxy* proxy_;
    QString pattern_;
    HeaderColumnMenu* columnMenu_;
    QLabel* emptyMessage_;
};
