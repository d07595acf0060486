// SPDX-License-Identifier: GPL-3.0-or-later
#include "TimelineToolTip.h"

#include "TimeAxisTicker.h"
#include "common/DurationText.h"

#include <QLocale>
#include <QObject>
#include <QStringList>

QString TimelineToolTip::text(const TimelinePlottable& timeline, const TimelinePlottable::Hit& hit,
                              const QCPRange& timeRange) {
    const scope::ProfilingResults& results = *timeline.results();
    const scope::TimelineSpan& span = hit.span;
    QStringList lines;
    lines << (span.region >= 0
                  ? QString::fromStdString(results.regions[static_cast<std::size_t>(span.region)])
                  : QObject::tr("Several regions"));
    const QString lane = timeline.bands().laneLabel(hit.band);
    lines << (lane.isEmpty()
                  ? QObject::tr("rank %1, depth %2").arg(hit.rank).arg(hit.depth)
                  : QObject::tr("rank %1, %2, depth %3").arg(hit.rank).arg(lane).arg(hit.depth));
    // In the time axis' unit, to a pixel: calls closer than that share one.
    const QString start =
        TimeAxisTicker::formatTime(static_cast<double>(span.startNs - timeline.originNs()) * 1e-9,
                                   timeRange, timeline.nsPerPixel() * 1e-9);
    const std::int64_t length = span.endNs - span.startNs;
    if (span.count != 1) {
        lines << QObject::tr("%1 calls, each shorter than a pixel")
                     .arg(QLocale().toString(span.count));
        lines << QObject::tr("from %1, over %2").arg(start, durationText(length));
        lines << QObject::tr("zoom in to see them one by one");
        return lines.join(QLatin1Char('\n'));
    }
    lines << QObject::tr("start %1").arg(start);
    lines << QObject::tr("duration %1").arg(durationText(length));
    const scope::EventColumns& events = results.events;
    if (events.hasAwait() && span.event < events.size() && events.awaitNs[span.event] > 0) {
        const std::int64_t await = events.awaitNs[span.event];
        lines << QObject::tr("awaiting %1 (%2 %), running %3")
                     .arg(durationText(await))
                     .arg(length > 0 ? 100.0 * static_cast<double>(await) / length : 0.0, 0, 'f', 0)
                     .arg(durationText(length - await));
    }
    return lines.join(QLatin1Char('\n'));
}
