// SPDX-License-Identifier: GPL-3.0-or-later
#include "ComparisonView.h"

#include "ComparisonBarChart.h"
#include "ComparisonColumnFitter.h"
#include "ComparisonFilterProxy.h"
#include "ComparisonHeaderView.h"
#include "ComparisonSet.h"
#include "ComparisonTableModel.h"
#include "ScalingView.h"
#include "SpeedupChart.h"
#include "WhatChangedPanel.h"
#include "compare/RunComparison.h"
#include "compare/WhatChanged.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPainter>
#include <QPixmap>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>

namespace {

using scope::ComparisonMetric;

const std::pair<ComparisonMetric, const char*> kMetrics[] = {
    {ComparisonMetric::Total, QT_TRANSLATE_NOOP("ComparisonView", "Total")},
    {ComparisonMetric::Average, QT_TRANSLATE_NOOP("ComparisonView", "Average")},
    {ComparisonMetric::Min, QT_TRANSLATE_NOOP("ComparisonView", "Min")},
    {ComparisonMetric::Max, QT_TRANSLATE_NOOP("ComparisonView", "Max")},
    {ComparisonMetric::Calls, QT_TRANSLATE_NOOP("ComparisonView", "Calls")},
    {ComparisonMetric::RankMean, QT_TRANSLATE_NOOP("ComparisonView", "Total per rank")},
    {ComparisonMetric::SlowestRank, QT_TRANSLATE_NOOP("ComparisonView", "Slowest rank's total")}};

QString metricToolTip(ComparisonMetric metric) {
    switch (metric) {
    case ComparisonMetric::Total:
        return ComparisonView::tr("The time of all calls, summed over the selected ranks: it "
                                  "grows with the number of ranks.");
    case ComparisonMetric::Average:
        return ComparisonView::tr("The mean duration of one call, over all ranks.");
    case ComparisonMetric::Min:
        return ComparisonView::tr("The shortest call, over all ranks.");
    case ComparisonMetric::Max:
        return ComparisonView::tr("The longest call, over all ranks.");
    case ComparisonMetric::Calls:
        return ComparisonView::tr("The number of calls, summed over the ranks.");
    case ComparisonMetric::RankMean:
        return ComparisonView::tr("The total divided by the number of selected ranks (ranks "
                                  "without calls count 0): comparable across rank counts.");
    case ComparisonMetric::SlowestRank:
        return ComparisonView::tr("The largest total of any one rank: the time the others "
                                  "wait for. The default when the runs have different rank "
                                  "counts.");
    }
    return {};
}

// Set on the statistic combo once the user (or setMetric) picked one: the
// default no longer follows the runs.
constexpr const char* kMetricChosen = "metricChosen";

QTableView* makeTable(QAbstractItemModel* model, QWidget* parent) {
    auto* table = new QTableView(parent);
    table->setHorizontalHeader(new ComparisonHeaderView(table));
    table->setModel(model);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setAlternatingRowColors(true);
    table->verticalHeader()->hide();
    table->horizontalHeader()->setStretchLastSection(false);
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    // Unsorted at first: regions in the baseline's order, as scope-report prints them.
    table->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    table->setSortingEnabled(true);
    new ComparisonColumnFitter(table);
    return table;
}

// The run's colour beside its name: coloured text on white is hard to read
// (orange is 2.2:1), so the name keeps the palette's text colour.
QIcon swatch(const QColor& colour) {
    QPixmap pixmap(16, 16);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setPen(QPen(colour.darker(150), 1));
    painter.setBrush(colour);
    painter.drawRect(2, 2, 11, 11);
    return QIcon(pixmap);
}

} // namespace

