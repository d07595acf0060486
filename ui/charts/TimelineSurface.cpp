// SPDX-License-Identifier: GPL-3.0-or-later
#include "TimelineSurface.h"

#include "ChartExporter.h"
#include "TimelineView.h"

#include <QCoreApplication>

TimelineSurface::TimelineSurface(TimelineView* timeline, std::function<QString()> unavailable,
                                 std::function<bool()> readOnDemand)
    : PlotSurface(names(), timeline->plot(), std::move(unavailable)), timeline_(timeline),
      readOnDemand_(std::move(readOnDemand)) {}

ChartSurface::Names TimelineSurface::names() {
    return {QCoreApplication::translate("TimelineSurface", "Timeline"),
            QCoreApplication::translate("TimelineSurface", "&Timeline…"),
            QStringLiteral("timeline")};
}

QString TimelineSurface::unavailable() {
    const QString reason = PlotSurface::unavailable();
    return reason.isEmpty() ? wholeAt(QSize(0, 0)) : reason;
}

bool TimelineSurface::save(Format format, const QString& path, QSize size, double scale,
                           QString* error) {
    const QString reason = wholeAt(size);
    if (!reason.isEmpty()) {
        if (error != nullptr)
            *error = reason;
        return false;
    }
    return PlotSurface::save(format, path, size, scale, error);
}

QString TimelineSurface::wholeAt(QSize size) const {
    if (!readOnDemand_())
        return {};
    ChartExporter::render(timeline_->plot(), size.width(), size.height());
    if (timeline_->isExact())
        return {};
    return QCoreApplication::translate(
        "TimelineSurface",
        "the calls of this zoom are still being read; try again when the timeline shows them");
}
