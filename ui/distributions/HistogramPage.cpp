// SPDX-License-Identifier: GPL-3.0-or-later
#include "HistogramPage.h"

#include "HistogramView.h"

#include <QCoreApplication>

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("HistogramPage", text);
}

} // namespace

AnalysisPage::Description HistogramPage::describe() {
    return {QStringLiteral("histogram"), tr("Histogram"), QString(), Placement::Side,
            ChartSurface::Names{tr("Histogram"), tr("&Histogram…"), QStringLiteral("histogram")}};
}

HistogramPage::HistogramPage(QWidget* parent)
    : RegionCallsPage(describe(), new HistogramView(parent),
                      {tr("the calls are still being read; export again when the histogram shows"),
                       tr("show the histogram of a region with calls first"),
                       tr("the histogram needs per-call data; load the events first")}) {}

HistogramView* HistogramPage::histogram() const {
    return static_cast<HistogramView*>(chart());
}
