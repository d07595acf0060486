// SPDX-License-Identifier: GPL-3.0-or-later
#include "RankChartPage.h"

#include "RankBarChart.h"
#include "common/RunContext.h"

#include <QCoreApplication>
#include <qcustomplot.h>

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("RankChartPage", text);
}

} // namespace

AnalysisPage::Description RankChartPage::describe() {
    return {
        QStringLiteral("ranks"), tr("Ranks"), tr("The selected region per rank"), Placement::Side,
        ChartSurface::Names{tr("Per-Rank Chart"), tr("&Per-Rank Chart…"), QStringLiteral("ranks")}};
}

RankChartPage::RankChartPage(QWidget* parent)
    : AnalysisPage(describe()), chart_(new RankBarChart(parent)),
      surface_(chartNames(), chart_->plot(), [this] {
          if (!context_ || !context_->run())
              return tr("no run is open");
          if (!chart_->hasBars())
              return tr("select a region with calls in the table first");
          return QString();
      }) {
    // "<region>-ranks" while a region is shown.
    surface_.setFileStem([this] {
        const int region = chart_->region();
        if (region < 0 || !context_ || !context_->results())
            return QStringLiteral("ranks");
        return QString::fromStdString(
                   context_->results()->regions[static_cast<std::size_t>(region)]) +
               QStringLiteral("-ranks");
    });
}

QWidget* RankChartPage::widget() {
    return chart_;
}

QList<QWidget*> RankChartPage::chartWidgets() {
    return {chart_->plot()};
}

void RankChartPage::bind(RunContext* context) {
    context_ = context;
    QObject::connect(context, &RunContext::runChanged, chart_, [this] {
        chart_->setRun(context_->results());
        chart_->setRanks(context_->ranks());
    });
    QObject::connect(context, &RunContext::ranksChanged, chart_,
                     [this] { chart_->setRanks(context_->ranks()); });
    QObject::connect(context, &RunContext::regionChanged, chart_,
                     [this] { chart_->setRegion(context_->region()); });
    QObject::connect(context, &RunContext::statisticChanged, chart_,
                     [this] { chart_->setStatistic(context_->statistic()); });
    QObject::connect(context, &RunContext::labelChanged, chart_,
                     [this] { chart_->setRunLabel(context_->label()); });
    QObject::connect(context, &RunContext::rankActivated, chart_,
                     [this](std::uint32_t rank) { chart_->setSelectedRank(rank); });
}
