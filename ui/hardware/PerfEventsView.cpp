// SPDX-License-Identifier: GPL-3.0-or-later
#include "PerfEventsView.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSignalBlocker>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

namespace {

// The picker's data for "all ranks".
constexpr int kAllRanks = -1;

} // namespace

PerfEventsView::PerfEventsView(QWidget* parent)
    : QWidget(parent), model_(new PerfEventsModel(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* row = new QHBoxLayout;
    auto* label = new QLabel(tr("&Ranks"), this);
    rank_ = new QComboBox(this);
    rank_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    label->setBuddy(rank_);
    row->addWidget(label);
    row->addWidget(rank_);
    row->addStretch();
    layout->addLayout(row);

    table_ = new QTableView(this);
    auto* proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(model_);
    proxy->setSortRole(PerfEventsModel::ValueRole);
    table_->setModel(proxy);
    table_->setSortingEnabled(true);
    table_->sortByColumn(-1, Qt::AscendingOrder); // file order until the user sorts
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    layout->addWidget(table_);

    connect(rank_, &QComboBox::currentIndexChanged, this, [this] {
        const int rank = rank_->currentData().toInt();
        model_->setRanks(rank == kAllRanks ? selection_
                                           : std::vector{static_cast<std::uint32_t>(rank)});
    });
}

bool PerfEventsView::hasData(const scope::ProfilingResults& results) {
    return !results.perfEvents.empty();
}

void PerfEventsView::setRun(std::shared_ptr<const scope::ProfilingResults> results) {
    selection_.clear();
    model_->setRun(std::move(results));
    const QSignalBlocker blocker(rank_);
    rank_->clear();
    const std::vector<std::uint32_t> ranks = model_->ranks();
    if (ranks.size() != 1)
        rank_->addItem(tr("All ranks, summed"), kAllRanks);
    for (std::uint32_t rank : ranks)
        rank_->addItem(tr("Rank %1").arg(rank), static_cast<int>(rank));
}

void PerfEventsView::setRanks(const std::vector<std::uint32_t>& ranks) {
    selection_ = ranks.size() > 1 ? ranks : std::vector<std::uint32_t>{};
    if (const int all = rank_->findData(kAllRanks); all >= 0)
        rank_->setItemText(all, selection_.empty() ? tr("All ranks, summed")
                                                   : tr("%n selected ranks, summed", "",
                                                        static_cast<int>(selection_.size())));
    {
        const QSignalBlocker blocker(rank_);
        const int at = ranks.size() == 1 ? rank_->findData(static_cast<int>(ranks.front()))
                                         : rank_->findData(kAllRanks);
        rank_->setCurrentIndex(std::max(at, 0));
    }
    model_->setRanks(ranks);
}