ComparisonView::ComparisonView(ComparisonSet* set, QWidget* parent)
    : QWidget(parent), set_(set), model_(new ComparisonTableModel(this)),
      common_(new ComparisonFilterProxy(ComparisonFilterProxy::Regions::InAllRuns, this)),
      partial_(new ComparisonFilterProxy(ComparisonFilterProxy::Regions::NotInAllRuns, this)) {
    common_->setSourceModel(model_);
    partial_->setSourceModel(model_);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    hint_ = new QLabel(this);
    hint_->setWordWrap(true);
    layout->addWidget(hint_);
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(buildRunPanel());
    pages_ = new QTabWidget(splitter);
    pages_->addTab(buildTablePage(), tr("Table"));
    pages_->addTab(buildBarsPage(), tr("Durations"));
    speedup_ = new SpeedupChart(pages_);
    pages_->addTab(speedup_, tr("Speedup"));
    auto* scaling = new ScalingView(pages_);
    pages_->addTab(scaling, tr("Scaling"));
    const auto updateScaling = [this, scaling] {
        scaling->setRuns(set_->results(), set_->labels());
    };
    connect(set_, &ComparisonSet::changed, scaling, updateScaling);
    updateScaling();
    splitter->addWidget(pages_);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({260, 1000});
    layout->addWidget(splitter, 1);

    barsMenu_ = new ChartContextMenu(bars_->plot());
    speedupMenu_ = new ChartContextMenu(speedup_->plot());
    connect(barsMenu_, &ChartContextMenu::triggered, this,
            [this](ChartContextMenu::Action action) { emit chartActionRequested(Bars, action); });
    connect(
        speedupMenu_, &ChartContextMenu::triggered, this,
        [this](ChartContextMenu::Action action) { emit chartActionRequested(Speedup, action); });
    connect(whatChanged_, &WhatChangedPanel::regionActivated, this, &ComparisonView::selectRegion);
    connect(whatChanged_, &WhatChangedPanel::reportsChanged, this,
            [this](const std::vector<std::optional<scope::DiffReport>>& perRun) {
                model_->setReports(perRun);
                bars_->setReports(perRun);
            });
    // A change within the minimum |change| is no change; below 1 % (the
    // table's default of 0 shows everything) noise of large runs is significant
    // without mattering.
    const auto followThreshold = [this](double percent) {
        whatChanged_->setThresholdPercent(std::max(percent, 1.0));
    };
    connect(threshold_, &QDoubleSpinBox::valueChanged, this, followThreshold);
    followThreshold(threshold_->value());
    connect(set_, &ComparisonSet::changed, this, &ComparisonView::onSetChanged);
    onSetChanged();
}

QWidget* ComparisonView::buildRunPanel() {
    auto* box = new QGroupBox(tr("Runs"), this);
    auto* layout = new QVBoxLayout(box);
    runs_ = new QListWidget(box);
    runs_->setToolTip(tr("Double-click a run to open its own tab; F2 renames it."));
    runs_->setEditTriggers(QAbstractItemView::EditKeyPressed | QAbstractItemView::SelectedClicked);
    layout->addWidget(runs_, 1);
    auto* buttons = new QGridLayout;
    up_ = new QPushButton(tr("Move &Up"), box);
    down_ = new QPushButton(tr("Move &Down"), box);
    rename_ = new QPushButton(tr("Re&name"), box);
    remove_ = new QPushButton(tr("&Remove"), box);
    remove_->setToolTip(tr("Leave the run out of the comparison; its own tab stays open."));
    buttons->addWidget(up_, 0, 0);
    buttons->addWidget(down_, 0, 1);
    buttons->addWidget(rename_, 1, 0);
    buttons->addWidget(remove_, 1, 1);
    layout->addLayout(buttons);
    auto* baselineRow = new QHBoxLayout;
    baseline_ = new QComboBox(box);
    baseline_->setToolTip(tr("Changes are measured against this run."));
    auto* baselineLabel = new QLabel(tr("&Baseline:"), box);
    baselineLabel->setBuddy(baseline_);
    baselineRow->addWidget(baselineLabel);
    baselineRow->addWidget(baseline_, 1);
    layout->addLayout(baselineRow);

    connect(runs_, &QListWidget::currentRowChanged, this, &ComparisonView::updateButtons);
    connect(runs_, &QListWidget::itemChanged, this,
            [this](QListWidgetItem* item) { set_->rename(runs_->row(item), item->text()); });
    connect(runs_, &QListWidget::itemDoubleClicked, this, [this](QListWidgetItem* item) {
        const int run = runs_->row(item);
        if (run >= 0 && run < set_->count())
            emit runActivated(set_->run(run).data->path);
    });
    connect(up_, &QPushButton::clicked, this, [this] {
        const int run = selectedRun();
        set_->move(run, run - 1);
        runs_->setCurrentRow(run - 1);
    });
    connect(down_, &QPushButton::clicked, this, [this] {
        const int run = selectedRun();
        set_->move(run, run + 1);
        runs_->setCurrentRow(run + 1);
    });
    connect(rename_, &QPushButton::clicked, this, [this] {
        if (QListWidgetItem* item = runs_->currentItem())
            runs_->editItem(item);
    });
    connect(remove_, &QPushButton::clicked, this, [this] { set_->remove(selectedRun()); });
    connect(baseline_, &QComboBox::activated, this,
            [this](int index) { set_->setBaseline(index); });
    return box;
}

