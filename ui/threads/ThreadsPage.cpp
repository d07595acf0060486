// SPDX-License-Identifier: GPL-3.0-or-later
#include "ThreadsPage.h"

#include "TaskTableModel.h"
#include "ThreadTableModel.h"
#include "analysis/ThreadSummary.h"
#include "common/RunContext.h"
#include "common/RunData.h"

#include <QCoreApplication>
#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <exception>

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("ThreadsPage", text);
}

QTableView* makeTable(QSortFilterProxyModel* proxy, int sortRole, QWidget* parent) {
    auto* view = new QTableView(parent);
    proxy->setSortRole(sortRole);
    view->setModel(proxy);
    view->setSortingEnabled(true);
    view->sortByColumn(0, Qt::AscendingOrder);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setAlternatingRowColors(true);
    view->setTabKeyNavigation(false);
    view->setWordWrap(false);
    view->verticalHeader()->hide();
    view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    view->horizontalHeader()->setStretchLastSection(true);
    return view;
}

} // namespace

AnalysisPage::Description ThreadsPage::describe() {
    return {QStringLiteral("threads"), tr("Threads"),
            tr("The run's threads and tasks: wall, CPU and region time, running and awaiting"),
            Placement::Bottom, std::nullopt};
}

ThreadsPage::ThreadsPage(QWidget* parent)
    : AnalysisPage(describe()), widget_(new QWidget(parent)),
      threads_(new ThreadTableModel(widget_)), tasks_(new TaskTableModel(widget_)),
      threadProxy_(new QSortFilterProxyModel(widget_)),
      taskProxy_(new QSortFilterProxyModel(widget_)) {
    threadProxy_->setSourceModel(threads_);
    taskProxy_->setSourceModel(tasks_);
    auto* splitter = new QSplitter(Qt::Vertical, widget_);
    threadView_ = makeTable(threadProxy_, ThreadTableModel::SortRole, splitter);
    threadView_->setAccessibleName(tr("Threads"));
    auto* taskPane = new QWidget(splitter);
    auto* taskLayout = new QVBoxLayout(taskPane);
    taskLayout->setContentsMargins(0, 0, 0, 0);
    taskTitle_ = new QLabel(tr("Tasks"), taskPane);
    taskView_ = makeTable(taskProxy_, TaskTableModel::SortRole, taskPane);
    taskView_->setAccessibleName(tr("Tasks"));
    taskLayout->addWidget(taskTitle_);
    taskLayout->addWidget(taskView_);
    splitter->addWidget(threadView_);
    splitter->addWidget(taskPane);
    auto* layout = new QVBoxLayout(widget_);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);
}

bool ThreadsPage::shownFor(const RunData& run) const {
    return run.results && !run.results->threads.empty();
}

void ThreadsPage::bind(RunContext* context) {
    context_ = context;
    QObject::connect(context, &RunContext::runChanged, widget_, [this] { recompute(); });
    QObject::connect(context, &RunContext::ranksChanged, widget_, [this] { recompute(); });
}

void ThreadsPage::recompute() {
    const auto results = context_->results();
    scope::ThreadSummary summary;
    if (results && !results->threads.empty()) {
        try {
            summary = scope::ThreadSummary::build(*results, context_->ranks());
        } catch (const std::exception&) {
            // Calls that do not nest on their lane: the tables still say what
            // the file's thread and task tables hold.
            scope::ProfilingResults tablesOnly;
            tablesOnly.threads = results->threads;
            tablesOnly.tasks = results->tasks;
            summary = scope::ThreadSummary::build(tablesOnly, context_->ranks());
        }
    }
    threads_->setRows({summary.threads().begin(), summary.threads().end()});
    tasks_->setRows({summary.tasks().begin(), summary.tasks().end()});
    const bool withTasks = results && !results->tasks.empty();
    taskTitle_->parentWidget()->setVisible(withTasks);
}
