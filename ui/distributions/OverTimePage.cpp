// SPDX-License-Identifier: GPL-3.0-or-later
#include "OverTimePage.h"

#include "DurationOverTimeView.h"

#include <QCoreApplication>

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("OverTimePage", text);
}

} // namespace

AnalysisPage::Description OverTimePage::describe() {
    return {QStringLiteral("overTime"), tr("Over time"),
            tr("Each call's duration against its start time"), Placement::Side,
            ChartSurface::Names{tr("Durations over Time"), tr("Durations over T&ime…"),
                                QStringLiteral("over-time"), QStringLiteral("duration_over_time")}};
}

OverTimePage::OverTimePage(QWidget* parent)
    : RegionCallsPage(describe(), new DurationOverTimeView(parent),
                      {tr("the calls are still being read; export again when the chart shows"),
                       tr("select a region with calls in the table first"),
                       tr("the durations over time need per-call data; load the events first")}) {}

DurationOverTimeView* OverTimePage::overTime() const {
    return static_cast<DurationOverTimeView*>(chart());
}
