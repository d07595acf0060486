// SPDX-License-Identifier: GPL-3.0-or-later
#include "RegionCallsPage.h"

#include "RegionCallsChart.h"
#include "analysis/RegionCalls.h"
#include "common/RunContext.h"

#include <QCoreApplication>
#include <qcustomplot.h>

RegionCallsPage::RegionCallsPage(Description description, RegionCallsChart* chart, Reasons reasons)
    : AnalysisPage(std::move(description)), chart_(chart), reasons_(std::move(reasons)),
      surface_(chartNames(), chart->plot(), [this] { return unavailable(); }) {
    // Calls in memory or on demand, or what the chart draws without them.
    surface_.setOffered([this](const RunData& run) {
        return run.hasEvents() || run.readOnDemand() ||
               (run.results && chart_->drawsWithoutCallsHere(*run.results));
    });
}

QWidget* RegionCallsPage::widget() {
    return chart_;
}

QList<QWidget*> RegionCallsPage::chartWidgets() {
    return {chart_->plot()};
}

void RegionCallsPage::bind(RunContext* context) {
    context_ = context;
    QObject::connect(context, &RunContext::runChanged, chart_, [this] {
        const auto& run = context_->run();
        // Until the tab shows a region.
        chart_->setRegionAndRanks(-1, context_->ranks());
        if (run)
            chart_->setByteLimit(run->callBytesLimit());
        chart_->setRun(context_->results());
    });
    QObject::connect(context, &RunContext::ranksChanged, chart_, [this] { catchUp(); });
    QObject::connect(context, &RunContext::regionChanged, chart_, [this] { catchUp(); });
    QObject::connect(context, &RunContext::labelChanged, chart_,
                     [this] { chart_->setRunLabel(context_->label()); });
}

void RegionCallsPage::setCurrent(bool current) {
    current_ = current;
    catchUp();
}

void RegionCallsPage::drawNow() {
    if (!context_)
        return;
    chart_->setRegionAndRanks(context_->region(), context_->ranks());
    chart_->finishReading();
}

void RegionCallsPage::catchUp() {
    if (current_ && context_)
        chart_->setRegionAndRanks(context_->region(), context_->ranks());
}

QString RegionCallsPage::unavailable() {
    if (!context_ || !context_->run())
        return QCoreApplication::translate("RegionCallsPage", "no run is open");
    chart_->setRegionAndRanks(context_->region(), context_->ranks());
    if (chart_->reading())
        return reasons_.reading;
    if (chart_->available())
        return {};
    if (!scope::hasCallData(*context_->results()))
        return reasons_.needsCalls;
    // The chart's own words for a region it cannot draw (more calls than the
    // budget allows it, say); "select a region" only while none is.
    const QString said = chart_->shownMessage();
    return context_->region() >= 0 && !said.isEmpty() ? said : reasons_.noCalls;
}
