// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/ChartContextMenu.h"

#include <QWidget>

class ComparisonBarChart;
class ComparisonFilterProxy;
class ComparisonSet;
class ComparisonTableModel;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QGroupBox;
class QLabel;
class QListWidget;
class QPushButton;
class QSplitter;
class QStackedWidget;
class QTabWidget;
class QTableView;
class SpeedupChart;
class WhatChangedPanel;

// The comparison of all open runs: the list of runs (reorder, rename, remove,
// pick the baseline), what changed (WhatChangedPanel) above the table of each
// region's value per run and its change against the baseline, the grouped bar
// chart and the speedup chart. It shows a ComparisonSet and edits it;
// whoever owns the set adds the runs.
class ComparisonView : public QWidget {
    Q_OBJECT
public:
    enum Chart { Bars, Speedup };
    Q_ENUM(Chart)
    enum Page { TablePage, BarsPage, SpeedupPage };

    explicit ComparisonView(ComparisonSet* set, QWidget* parent = nullptr);

    ComparisonSet* set() const { return set_; }
    void setMetric(int metric); // a scope::ComparisonMetric
    void setMinimumPercent(double percent);
    void showPage(Page page);
    // The chart on the visible page, else the bar chart (what File ▸ Export copies).
    Chart currentChart() const;

    // For tests and exporters.
    ComparisonTableModel* tableModel() const { return model_; }
    ComparisonFilterProxy* commonProxy() const { return common_; }
    ComparisonFilterProxy* partialProxy() const { return partial_; }
    QTableView* commonTable() const { return commonTable_; }
    QTableView* partialTable() const { return partialTable_; }
    // The text shown in place of the common table when it has no row to
    // show (no region in every run, or none above the threshold); "" else.
    QString commonMessage() const;
    QCheckBox* logScaleBox() const { return logScale_; }
    QListWidget* runList() const { return runs_; }
    QComboBox* baselineCombo() const { return baseline_; }
    QComboBox* metricCombo() const { return metric_; }
    QDoubleSpinBox* thresholdBox() const { return threshold_; }
    ComparisonBarChart* barChart() const { return bars_; }
    SpeedupChart* speedupChart() const { return speedup_; }
    WhatChangedPanel* whatChangedPanel() const { return whatChanged_; }
    ChartContextMenu* chartMenu(Chart chart) const {
        return chart == Bars ? barsMenu_ : speedupMenu_;
    }

signals:
    void chartActionRequested(ComparisonView::Chart chart, ChartContextMenu::Action action);
    // The user asked for a run's own tab (double click in the run list).
    void runActivated(const QString& path);

private:
    QWidget* buildRunPanel();
    QWidget* buildTablePage();
    QWidget* buildBarsPage();
    void onSetChanged();
    void rebuildRunList();
    void recomputeTable();
    void updateCommonMessage();
    void updateButtons();
    int selectedRun() const;
    // Selects the region's row in whichever table shows it.
    void selectRegion(const QString& region);

    ComparisonSet* set_;
    ComparisonTableModel* model_;
    ComparisonFilterProxy* common_;
    ComparisonFilterProxy* partial_;
    QLabel* hint_ = nullptr;
    QListWidget* runs_ = nullptr;
    QPushButton* up_ = nullptr;
    QPushButton* down_ = nullptr;
    QPushButton* rename_ = nullptr;
    QPushButton* remove_ = nullptr;
    QComboBox* baseline_ = nullptr;
    QComboBox* metric_ = nullptr;
    QDoubleSpinBox* threshold_ = nullptr;
    QTableView* commonTable_ = nullptr;
    QStackedWidget* commonStack_ = nullptr;
    QLabel* commonMessage_ = nullptr;
    QTableView* partialTable_ = nullptr;
    QGroupBox* partialBox_ = nullptr;
    QSplitter* tableSplit_ = nullptr;
    QTabWidget* pages_ = nullptr;
    QComboBox* barMetric_ = nullptr;
    QCheckBox* logScale_ = nullptr;
    ComparisonBarChart* bars_ = nullptr;
    SpeedupChart* speedup_ = nullptr;
    WhatChangedPanel* whatChanged_ = nullptr;
    ChartContextMenu* barsMenu_ = nullptr;
    ChartContextMenu* speedupMenu_ = nullptr;
};