QWidget* ComparisonView::buildTablePage() {
    auto* page = new QWidget(this);
    auto* layout = new QVBoxLayout(page);
    auto* controls = new QHBoxLayout;
    metric_ = new QComboBox(page);
    for (const auto& [metric, name] : kMetrics) {
        metric_->addItem(tr(name), static_cast<int>(metric));
        metric_->setItemData(metric_->count() - 1, metricToolTip(metric), Qt::ToolTipRole);
    }
    metric_->setToolTip(tr("The statistic compared: total time, average, min or max call "
                           "duration over all ranks, the number of calls, the total per "
                           "rank or the slowest rank's total."));
    connect(metric_, &QComboBox::activated, this,
            [this] { metric_->setProperty(kMetricChosen, true); });
    auto* metricLabel = new QLabel(tr("&Statistic:"), page);
    metricLabel->setBuddy(metric_);
    threshold_ = new QDoubleSpinBox(page);
    threshold_->setRange(0.0, 10000.0);
    threshold_->setDecimals(1);
    threshold_->setSingleStep(5.0);
    threshold_->setSuffix(tr(" %"));
    threshold_->setToolTip(tr("Hide regions whose change is smaller than this in every run. "
                              "Regions without a percentage (no baseline value) stay."));
    auto* thresholdLabel = new QLabel(tr("Minimum |&change|:"), page);
    thresholdLabel->setBuddy(threshold_);
    controls->addWidget(metricLabel);
    controls->addWidget(metric_);
    controls->addSpacing(16);
    controls->addWidget(thresholdLabel);
    controls->addWidget(threshold_);
    auto* changedOnly = new QCheckBox(tr("C&hanged only"), page);
    changedOnly->setToolTip(tr("Show only the regions that really changed (slower or faster "
                               "beyond noise), new or removed. All regions stay while the "
                               "significance is being computed."));
    controls->addSpacing(16);
    controls->addWidget(changedOnly);
    controls->addStretch(1);
    layout->addLayout(controls);
    connect(changedOnly, &QCheckBox::toggled, this, [this](bool on) {
        common_->setChangedOnly(on);
        partial_->setChangedOnly(on);
        updateCommonMessage();
    });
    // Reports arriving may leave "changed only" with nothing to show.
    connect(model_, &QAbstractItemModel::modelReset, this, [this] {
        if (commonStack_)
            updateCommonMessage();
    });

    // Made before the tables, so that Tab reaches it first, as it is shown.
    whatChanged_ = new WhatChangedPanel(set_, page);
    commonTable_ = makeTable(common_, page);
    tableSplit_ = new QSplitter(Qt::Vertical, page);
    auto* split = tableSplit_;
    // An empty table says nothing; the message in its place says why.
    commonStack_ = new QStackedWidget(split);
    commonStack_->addWidget(commonTable_);
    commonMessage_ = new QLabel(commonStack_);
    commonMessage_->setAlignment(Qt::AlignCenter);
    commonMessage_->setWordWrap(true);
    commonMessage_->setMargin(12);
    commonStack_->addWidget(commonMessage_);
    split->addWidget(commonStack_);
    partialBox_ = new QGroupBox(tr("Not in every run"), page);
    auto* partialLayout = new QVBoxLayout(partialBox_);
    partialLayout->setContentsMargins(4, 4, 4, 4);
    partialTable_ = makeTable(partial_, partialBox_);
    partialLayout->addWidget(partialTable_);
    split->addWidget(partialBox_);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    // What changed above the numbers: the findings first, the table for the details.
    auto* findings = new QSplitter(Qt::Vertical, page);
    findings->addWidget(whatChanged_);
    findings->addWidget(split);
    findings->setStretchFactor(0, 1);
    findings->setStretchFactor(1, 3);
    findings->setSizes({240, 480});
    layout->addWidget(findings, 1);

    connect(metric_, &QComboBox::currentIndexChanged, this, &ComparisonView::recomputeTable);
    connect(threshold_, &QDoubleSpinBox::valueChanged, this, [this](double percent) {
        common_->setMinimumPercent(percent);
        partial_->setMinimumPercent(percent);
        updateCommonMessage();
    });
    return page;
}

