// SPDX-License-Identifier: GPL-3.0-or-later
#include "LikwidView.h"

#include "LikwidBarChart.h"
#include "RooflineChart.h"
#include "analysis/Roofline.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QScopedValueRollback>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace {

QComboBox* addPicker(QHBoxLayout* row, const QString& label, QWidget* parent) {
    auto* text = new QLabel(label, parent);
    auto* combo = new QComboBox(parent);
    combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    text->setBuddy(combo);
    row->addWidget(text);
    row->addWidget(combo);
    return combo;
}

} // namespace

LikwidView::LikwidView(QWidget* parent) : QWidget(parent), model_(new LikwidModel(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* pickers = new QHBoxLayout;
    rank_ = addPicker(pickers, tr("&Rank"), this);
    group_ = addPicker(pickers, tr("&Group"), this);
    region_ = addPicker(pickers, tr("R&egion"), this);
    pickers->addStretch();
    layout->addLayout(pickers);

    tabs_ = new QTabWidget(this);
    tabs_->setDocumentMode(true);
    layout->addWidget(tabs_);

    auto* tablePage = new QWidget(tabs_);
    auto* tableLayout = new QVBoxLayout(tablePage);
    auto* tableRow = new QHBoxLayout;
    values_ = addPicker(tableRow, tr("&Show"), tablePage);
    values_->addItem(tr("Derived metrics"));
    values_->addItem(tr("Raw events"));
    tableRow->addStretch();
    tableLayout->addLayout(tableRow);
    table_ = new QTableView(tablePage);
    auto* proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(model_);
    proxy->setSortRole(LikwidModel::ValueRole);
    table_->setModel(proxy);
    table_->setSortingEnabled(true);
    table_->sortByColumn(-1, Qt::AscendingOrder); // file order until the user sorts
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    tableLayout->addWidget(table_);
    tabs_->addTab(tablePage, tr("Table"));

    auto* barPage = new QWidget(tabs_);
    auto* barLayout = new QVBoxLayout(barPage);
    auto* barRow = new QHBoxLayout;
    quantity_ = addPicker(barRow, tr("&Metric"), barPage);
    across_ = addPicker(barRow, tr("&Across"), barPage);
    across_->addItem(tr("Regions of the group"));
    across_->addItem(tr("Threads of the region"));
    combine_ = addPicker(barRow, tr("&Threads"), barPage);
    combine_->addItem(tr("Summed"));
    combine_->addItem(tr("Averaged"));
    combine_->setToolTip(tr("How a region's hardware threads become one bar: rates such as "
                            "MFLOP/s add up, ratios such as CPI are averaged"));
    barRow->addStretch();
    barLayout->addLayout(barRow);
    // The chart keeps a readable height in a short pane and scrolls there,
    // rather than making the whole window taller than the screen.
    auto* scroll = new QScrollArea(barPage);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    bars_ = new LikwidBarChart(scroll);
    scroll->setWidget(bars_);
    barLayout->addWidget(scroll);
    barsTab_ = tabs_->addTab(barPage, tr("Bar chart"));

    roofline_ = new RooflineChart(tabs_);
    rooflineTab_ = tabs_->addTab(roofline_, tr("Roofline"));
    tabs_->setTabVisible(rooflineTab_, false);

    connect(rank_, &QComboBox::currentIndexChanged, this, &LikwidView::fillGroups);
    connect(group_, &QComboBox::currentIndexChanged, this, &LikwidView::fillRegions);
    connect(region_, &QComboBox::currentIndexChanged, this, &LikwidView::regionChanged);
    connect(values_, &QComboBox::currentIndexChanged, this, [this](int index) {
        const auto values = index == 1 ? LikwidModel::Values::Events : LikwidModel::Values::Metrics;
        if (!choosingValues_)
            chosenValues_ = values;
        model_->setValues(values);
    });
    connect(quantity_, &QComboBox::currentIndexChanged, this, &LikwidView::updateBars);
    connect(across_, &QComboBox::currentIndexChanged, this, &LikwidView::updateBars);
    connect(combine_, &QComboBox::currentIndexChanged, this, &LikwidView::updateBars);
}

bool LikwidView::hasData(const scope::ProfilingResults& results) {
    return !results.likwid.empty();
}

void LikwidView::setRun(std::shared_ptr<const scope::ProfilingResults> results) {
    results_ = std::move(results);
    model_->setRun(results_);
    {
        const QSignalBlocker blocker(rank_);
        rank_->clear();
        for (std::uint32_t rank : model_->ranks())
            rank_->addItem(QString::number(rank), rank);
    }
    fillGroups();
}

void LikwidView::setRegion(int region) {
    if (!results_ || region < 0 || region >= static_cast<int>(results_->likwid.size()))
        return;
    const scope::LikwidRegion& r = results_->likwid[static_cast<std::size_t>(region)];
    rank_->setCurrentIndex(rank_->findData(r.rank));
    group_->setCurrentIndex(group_->findData(QString::fromStdString(r.groupName)));
    region_->setCurrentIndex(region_->findData(region));
}

void LikwidView::setValues(LikwidModel::Values values) {
    values_->setCurrentIndex(values == LikwidModel::Values::Events ? 1 : 0);
}

void LikwidView::setBarQuantity(const QString& quantity) {
    quantity_->setCurrentIndex(quantity_->findText(quantity));
}

void LikwidView::setBarAcross(Across across) {
    across_->setCurrentIndex(across == Across::Threads ? 1 : 0);
}

void LikwidView::setBarCombine(LikwidModel::Combine combine) {
    combine_->setCurrentIndex(combine == LikwidModel::Combine::Mean ? 1 : 0);
}

bool LikwidView::rooflineAvailable() const {
    return tabs_->isTabVisible(rooflineTab_);
}

QCustomPlot* LikwidView::plot() const {
    return tabs_->currentIndex() == rooflineTab_ ? roofline_->plot() : bars_->plot();
}

void LikwidView::showChart(int chart) {
    tabs_->setCurrentIndex(chart == 1 && rooflineAvailable() ? rooflineTab_
                           : chart == 0                      ? barsTab_
                                                             : 0);
}

std::uint32_t LikwidView::rank() const {
    return rank_->currentData().toUInt();
}

QString LikwidView::group() const {
    return group_->currentData().toString();
}

void LikwidView::fillGroups() {
    {
        const QSignalBlocker blocker(group_);
        group_->clear();
        if (rank_->currentIndex() >= 0)
            for (const QString& group : model_->groups(rank()))
                // marker_file reads do not always know the group.
                group_->addItem(group.isEmpty() ? tr("(unknown)") : group, group);
    }
    fillRegions();
}

void LikwidView::fillRegions() {
    {
        const QSignalBlocker blocker(region_);
        region_->clear();
        if (group_->currentIndex() >= 0)
            for (int index : model_->regions(rank(), group()))
                region_->addItem(
                    QString::fromStdString(results_->likwid[static_cast<std::size_t>(index)].tag),
                    index);
    }
    updateRoofline();
    regionChanged();
}

void LikwidView::regionChanged() {
    const int region = region_->currentIndex() >= 0 ? region_->currentData().toInt() : -1;
    model_->setRegion(region);
    // A region whose group derived no metrics (a marker file's) would show an
    // empty table: its raw events then, and the user's choice again after it.
    const bool noMetrics = results_ && region >= 0 &&
                           results_->likwid[static_cast<std::size_t>(region)].metricNames.empty();
    {
        const QScopedValueRollback<bool> guard(choosingValues_, true);
        setValues(noMetrics ? LikwidModel::Values::Events : chosenValues_);
    }
    const QString quantity = quantity_->currentText();
    {
        const QSignalBlocker blocker(quantity_);
        quantity_->clear();
        quantity_->addItems(model_->quantities(region));
        // Keep the metric when the next region measures it too.
        quantity_->setCurrentIndex(std::max(0, quantity_->findText(quantity)));
    }
    across_->setItemText(1, region_->currentIndex() >= 0
                                ? tr("Threads of %1").arg(region_->currentText())
                                : tr("Threads of the region"));
    updateBars();
}

void LikwidView::updateBars() {
    const QString quantity = quantity_->currentText();
    const bool threads = across_->currentIndex() == 1;
    combine_->setEnabled(!threads);
    if (quantity.isEmpty() || region_->currentIndex() < 0) {
        bars_->setBars({}, tr("No LIKWID metric"), QString(), false);
        return;
    }
    if (threads) {
        bars_->setBars(model_->acrossThreads(model_->region(), quantity),
                       tr("%1 per hardware thread of %2").arg(quantity, region_->currentText()),
                       quantity, false);
        return;
    }
    const auto combine =
        combine_->currentIndex() == 1 ? LikwidModel::Combine::Mean : LikwidModel::Combine::Sum;
    const QString how = combine == LikwidModel::Combine::Sum ? tr("summed over hardware threads")
                                                             : tr("mean of hardware threads");
    bars_->setBars(model_->acrossRegions(rank(), group(), quantity, combine),
                   tr("%1 per region, rank %2").arg(quantity).arg(rank()),
                   tr("%1, %2").arg(quantity, how), true);
}

void LikwidView::updateRoofline() {
    const bool available = results_ && group_->currentIndex() >= 0 && [&] {
        for (int index : model_->regions(rank(), group()))
            if (scope::hasRoofline(results_->likwid[static_cast<std::size_t>(index)]))
                return true;
        return false;
    }();
    tabs_->setTabVisible(rooflineTab_, available);
    if (!available) {
        roofline_->setRoofline({}, QString());
        return;
    }
    roofline_->setRoofline(scope::computeRoofline(results_->likwid, rank(), group().toStdString()),
                           tr("Roofline of group %1, rank %2").arg(group()).arg(rank()));
}
