// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/AnalysisPage.h"

class QLabel;
class QSortFilterProxyModel;
class QTableView;
class QWidget;
class RunContext;
class TaskTableModel;
class ThreadTableModel;

// The threads and asyncio tasks of a run that tracked them (thread_table,
// task_table), below the region table: per thread its wall, CPU and region
// time, per task its running and awaiting time. Two tables, the tasks one only
// for runs with tasks.
class ThreadsPage : public AnalysisPage {
public:
    explicit ThreadsPage(QWidget* parent);

    static Description describe();
    QWidget* widget() override { return widget_; }
    void bind(RunContext* context) override;
    bool shownFor(const RunData& run) const override;

    ThreadTableModel* threadModel() const { return threads_; }
    TaskTableModel* taskModel() const { return tasks_; }
    QTableView* threadView() const { return threadView_; }
    QTableView* taskView() const { return taskView_; }

private:
    void recompute();

    QWidget* widget_;
    ThreadTableModel* threads_;
    TaskTableModel* tasks_;
    QSortFilterProxyModel* threadProxy_;
    QSortFilterProxyModel* taskProxy_;
    QTableView* threadView_;
    QLabel* taskTitle_;
    QTableView* taskView_;
    RunContext* context_ = nullptr;
};