QWidget* ComparisonView::buildBarsPage() {
    auto* page = new QWidget(this);
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* controls = new QHBoxLayout;
    controls->setContentsMargins(6, 4, 6, 0);
    barMetric_ = new QComboBox(page);
    barMetric_->setObjectName(QStringLiteral("durationsStatistic"));
    for (const auto& [metric, name] : kMetrics)
        if (metric != ComparisonMetric::Calls) {
            barMetric_->addItem(tr(name), static_cast<int>(metric));
            barMetric_->setItemData(barMetric_->count() - 1, metricToolTip(metric),
                                    Qt::ToolTipRole);
        }
    barMetric_->setCurrentIndex(barMetric_->findData(static_cast<int>(ComparisonMetric::Average)));
    auto* label = new QLabel(tr("S&tatistic:"), page);
    label->setBuddy(barMetric_);
    logScale_ = new QCheckBox(tr("&Log scale"), page);
    logScale_->setToolTip(tr("A logarithmic duration axis, so that short regions show beside "
                             "long ones. On by default when the values span more than a "
                             "factor 100."));
    controls->addWidget(label);
    controls->addWidget(barMetric_);
    controls->addSpacing(16);
    controls->addWidget(logScale_);
    controls->addStretch(1);
    layout->addLayout(controls);
    bars_ = new ComparisonBarChart(page);
    bars_->setMetric(ComparisonMetric::Average);
    logScale_->setChecked(bars_->logScale());
    layout->addWidget(bars_, 1);
    connect(barMetric_, &QComboBox::activated, this,
            [this] { barMetric_->setProperty(kMetricChosen, true); });
    connect(barMetric_, &QComboBox::currentIndexChanged, this, [this] {
        bars_->setMetric(static_cast<ComparisonMetric>(barMetric_->currentData().toInt()));
    });
    // clicked, not toggled: only the user's click is a choice that sticks.
    connect(logScale_, &QCheckBox::clicked, bars_, &ComparisonBarChart::setLogScale);
    connect(bars_, &ComparisonBarChart::logScaleChanged, logScale_, &QCheckBox::setChecked);
    return page;
}

void ComparisonView::setMetric(int metric) {
    metric_->setProperty(kMetricChosen, true);
    metric_->setCurrentIndex(metric_->findData(metric));
}

void ComparisonView::setMinimumPercent(double percent) {
    threshold_->setValue(percent);
}

void ComparisonView::showPage(Page page) {
    pages_->setCurrentIndex(page);
}

ComparisonView::Chart ComparisonView::currentChart() const {
    return pages_->currentIndex() == SpeedupPage ? Speedup : Bars;
}

int ComparisonView::selectedRun() const {
    return runs_->currentRow();
}

void ComparisonView::onSetChanged() {
    const int count = set_->count();
    hint_->setText(count < 2 ? tr("Open or drop another run to compare it with this one "
                                  "(File ▸ Add Run to Comparison…).")
                             : QString());
    hint_->setVisible(count < 2);
    rebuildRunList();
    {
        const QSignalBlocker blocker(baseline_);
        baseline_->clear();
        baseline_->addItems(set_->labels());
        baseline_->setCurrentIndex(set_->baseline());
    }
    if (!metric_->property(kMetricChosen).toBool() && count >= 1) {
        const QSignalBlocker blocker(metric_);
        metric_->setCurrentIndex(metric_->findData(
            static_cast<int>(scope::WhatChanged::defaultStatistic(set_->results()))));
    }
    recomputeTable();
    bars_->setRuns(set_->results(), set_->labels());
    speedup_->setRuns(set_->results());
}

