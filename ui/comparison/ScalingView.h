// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "compare/ScalingModel.h"

#include <QStringList>
#include <QWidget>

#include <vector>

class QComboBox;
class QLabel;
class QSortFilterProxyModel;
class QStackedWidget;
class QTableView;
class ScalingEfficiencyChart;
class ScalingTableModel;

// The comparison tab's Scaling page: per region of three or more runs along
// an axis (ranks, threads or a numeric metadata field) the scaling models of
// ScalingModel, as a sortable table; a message in its place while the runs
// make no scaling study.
class ScalingView : public QWidget {
    Q_OBJECT
public:
    explicit ScalingView(QWidget* parent = nullptr);

    // The runs in the comparison's order, with their labels.
    void setRuns(std::vector<const scope::ProfilingResults*> runs, QStringList labels);

    // For tests.
    QComboBox* axisCombo() const { return axis_; }
    QComboBox* modeCombo() const { return mode_; }
    QTableView* table() const { return table_; }
    ScalingTableModel* model() const { return model_; }
    QSortFilterProxyModel* proxy() const { return proxy_; }
    ScalingEfficiencyChart* chart() const { return chart_; }
    // The text shown in place of the table; "" while the table shows.
    QString message() const;
    bool showsTable() const;

private:
    void rebuildAxes();
    void recompute();
    void showMessage(const QString& text);

    std::vector<const scope::ProfilingResults*> runs_;
    QStringList labels_;
    QString wantedAxis_;
    QComboBox* axis_ = nullptr;
    QComboBox* mode_ = nullptr;
    QLabel* note_ = nullptr;
    QStackedWidget* stack_ = nullptr;
    QLabel* message_ = nullptr;
    QTableView* table_ = nullptr;
    ScalingTableModel* model_ = nullptr;
    ScalingEfficiencyChart* chart_ = nullptr;
    QSortFilterProxyModel* proxy_ = nullptr;
};
