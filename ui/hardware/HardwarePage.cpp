// SPDX-License-Identifier: GPL-3.0-or-later
#include "HardwarePage.h"

#include "HardwarePane.h"
#include "LikwidBarChart.h"
#include "LikwidView.h"
#include "RooflineChart.h"
#include "common/RunContext.h"

#include <QCoreApplication>
#include <qcustomplot.h>

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("HardwarePage", text);
}

} // namespace

AnalysisPage::Description HardwarePage::describe() {
    return {
        QStringLiteral("hardware"), tr("Hardware"),
        tr("LIKWID counters, line profiles and perf counters"), Placement::Bottom,
        ChartSurface::Names{tr("LIKWID Chart"), tr("&LIKWID Chart…"), QStringLiteral("likwid")}};
}

HardwarePage::HardwarePage(QWidget* parent)
    : AnalysisPage(describe()), pane_(new HardwarePane(parent)),
      surface_(
          chartNames(), [this] { return pane_->likwid()->plot(); },
          [this] {
              if (!context_ || !context_->run())
                  return tr("no run is open");
              if (!LikwidView::hasData(*context_->results()))
                  return tr("this run has no LIKWID counters");
              return QString();
          }) {
    surface_.setOffered(
        [](const RunData& run) { return run.results && LikwidView::hasData(*run.results); });
}

QWidget* HardwarePage::widget() {
    return pane_;
}

bool HardwarePage::shownFor(const RunData& run) const {
    return run.results && HardwarePane::hasData(*run.results);
}

void HardwarePage::drawNow() {
    // The roofline says most at a glance; without FLOP rate and bandwidth
    // the first metric across the group's regions.
    LikwidView* likwid = pane_->likwid();
    likwid->showChart(likwid->rooflineAvailable() ? 1 : 0);
}

// The LIKWID chart is the one the LIKWID view shows.
QList<QWidget*> HardwarePage::chartWidgets() {
    return {pane_->likwid()->barChart()->plot(), pane_->likwid()->rooflineChart()->plot()};
}

void HardwarePage::bind(RunContext* context) {
    context_ = context;
    const auto ranks = [context] {
        return context->ranks().isAll() ? std::vector<std::uint32_t>{} : context->ranks().ranks();
    };
    QObject::connect(context, &RunContext::runChanged, pane_, [this, context, ranks] {
        pane_->setRun(context->results());
        pane_->setRanks(ranks());
    });
    QObject::connect(context, &RunContext::ranksChanged, pane_,
                     [this, ranks] { pane_->setRanks(ranks()); });
}