void ComparisonView::rebuildRunList() {
    const int current = runs_->currentRow();
    const QSignalBlocker blocker(runs_);
    runs_->clear();
    for (int i = 0; i < set_->count(); ++i) {
        const ComparisonSet::Run& run = set_->run(i);
        auto* item = new QListWidgetItem(run.label, runs_);
        item->setFlags(item->flags() | Qt::ItemIsEditable);
        item->setIcon(swatch(ComparisonBarChart::runColor(i)));
        item->setToolTip(tr("%1\n%2 rank(s)%3")
                             .arg(run.data->path)
                             .arg(run.data->results->numRanks)
                             .arg(i == set_->baseline() ? tr(" · baseline") : QString()));
        if (i == set_->baseline()) {
            QFont bold = item->font();
            bold.setBold(true);
            item->setFont(bold);
        }
    }
    runs_->setCurrentRow(std::min(std::max(current, 0), set_->count() - 1));
    updateButtons();
}

void ComparisonView::recomputeTable() {
    const auto metric = static_cast<ComparisonMetric>(metric_->currentData().toInt());
    whatChanged_->setStatistic(metric);
    // The chart shows the table's statistic, whose intervals it can draw,
    // until the user picks its own.
    if (barMetric_ && !barMetric_->property(kMetricChosen).toBool() &&
        metric != ComparisonMetric::Calls)
        barMetric_->setCurrentIndex(barMetric_->findData(static_cast<int>(metric)));
    std::vector<scope::ComparisonRow> rows;
    if (set_->count() >= 1) {
        scope::ComparisonOptions options;
        options.metric = metric;
        options.baseline = static_cast<std::size_t>(set_->baseline());
        rows = scope::RunComparison::compute(set_->results(), options);
    }
    model_->setComparison(std::move(rows), set_->labels(), set_->baseline(), metric);
    int partial = 0;
    for (const scope::ComparisonRow& row : model_->rows())
        partial += row.inAllRuns() ? 0 : 1;
    partialBox_->setVisible(partial > 0);
    // The two tables share the height by their number of rows, each at least a few rows.
    const int common = static_cast<int>(model_->rows().size()) - partial;
    tableSplit_->setSizes({30 * (std::max(common, 3) + 1), 30 * (std::max(partial, 3) + 2)});
    updateCommonMessage();
}

QString ComparisonView::commonMessage() const {
    return commonStack_->currentWidget() == commonMessage_ ? commonMessage_->text() : QString();
}

void ComparisonView::updateCommonMessage() {
    const auto& rows = model_->rows();
    const bool anyCommon =
        std::any_of(rows.begin(), rows.end(), [](const auto& row) { return row.inAllRuns(); });
    QString text;
    if (set_->count() >= 2 && !rows.empty() && !anyCommon)
        text = tr("No region is in every run, so none can be compared across all of them. "
                  "The regions each run has are listed below, under \"Not in every run\".");
    else if (anyCommon && common_->rowCount() == 0 && common_->changedOnly())
        text = tr("No region in every run really changed above the minimum |change|. "
                  "Clear \"Changed only\" to see them all.");
    else if (anyCommon && common_->rowCount() == 0)
        text = tr("No region in every run changed by %1 % or more. Lower the minimum "
                  "|change| to see them.")
                   .arg(common_->minimumPercent());
    commonMessage_->setText(text);
    commonStack_->setCurrentWidget(text.isEmpty() ? static_cast<QWidget*>(commonTable_)
                                                  : commonMessage_);
}

void ComparisonView::selectRegion(const QString& region) {
    const auto& rows = model_->rows();
    for (std::size_t row = 0; row < rows.size(); ++row) {
        if (QString::fromStdString(rows[row].region) != region)
            continue;
        const QModelIndex source = model_->index(static_cast<int>(row), 0);
        for (const auto& [proxy, table] :
             {std::pair{common_, commonTable_}, std::pair{partial_, partialTable_}}) {
            const QModelIndex index = proxy->mapFromSource(source);
            if (!index.isValid())
                continue;
            pages_->setCurrentIndex(TablePage);
            table->setCurrentIndex(index);
            table->scrollTo(index);
            return;
        }
    }
}

void ComparisonView::updateButtons() {
    const int run = selectedRun();
    const bool selected = run >= 0 && run < set_->count();
    up_->setEnabled(selected && run > 0);
    down_->setEnabled(selected && run + 1 < set_->count());
    rename_->setEnabled(selected);
    remove_->setEnabled(selected);
}
