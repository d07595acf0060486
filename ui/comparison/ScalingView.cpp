// SPDX-License-Identifier: GPL-3.0-or-later
#include "ScalingView.h"

#include "ScalingEfficiencyChart.h"
#include "ScalingTableModel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSignalBlocker>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <stdexcept>

namespace {

QString axisName(const std::string& axis) {
    if (axis == "ranks")
        return ScalingView::tr("MPI ranks");
    if (axis == "threads")
        return ScalingView::tr("OpenMP threads");
    if (axis == "total_cores")
        return ScalingView::tr("Ranks × threads");
    return QString::fromStdString(axis);
}

} // namespace

ScalingView::ScalingView(QWidget* parent)
    : QWidget(parent), model_(new ScalingTableModel(this)),
      proxy_(new QSortFilterProxyModel(this)) {
    proxy_->setSourceModel(model_);
    proxy_->setSortRole(ScalingTableModel::SortRole);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    auto* controls = new QHBoxLayout;
    auto* axisLabel = new QLabel(tr("&Axis:"), this);
    axis_ = new QComboBox(this);
    axis_->setToolTip(tr("What the runs differ in: the x of the fits"));
    axisLabel->setBuddy(axis_);
    auto* modeLabel = new QLabel(tr("&Scaling:"), this);
    mode_ = new QComboBox(this);
    mode_->addItem(tr("Strong (same total work)"), static_cast<int>(scope::ScalingMode::Strong));
    mode_->addItem(tr("Weak (work grows with p)"), static_cast<int>(scope::ScalingMode::Weak));
    mode_->setToolTip(tr("The files do not say whether the work grew with the runs: "
                         "strong scaling fits Amdahl's law, weak scaling the growth per "
                         "doubling"));
    modeLabel->setBuddy(mode_);
    note_ = new QLabel(tr("Time per run: the slowest rank's total"), this);
    note_->setEnabled(false);
    controls->addWidget(axisLabel);
    controls->addWidget(axis_);
    controls->addSpacing(12);
    controls->addWidget(modeLabel);
    controls->addWidget(mode_);
    controls->addSpacing(12);
    controls->addWidget(note_);
    controls->addStretch(1);
    layout->addLayout(controls);

    stack_ = new QStackedWidget(this);
    message_ = new QLabel(stack_);
    message_->setAlignment(Qt::AlignCenter);
    message_->setWordWrap(true);
    message_->setEnabled(false);
    table_ = new QTableView(stack_);
    table_->setModel(proxy_);
    table_->setSortingEnabled(true);
    table_->sortByColumn(ScalingTableModel::SerialFraction, Qt::DescendingOrder);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setAlternatingRowColors(true);
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setStretchLastSection(false);
    chart_ = new ScalingEfficiencyChart(stack_);
    auto* split = new QSplitter(Qt::Vertical, stack_);
    split->addWidget(table_);
    split->addWidget(chart_);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    stack_->addWidget(message_);
    stack_->addWidget(split);
    layout->addWidget(stack_, 1);

    connect(axis_, &QComboBox::activated, this, [this] {
        wantedAxis_ = axis_->currentData().toString();
        recompute();
    });
    connect(mode_, &QComboBox::currentIndexChanged, this, &ScalingView::recompute);
    recompute();
}

void ScalingView::setRuns(std::vector<const scope::ProfilingResults*> runs, QStringList labels) {
    runs_ = std::move(runs);
    labels_ = std::move(labels);
    rebuildAxes();
    recompute();
}

QString ScalingView::message() const {
    return stack_->currentWidget() == message_ ? message_->text() : QString();
}

bool ScalingView::showsTable() const {
    return stack_->currentWidget() != message_;
}

void ScalingView::rebuildAxes() {
    const QSignalBlocker blocker(axis_);
    axis_->clear();
    for (const std::string& axis : scope::ScalingModel::availableAxes(runs_))
        axis_->addItem(axisName(axis), QString::fromStdString(axis));
    // The user's axis while the runs still differ in it, else the first.
    const int wanted = axis_->findData(wantedAxis_);
    axis_->setCurrentIndex(wanted >= 0 ? wanted : 0);
    axis_->setEnabled(axis_->count() > 1);
}

void ScalingView::showMessage(const QString& text) {
    model_->setStudy(std::nullopt);
    chart_->setStudy(nullptr);
    message_->setText(text);
    stack_->setCurrentWidget(message_);
}

void ScalingView::recompute() {
    const QString needs = tr("Scaling needs three or more runs that differ in ranks, threads or "
                             "a numeric metadata field.");
    if (axis_->count() == 0) {
        showMessage(needs);
        return;
    }
    scope::ScalingOptions options;
    options.axis = axis_->currentData().toString().toStdString();
    options.mode = static_cast<scope::ScalingMode>(mode_->currentData().toInt());
    try {
        scope::ScalingStudy study = scope::ScalingModel::compute(runs_, options);
        if (study.regions.empty()) {
            showMessage(tr("No region has calls in every run."));
            return;
        }
        QStringList labels;
        for (const scope::ScalingRun& run : study.runs)
            labels << labels_.value(static_cast<int>(run.input));
        model_->setStudy(std::move(study), labels);
        chart_->setStudy(&*model_->study());
        // Amdahl's law is for strong scaling, the growth per doubling what
        // weak scaling asks; the exponent shows both.
        const bool strong = options.mode == scope::ScalingMode::Strong;
        for (const int column : {ScalingTableModel::SerialFraction, ScalingTableModel::T1,
                                 ScalingTableModel::R2Amdahl})
            table_->setColumnHidden(column, !strong);
        table_->setColumnHidden(ScalingTableModel::Growth, strong);
        stack_->setCurrentIndex(1);
    } catch (const std::invalid_argument& error) {
        showMessage(needs + QLatin1Char('\n') + QString::fromUtf8(error.what()));
    }
}
