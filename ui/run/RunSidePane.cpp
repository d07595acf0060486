// SPDX-License-Identifier: GPL-3.0-or-later
#include "RunSidePane.h"

#include "callpaths/SourcePanel.h"
#include "charts/RankBarChart.h"
#include "distributions/DurationOverTimeView.h"
#include "distributions/HeatmapView.h"
#include "distributions/HistogramView.h"
#include "hardware/HardwarePane.h"
#include "models/MetadataModel.h"

#include <QHeaderView>
#include <QSettings>
#include <QTableView>

namespace {

const QString kPageKey = QStringLiteral("run/sidePage");

} // namespace

RunSidePane::RunSidePane(QWidget* parent)
    : QTabWidget(parent), metadata_(new MetadataModel(this)), rankChart_(new RankBarChart(this)),
      histogram_(new HistogramView(this)), overTime_(new DurationOverTimeView(this)),
      heatmap_(new HeatmapView(this)), source_(new SourcePanel(this)),
      metadataView_(new QTableView(this)), hardware_(new HardwarePane(this)) {
    metadataView_->setModel(metadata_);
    metadataView_->verticalHeader()->hide();
    // Names are short and must read whole; the values take the rest.
    metadataView_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    metadataView_->horizontalHeader()->setStretchLastSection(true);
    metadataView_->setWordWrap(false);
    metadataView_->setTabKeyNavigation(false);
    addTab(rankChart_, tr("Ranks"));
    setTabToolTip(0, tr("The selected region per rank"));
    addTab(histogram_, tr("Histogram"));
    addTab(overTime_, tr("Over time"));
    setTabToolTip(2, tr("Each call's duration against its start time"));
    addTab(heatmap_, tr("Heatmap"));
    // Named so that the remembered tab survives tabs added in between.
    rankChart_->setObjectName(QStringLiteral("ranks"));
    histogram_->setObjectName(QStringLiteral("histogram"));
    overTime_->setObjectName(QStringLiteral("overTime"));
    heatmap_->setObjectName(QStringLiteral("heatmap"));
    // Tabs in a narrow pane: smaller tabs rather than scroll arrows.
    setUsesScrollButtons(false);
    setDocumentMode(true);
    // The chart's title grows with the region's name; without a minimum of
    // its own the pane would take that width from the table when a long
    // name is selected.
    setMinimumWidth(240);
    restorePage();
    connect(this, &QTabWidget::currentChanged, this, [this] {
        if (!restoring_)
            QSettings().setValue(kPageKey, currentWidget()->objectName());
        updateHistogram();
    });
    connect(heatmap_, &HeatmapView::cellActivated, this, [this](int region, std::uint32_t rank) {
        emit regionActivated(region);
        rankChart_->setSelectedRank(rank);
        emit rankActivated(rank);
    });
}

void RunSidePane::setRun(const std::shared_ptr<const RunData>& run,
                         const scope::RankSelection& ranks) {
    const auto results = run ? run->results : nullptr;
    ranks_ = ranks;
    region_ = -1;
    metadata_->setRun(run);
    source_->setRun(results);
    histogram_->setRegionAndRanks(-1, ranks_); // until its tab shows a region
    overTime_->setRegionAndRanks(-1, ranks_);
    if (run) {
        histogram_->setByteLimit(run->callBytesLimit());
        overTime_->setByteLimit(run->callBytesLimit());
    }
    histogram_->setRun(results);
    overTime_->setRun(results);
    heatmap_->setRun(results);
    heatmap_->setRanks(ranks_);
    rankChart_->setRun(results);
    rankChart_->setRanks(ranks_);
    hardware_->setRun(results);
    hardware_->setRanks(ranks_.isAll() ? std::vector<std::uint32_t>{} : ranks_.ranks());
}

void RunSidePane::restorePage() {
    const QString name = QSettings().value(kPageKey).toString();
    int page = 0;
    for (int i = 0; i < count(); ++i)
        if (widget(i)->objectName() == name)
            page = i;
    restoring_ = true;
    setCurrentIndex(page);
    restoring_ = false;
}

void RunSidePane::setRanks(const scope::RankSelection& ranks) {
    ranks_ = ranks;
    rankChart_->setRanks(ranks_);
    heatmap_->setRanks(ranks_);
    hardware_->setRanks(ranks_.isAll() ? std::vector<std::uint32_t>{} : ranks_.ranks());
    updateHistogram();
}

void RunSidePane::setRegion(int region) {
    region_ = region;
    rankChart_->setRegion(region);
    source_->setRegion(region);
    updateHistogram();
}

void RunSidePane::setRunLabel(const QString& label) {
    rankChart_->setRunLabel(label);
    histogram_->setRunLabel(label);
    overTime_->setRunLabel(label);
    heatmap_->setRunLabel(label);
}

void RunSidePane::updateHistogramNow() {
    histogram_->setRegionAndRanks(region_, ranks_);
}

void RunSidePane::updateOverTimeNow() {
    overTime_->setRegionAndRanks(region_, ranks_);
}

void RunSidePane::updateHistogram() {
    if (currentWidget() == histogram_)
        histogram_->setRegionAndRanks(region_, ranks_);
    if (currentWidget() == overTime_)
        overTime_->setRegionAndRanks(region_, ranks_);
}
