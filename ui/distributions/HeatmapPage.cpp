// SPDX-License-Identifier: GPL-3.0-or-later
#include "HeatmapPage.h"

#include "common/RunContext.h"

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("HeatmapPage", text);
}

} // namespace

AnalysisPage::Description HeatmapPage::describe() {
    return {QStringLiteral("heatmap"), tr("Heatmap"), tr("Every rank against every region"),
            Placement::Side,
            ChartSurface::Names{tr("Heatmap"), tr("Heat&map…"), QStringLiteral("heatmap")}};
}

HeatmapPage::HeatmapPage(QWidget* parent)
    : AnalysisPage(describe()), heatmap_(new HeatmapView(parent)),
      surface_(chartNames(), heatmap_,
               [this] { return context_ && context_->run() ? QString() : tr("no run is open"); }) {}

void HeatmapPage::bind(RunContext* context) {
    context_ = context;
    QObject::connect(context, &RunContext::runChanged, heatmap_, [this] {
        heatmap_->setRun(context_->results());
        heatmap_->setRanks(context_->ranks());
    });
    QObject::connect(context, &RunContext::ranksChanged, heatmap_,
                     [this] { heatmap_->setRanks(context_->ranks()); });
    QObject::connect(context, &RunContext::labelChanged, heatmap_,
                     [this] { heatmap_->setRunLabel(context_->label()); });
    QObject::connect(heatmap_, &HeatmapView::cellActivated, context,
                     [this](int region, std::uint32_t rank) {
                         context_->activateRegion(region);
                         context_->activateRank(rank);
                     });
}
