// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Timelines of hand-made runs drawn offscreen, and where to look in them,
// shared by the timeline's tests.
#include "charts/TimeAxisTicker.h"
#include "charts/TimelinePlottable.h"
#include "charts/TimelineView.h"
#include "common/RegionPalette.h"
#include "events/RowStatistics.h"

#include <QSignalSpy>
#include <QtTest>
#include <qcustomplot.h>

#include <memory>

using namespace scope;
using Calls = std::vector<std::pair<std::int64_t, std::int64_t>>;

inline constexpr std::int64_t kSecond = 1'000'000'000;
inline constexpr std::int64_t kOrigin = 5'000 * kSecond; // an arbitrary clock origin

struct Row {
    std::uint32_t rank;
    std::string region;
    Calls calls; // relative to kOrigin
};

inline std::shared_ptr<const ProfilingResults> makeRun(const std::vector<Row>& rows) {
    auto results = std::make_shared<ProfilingResults>();
    for (const Row& r : rows) {
        auto index = results->regionIndex(r.region);
        if (!index) {
            results->regions.push_back(r.region);
            index = results->regions.size() - 1;
        }
        RankRegion row;
        row.rank = r.rank;
        row.region = static_cast<std::uint32_t>(*index);
        row.offset = results->events.size();
        for (const auto& [s, e] : r.calls) {
            results->events.starts.push_back(kOrigin + s);
            results->events.ends.push_back(kOrigin + e);
        }
        row.summary = RowStatistics::measure(
                          std::span(results->events.starts).subspan(row.offset, r.calls.size()),
                          std::span(results->events.ends).subspan(row.offset, r.calls.size()))
                          .summary;
        results->rows.push_back(row);
        results->numRanks = std::max(results->numRanks, r.rank + 1);
    }
    results->eventsRead = true;
    results->finalize();
    return results;
}

// solve on rank 0 for the first second (with a 10 ms child), io on rank 1 in the second half.
inline std::shared_ptr<const ProfilingResults> twoRanks() {
    return makeRun({{0, "solve", {{0, kSecond}}},
                    {0, "rhs.eval", {{100'000'000, 110'000'000}}},
                    {1, "io", {{kSecond / 2, kSecond}}}});
}

inline TimelinePlottable* plottableOf(const TimelineView& view) {
    return qobject_cast<TimelinePlottable*>(view.plot()->plottable(0));
}

// Pixel of run time `seconds` in the middle of a depth row of a band.
inline QPoint pixelAt(const TimelineView& view, double seconds, int band, int depth = 0) {
    const QCustomPlot* plot = view.plot();
    const double value = plottableOf(view)->rowRange(band, depth).center();
    return QPoint(static_cast<int>(std::lround(plot->xAxis->coordToPixel(seconds))),
                  static_cast<int>(std::lround(plot->yAxis->coordToPixel(value))));
}

inline QRgb colorAt(const TimelineView& view, const QPoint& pixel) {
    return view.plot()->toPixmap().toImage().pixel(pixel) & 0xffffff;
}

inline QRgb regionColor(const char* name) {
    return RegionPalette::color(name).rgb() & 0xffffff;
}

// Pixels of an image that have exactly this colour.
inline int countColor(const QImage& image, QRgb color) {
    int n = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            n += (image.pixel(x, y) & 0xffffff) == color ? 1 : 0;
    return n;
}

inline void sendWheel(QWidget* widget, const QPoint& at, int steps,
                      Qt::KeyboardModifiers modifiers = {}) {
    QWheelEvent event(at, widget->mapToGlobal(at), QPoint(), QPoint(0, 120 * steps), Qt::NoButton,
                      modifiers, Qt::NoScrollPhase, false);
    QApplication::sendEvent(widget, &event);
}
