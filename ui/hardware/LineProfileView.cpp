// SPDX-License-Identifier: GPL-3.0-or-later
#include "LineProfileView.h"

#include "base/DurationFormat.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

LineProfileView::LineProfileView(QWidget* parent)
    : QWidget(parent), model_(new LineProfileModel(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* row = new QHBoxLayout;
    auto* label = new QLabel(tr("&Function"), this);
    function_ = new QComboBox(this);
    function_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    label->setBuddy(function_);
    summary_ = new QLabel(this);
    row->addWidget(label);
    row->addWidget(function_);
    row->addWidget(summary_);
    row->addStretch();
    layout->addLayout(row);

    table_ = new QTableView(this);
    auto* proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(model_);
    proxy->setSortRole(LineProfileModel::ValueRole);
    table_->setModel(proxy);
    table_->setSortingEnabled(true);
    table_->sortByColumn(LineProfileModel::Line, Qt::AscendingOrder);
    table_->verticalHeader()->hide();
    table_->setShowGrid(false);
    table_->setWordWrap(false);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setStretchLastSection(true);
    layout->addWidget(table_);

    connect(function_, &QComboBox::currentIndexChanged, this, &LineProfileView::profileChanged);
}

bool LineProfileView::hasData(const scope::ProfilingResults& results) {
    return !results.lineProfiles.empty();
}

void LineProfileView::setRun(std::shared_ptr<const scope::ProfilingResults> results) {
    model_->setRun(results);
    const QSignalBlocker blocker(function_);
    function_->clear();
    if (results)
        for (std::size_t i = 0; i < results->lineProfiles.size(); ++i)
            function_->addItem(model_->label(static_cast<int>(i)));
    function_->setCurrentIndex(function_->count() > 0 ? 0 : -1);
    profileChanged();
}

void LineProfileView::setProfile(int profile) {
    function_->setCurrentIndex(profile);
}

void LineProfileView::profileChanged() {
    model_->setProfile(function_->currentIndex());
    summary_->setText(
        model_->profile() < 0
            ? QString()
            : tr("%1 in the function")
                  .arg(QString::fromStdString(scope::formatDuration(model_->totalSeconds()))));
}
